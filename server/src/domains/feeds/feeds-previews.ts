/**
 * A post's previews: a thumbnail (an image) and a teaser (a short video), what every viewer
 * sees of a video or audio post, locked or not. Each is the creator's own upload of its kind
 * and previews one post.
 */
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { files } from '../../media/files.tables.js';
import { feedPreviews } from './feeds.tables.js';
import { unprocessable } from '../../http/errors.js';

export const FEED_THUMBNAIL_PURPOSE = 'feed-thumbnail';
export const FEED_TEASER_PURPOSE = 'feed-teaser';

type FileRow = typeof files.$inferSelect;

export interface PreviewsInput {
  thumbnailId?: string | null;
  teaserId?: string | null;
}

/** Locks the file and checks it is the creator's upload of this kind, previewing no other post. */
async function checkPreviewFile(tx: Tx, creatorId: string, feedId: string, fileId: string, purpose: string, field: string): Promise<void> {
  const [file] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerId, creatorId), eq(files.purpose, purpose)))
    .for('update');
  const column = purpose === FEED_THUMBNAIL_PURPOSE ? feedPreviews.thumbnailFileId : feedPreviews.teaserFileId;
  const [elsewhere] = file ? await tx.select({ feedId: feedPreviews.feedId }).from(feedPreviews).where(and(eq(column, fileId), ne(feedPreviews.feedId, feedId))) : [];
  if (!file || elsewhere) throw unprocessable('feeds.files_invalid', `body.${field}: not one of your uploads of this kind, or it is in another post`);
}

/**
 * Sets a post's previews from what the request sent (`undefined` keeps, `null` removes). A
 * post of a kind without previews (`allowed` false) may not name any, and loses the ones it had.
 */
export async function setPreviews(tx: Tx, creatorId: string, feedId: string, allowed: boolean, input: PreviewsInput): Promise<void> {
  if (!allowed) {
    for (const field of ['thumbnailId', 'teaserId'] as const) {
      if (input[field]) throw unprocessable('feeds.files_invalid', `body.${field}: only video and audio posts have a thumbnail and a teaser`);
    }
    await tx.delete(feedPreviews).where(eq(feedPreviews.feedId, feedId));
    return;
  }
  if (input.thumbnailId === undefined && input.teaserId === undefined) return;
  if (input.thumbnailId) await checkPreviewFile(tx, creatorId, feedId, input.thumbnailId, FEED_THUMBNAIL_PURPOSE, 'thumbnailId');
  if (input.teaserId) await checkPreviewFile(tx, creatorId, feedId, input.teaserId, FEED_TEASER_PURPOSE, 'teaserId');
  const patch = {
    ...(input.thumbnailId !== undefined ? { thumbnailFileId: input.thumbnailId } : {}),
    ...(input.teaserId !== undefined ? { teaserFileId: input.teaserId } : {}),
  };
  await tx.insert(feedPreviews).values({ feedId, ...patch }).onConflictDoUpdate({ target: feedPreviews.feedId, set: patch });
}

/** The preview files of these posts, by post id. */
export async function previewsOf(db: DbOrTx, feedIds: readonly string[]): Promise<Map<string, { thumbnail: FileRow | null; teaser: FileRow | null }>> {
  const out = new Map<string, { thumbnail: FileRow | null; teaser: FileRow | null }>();
  if (feedIds.length === 0) return out;
  const rows = await db.select().from(feedPreviews).where(inArray(feedPreviews.feedId, [...feedIds]));
  const ids = rows.flatMap((r) => [r.thumbnailFileId, r.teaserFileId]).filter((id): id is string => id !== null);
  const found = ids.length ? await db.select().from(files).where(inArray(files.id, ids)) : [];
  const byId = new Map(found.map((f) => [f.id, f]));
  for (const row of rows) {
    out.set(row.feedId, { thumbnail: byId.get(row.thumbnailFileId ?? '') ?? null, teaser: byId.get(row.teaserFileId ?? '') ?? null });
  }
  return out;
}

/** The preview files of a post, for deleting them with it. */
export async function previewFilesOf(tx: Tx, feedId: string): Promise<{ id: string; path: string }[]> {
  return tx
    .select({ id: files.id, path: files.storagePath })
    .from(feedPreviews)
    .innerJoin(files, or(eq(files.id, feedPreviews.thumbnailFileId), eq(files.id, feedPreviews.teaserFileId)))
    .where(eq(feedPreviews.feedId, feedId));
}
