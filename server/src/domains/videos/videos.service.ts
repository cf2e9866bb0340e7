import { contentPage, creatorColumns } from '../../content/content-page.js';
import { saleOf } from '../../content/sale.js';
import { creatorShownTo, hiddenSql, type Audience } from '../../content/blocks.js';
import path from 'node:path';
import { and, count, eq, ilike, inArray, isNotNull, isNull, lte, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { videos } from './videos.tables.js';
import { notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { escapeLike, sortColumnOf, toPage } from '../../http/pagination.js';
import { requireApprovedToSell } from '../accounts/index.js';
import type { VideoCreate, VideoFileKind, VideoListQuery, VideoUpdate } from './videos.schemas.js';

export type VideoRow = typeof videos.$inferSelect;
export type FileRow = typeof files.$inferSelect;

export const VIDEO_PURPOSE = 'video';
export const VIDEO_TEASER_PURPOSE = 'video-teaser';
export const VIDEO_THUMBNAIL_PURPOSE = 'video-thumbnail';
export const PURPOSE_OF: Record<VideoFileKind, string> = { video: VIDEO_PURPOSE, teaser: VIDEO_TEASER_PURPOSE, thumbnail: VIDEO_THUMBNAIL_PURPOSE };
/** The column holding each file of a video, and the body field naming it. */
const SLOT = { video: 'fileId', teaser: 'teaserId', thumbnail: 'thumbnailId' } as const satisfies Record<VideoFileKind, keyof VideoRow>;

export const NO_SUCH_VIDEO = 'No such video';

/** True unless the file in `column` failed to transcode. */
export const fileNotFailed = (column: AnyColumn) => sql`not exists (select 1 from ${files} where ${files.id} = ${column} and ${files.status} = 'error')`;

/** What fans may see: published (now or at its scheduled time) by an active creator, with a video file that did not fail. */
export const publishedToFans = (now = new Date()) =>
  and(
    eq(videos.status, 'active'),
    or(isNull(videos.scheduledAt), lte(videos.scheduledAt, now)),
    eq(users.status, 'active'),
    isNotNull(videos.fileId),
    fileNotFailed(videos.fileId),
  );


const requireFileToPublish = (status: string, fileId: string | null | undefined) => {
  if (status === 'active' && !fileId) throw unprocessable('videos.file_required', 'body.status: a video is published only with its video file');
};

/**
 * The files a video is given: each the creator's own upload of the slot's kind, in no
 * other video (this one, when it is being edited).
 */
async function checkFiles(tx: Tx, creatorId: string, picked: Partial<Record<VideoFileKind, string>>, videoId: string | null): Promise<void> {
  for (const [kind, fileId] of Object.entries(picked) as [VideoFileKind, string][]) {
    // Held until commit, so the file cannot be deleted in between (progress updates go on).
    const [file] = await tx
      .select({ ownerId: files.ownerId, purpose: files.purpose })
      .from(files)
      .where(eq(files.id, fileId))
      .for('key share');
    const [usedBy] = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(and(or(eq(videos.fileId, fileId), eq(videos.teaserId, fileId), eq(videos.thumbnailId, fileId)), videoId ? ne(videos.id, videoId) : undefined))
      .limit(1);
    if (!file || file.ownerId !== creatorId || file.purpose !== PURPOSE_OF[kind] || usedBy) {
      throw unprocessable('videos.files_invalid', `body.${SLOT[kind]}: not one of your uploaded ${kind} files, or in another video`);
    }
  }
}

/** Two requests giving the same file at once: the unique index refuses the second, as `checkFiles` would have. */
async function inOneVideo<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw unprocessable('videos.files_invalid', 'body: a file is already in another video');
    throw error;
  }
}

const pickFiles = (input: Partial<Pick<VideoRow, 'fileId' | 'teaserId' | 'thumbnailId'>>) => {
  const picked: Partial<Record<VideoFileKind, string>> = {};
  for (const kind of Object.keys(SLOT) as VideoFileKind[]) {
    const id = input[SLOT[kind]];
    if (id) picked[kind] = id;
  }
  return picked;
};

