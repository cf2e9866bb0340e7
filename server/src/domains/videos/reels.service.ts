import { contentPage, creatorColumns } from '../../content/content-page.js';
import { creatorShownTo, type Audience } from '../../content/blocks.js';
import { and, eq, ilike, isNotNull, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../accounts/accounts.tables.js';
import { reels } from './videos.tables.js';
import { notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { escapeLike, sortColumnOf, toPage } from '../../http/pagination.js';
import type { ReelInput, ReelListQuery, ReelUpdate } from './videos.schemas.js';
import { deleteFileRows, fileNotFailed, removeFolders, type VideoWithCreator } from './videos.service.js';

export type ReelRow = typeof reels.$inferSelect;
export const REEL_PURPOSE = 'reel';
export const NO_SUCH_REEL = 'No such reel';

export interface ReelWithCreator {
  reel: ReelRow;
  creator: VideoWithCreator['creator'];
}

/** What everyone sees: active reels of active creators, with a video that did not fail. */
export const reelPublished = () => and(eq(reels.status, 'active'), eq(users.status, 'active'), isNotNull(reels.fileId), fileNotFailed(reels.fileId));

/** A reel from a fresh upload (`fileId`, the creator's own, just stored). */
export async function createReel(ctx: AppContext, creator: AuthUser, input: ReelInput, fileId: string): Promise<ReelRow> {
  const [reel] = await ctx.db
    .insert(reels)
    .values({ performerId: creator.id, title: input.title, description: input.description, status: input.status, fileId })
    .returning();
  return reel!;
}

async function ownReel(db: DbOrTx, creatorId: string, id: string, lock = false): Promise<ReelRow> {
  const query = db.select().from(reels).where(and(eq(reels.id, id), eq(reels.performerId, creatorId)));
  const [reel] = await (lock ? query.for('update') : query);
  if (!reel) throw notFound('reels.not_found', NO_SUCH_REEL);
  return reel;
}

/** Edits a reel's text and state; `fileId`, a fresh upload, replaces its video (the old one is deleted). */
export async function updateReel(ctx: AppContext, creator: AuthUser, id: string, patch: ReelUpdate, fileId?: string): Promise<void> {
  const folders = await ctx.db.transaction(async (tx) => {
    const current = await ownReel(tx, creator.id, id, true);
    if ((patch.status ?? current.status) === 'active' && !(fileId ?? current.fileId)) {
      throw unprocessable('videos.file_required', 'body.status: a reel is published only with its video');
    }
    await tx
      .update(reels)
      .set({ ...patch, ...(fileId ? { fileId } : {}), updatedAt: new Date() })
      .where(eq(reels.id, id));
    return fileId && current.fileId ? deleteFileRows(tx, [current.fileId]) : [];
  });
  await removeFolders(ctx, folders);
}

/** Deletes a reel's video; a published reel goes back to `draft`. */
export async function removeReelFile(ctx: AppContext, creator: AuthUser, id: string): Promise<void> {
  const folders = await ctx.db.transaction(async (tx) => {
    const current = await ownReel(tx, creator.id, id, true);
    if (!current.fileId) return [];
    await tx
      .update(reels)
      .set({ fileId: null, ...(current.status === 'active' ? { status: 'draft' as const } : {}), updatedAt: new Date() })
      .where(eq(reels.id, id));
    return deleteFileRows(tx, [current.fileId]);
  });
  await removeFolders(ctx, folders);
}

export async function deleteReel(ctx: AppContext, creator: AuthUser, id: string): Promise<void> {
  const folders = await ctx.db.transaction(async (tx) => {
    const current = await ownReel(tx, creator.id, id, true);
    await tx.delete(reels).where(eq(reels.id, id));
    return deleteFileRows(tx, [current.fileId]);
  });
  await removeFolders(ctx, folders);
}

/** A page of reels: everyone's published ones, or the creator's own in any state. */
export async function searchReels(ctx: AppContext, scope: { fans: true; audience?: Audience } | { mine: string }, query: ReelListQuery) {
  const page = toPage(query, { sortBy: 'createdAt' });
  const filters: (SQL | undefined)[] = 'mine' in scope ? [eq(reels.performerId, scope.mine)] : [reelPublished()];
  if ('mine' in scope && query.status) filters.push(eq(reels.status, query.status));
  if ('fans' in scope && scope.audience) filters.push(creatorShownTo(ctx.db, scope.audience, reels.performerId));
  if (query.performerId) filters.push(eq(reels.performerId, query.performerId));
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(reels.title, like), ilike(reels.description, like)));
  }
  const where = and(...filters);
  const column = sortColumnOf({ createdAt: reels.createdAt, updatedAt: reels.updatedAt }, page, reels.createdAt);
  return contentPage<ReelWithCreator>(ctx, 'reel', reels, where, column, page);
}

/** One of the creator's own reels. */
export async function findOwnReel(ctx: AppContext, creator: AuthUser, id: string): Promise<ReelWithCreator> {
  const [row] = await ctx.db
    .select({ reel: reels, creator: creatorColumns })
    .from(reels)
    .innerJoin(users, eq(users.id, reels.performerId))
    .where(and(eq(reels.id, id), eq(reels.performerId, creator.id)));
  if (!row) throw notFound('reels.not_found', NO_SUCH_REEL);
  return row as ReelWithCreator;
}