/** Deletes these files' records (a video or reel slot holding one is emptied) and returns the folders to remove once committed. */
export async function deleteFileRows(tx: Tx, ids: readonly (string | null)[]): Promise<string[]> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return [];
  const removed = await tx.delete(files).where(inArray(files.id, wanted)).returning({ path: files.storagePath });
  return removed.map((f) => path.posix.dirname(f.path));
}

/** Removes folders of deleted files (a transcode still running cleans up after itself). */
export async function removeFolders(ctx: AppContext, folders: readonly string[]): Promise<void> {
  await Promise.all(folders.map((folder) => ctx.store.remove(folder)));
}

/** Deletes uploads that did not make it into a video (a refused form). */
export async function discardUploads(ctx: AppContext, ids: readonly string[]): Promise<void> {
  await removeFolders(ctx, await ctx.db.transaction((tx) => deleteFileRows(tx, ids)));
}

export async function createVideo(ctx: AppContext, creator: AuthUser, input: VideoCreate): Promise<VideoRow> {
  const sale = saleOf(input.isSale, input.price, 'video');
  requireFileToPublish(input.status, input.fileId);
  return inOneVideo(ctx.db.transaction(async (tx) => {
    if (sale.isSale) await requireApprovedToSell(tx, creator.id);
    await checkFiles(tx, creator.id, pickFiles(input), null);
    const [video] = await tx
      .insert(videos)
      .values({
        performerId: creator.id,
        title: input.title,
        description: input.description,
        tags: input.tags,
        ...sale,
        subscribersOnly: input.subscribersOnly,
        status: input.status,
        fileId: input.fileId ?? null,
        teaserId: input.teaserId ?? null,
        thumbnailId: input.thumbnailId ?? null,
        scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
      })
      .returning();
    return video!;
  }));
}

/** The creator's own video, for editing; another creator's is a 404 like a missing one. */
async function ownVideo(db: DbOrTx, creatorId: string, id: string, lock = false): Promise<VideoRow> {
  const query = db.select().from(videos).where(and(eq(videos.id, id), eq(videos.performerId, creatorId)));
  const [video] = await (lock ? query.for('update') : query);
  if (!video) throw notFound('videos.not_found', NO_SUCH_VIDEO);
  return video;
}

/** Edits a video; a file it replaces is deleted. */
export async function updateVideo(ctx: AppContext, creator: AuthUser, id: string, patch: VideoUpdate): Promise<VideoRow> {
  const { video, folders } = await inOneVideo(ctx.db.transaction(async (tx) => {
    const current = await ownVideo(tx, creator.id, id, true);
    const sale = saleOf(patch.isSale ?? current.isSale, patch.price ?? (current.isSale ? current.priceCents : undefined), 'video');
    if (sale.isSale && !current.isSale) await requireApprovedToSell(tx, creator.id);
    const picked = pickFiles(patch);
    requireFileToPublish(patch.status ?? current.status, patch.fileId ?? current.fileId);
    await checkFiles(tx, creator.id, picked, id);
    const [video] = await tx
      .update(videos)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
        ...sale,
        ...(patch.subscribersOnly !== undefined ? { subscribersOnly: patch.subscribersOnly } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.scheduledAt !== undefined ? { scheduledAt: new Date(patch.scheduledAt) } : {}),
        ...(picked.video ? { fileId: picked.video } : {}),
        ...(picked.teaser ? { teaserId: picked.teaser } : {}),
        ...(picked.thumbnail ? { thumbnailId: picked.thumbnail } : {}),
        updatedAt: new Date(),
      })
      .where(eq(videos.id, id))
      .returning();
    const replaced = (Object.entries(picked) as [VideoFileKind, string][]).flatMap(([kind, fileId]) => {
      const old = current[SLOT[kind]];
      return old !== null && old !== fileId ? [old] : [];
    });
    return { video: video!, folders: await deleteFileRows(tx, replaced) };
  }));
  await removeFolders(ctx, folders);
  return video;
}

/**
 * Detaches and deletes one file of a video. Without its video file a published video goes
 * back to `draft` (it cannot be published without one). Nothing to remove is not an error.
 */
export async function removeVideoFile(ctx: AppContext, creator: AuthUser, id: string, kind: VideoFileKind): Promise<void> {
  const folders = await ctx.db.transaction(async (tx) => {
    const current = await ownVideo(tx, creator.id, id, true);
    const fileId = current[SLOT[kind]];
    if (!fileId) return [];
    await tx
      .update(videos)
      .set({ [SLOT[kind]]: null, ...(kind === 'video' && current.status === 'active' ? { status: 'draft' as const } : {}), updatedAt: new Date() })
      .where(eq(videos.id, id));
    return deleteFileRows(tx, [fileId]);
  });
  await removeFolders(ctx, folders);
}

/** Deletes a video and its files (records and folders). */
export async function deleteVideo(ctx: AppContext, creator: AuthUser, id: string): Promise<void> {
  const folders = await ctx.db.transaction(async (tx) => {
    const current = await ownVideo(tx, creator.id, id, true);
    await tx.delete(videos).where(eq(videos.id, id));
    return deleteFileRows(tx, [current.fileId, current.teaserId, current.thumbnailId]);
  });
  await removeFolders(ctx, folders);
}

export interface VideoWithCreator {
  video: VideoRow;
  creator: { id: string; username: string | null; name: string | null; avatarPath: string | null };
}


/** A page of videos. `fans`: published ones; `mine`: the creator's own, drafts and scheduled ones included. */
export async function searchVideos(ctx: AppContext, scope: { fans: true; audience?: Audience } | { mine: string }, query: VideoListQuery) {
  const page = toPage(query, { sortBy: 'createdAt' });
  const filters: (SQL | undefined)[] = 'mine' in scope ? [eq(videos.performerId, scope.mine)] : [publishedToFans()];
  if ('mine' in scope && query.status) filters.push(eq(videos.status, query.status));
  // Nothing of a creator who blocked the viewer, or hides from their country.
  if ('fans' in scope && scope.audience) filters.push(creatorShownTo(ctx.db, scope.audience, videos.performerId));
  if (query.performerId) filters.push(eq(videos.performerId, query.performerId));
  if (query.isSale) filters.push(eq(videos.isSale, query.isSale === 'true'));
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(videos.title, like), ilike(videos.description, like)));
  }
  const where = and(...filters);
  const column = sortColumnOf({ createdAt: videos.createdAt, updatedAt: videos.updatedAt, price: videos.priceCents }, page, videos.createdAt);
  return contentPage<VideoWithCreator>(ctx, 'video', videos, where, column, page);
}

/** One video as fans see it (published), or as its creator and staff do (any state). */
export async function findVideo(ctx: AppContext, id: string, viewer: Pick<AuthUser, 'id' | 'role'> | null, audience: Audience = { viewer, country: null }): Promise<VideoWithCreator> {
  const [row] = await ctx.db
    .select({ video: videos, creator: creatorColumns, published: sql<boolean>`coalesce(${publishedToFans()}, false)`, hidden: hiddenSql(ctx.db, audience, videos.performerId) })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.performerId))
    .where(eq(videos.id, id));
  const own = row !== undefined && viewer !== null && (viewer.id === row.video.performerId || viewer.role === 'admin');
  if (!row || (!own && (row.published !== true || row.hidden === true))) throw notFound('videos.not_found', NO_SUCH_VIDEO);
  return { video: row.video, creator: row.creator } as VideoWithCreator;
}

/** The file records these ids name, by id. */
export async function filesById(db: DbOrTx, ids: readonly (string | null)[]): Promise<Map<string, FileRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(files).where(inArray(files.id, wanted));
  return new Map(rows.map((f) => [f.id, f]));
}

/** Published videos per creator, for profile totals. */
export async function publishedVideoCounts(db: DbOrTx, performerIds: readonly string[]): Promise<Map<string, number>> {
  if (performerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: videos.performerId, n: count() })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.performerId))
    .where(and(inArray(videos.performerId, [...performerIds]), publishedToFans()))
    .groupBy(videos.performerId);
  return new Map(rows.map((r) => [r.id, r.n]));
}
