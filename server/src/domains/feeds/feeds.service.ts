import { saleOf } from '../../content/sale.js';
import path from 'node:path';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { creatorShownTo, hiddenSql, type Audience } from '../../content/blocks.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { feedFiles, feeds, files, follows, performers, users } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { escapeLike, sortColumnOf, toPage } from '../../http/pagination.js';
import { requireVerifiedCreator } from '../accounts/creator-verification.js';
import { linkCrowdfunding } from './feeds-crowdfunding.service.js';
import { linkPoll } from './feeds-polls.service.js';
import { previewFilesOf, setPreviews } from './feeds-previews.js';
import { PREVIEWED_FEED_TYPES, PUBLISHED_FEED_TYPES, type FeedInput, type FeedListQuery, type FeedUpdate, type PublishedFeedType } from './feeds.schemas.js';

export type FeedRow = typeof feeds.$inferSelect;
export const FEED_PHOTO_PURPOSE = 'feed-photo';
export const FEED_VIDEO_PURPOSE = 'feed-video';
export const FEED_AUDIO_PURPOSE = 'feed-audio';
export const NO_SUCH_FEED = 'No such post';

/** What fans may see: published (now or at its scheduled time) by an active creator. */
export const publishedToFans = (now = new Date()) =>
  and(eq(feeds.status, 'active'), or(isNull(feeds.scheduledAt), lte(feeds.scheduledAt, now)), eq(users.status, 'active'));



/** The kinds of post whose media are uploads of one purpose, and how many they take. */
const MEDIA_OF: Partial<Record<PublishedFeedType, { purpose: string; noun: string; min: number; max: number }>> = {
  photo: { purpose: FEED_PHOTO_PURPOSE, noun: 'photo', min: 1, max: Infinity },
  video: { purpose: FEED_VIDEO_PURPOSE, noun: 'video', min: 1, max: 1 },
  audio: { purpose: FEED_AUDIO_PURPOSE, noun: 'audio file', min: 1, max: 1 },
};

/**
 * The media of a post: the creator's own uploads of the post's kind, each in one post only
 * (this one, when it is being edited). Text, poll and crowdfunding posts have none; a photo
 * post at least one photo; a video post one video; an audio post one audio file.
 */
async function checkFiles(tx: Tx, creatorId: string, type: PublishedFeedType, fileIds: readonly string[], feedId: string | null): Promise<void> {
  if (new Set(fileIds).size !== fileIds.length) throw unprocessable('feeds.files_invalid', 'body.fileIds: a file is listed twice');
  const media = MEDIA_OF[type];
  if (!media) {
    if (fileIds.length > 0) throw unprocessable('feeds.files_invalid', `body.fileIds: a ${type} post has no files`);
    return;
  }
  if (fileIds.length < media.min) throw unprocessable('feeds.files_invalid', `body.fileIds: a ${type} post needs ${media.max === 1 ? 'its' : 'at least one'} ${media.noun}`);
  if (fileIds.length > media.max) throw unprocessable('feeds.files_invalid', `body.fileIds: a ${type} post has exactly one ${media.noun}`);
  const purpose = media.purpose;
  const rows = await tx
    .select({ id: files.id, ownerId: files.ownerId, purpose: files.purpose, usedBy: feedFiles.feedId })
    .from(files)
    .leftJoin(feedFiles, eq(feedFiles.fileId, files.id))
    .where(inArray(files.id, [...fileIds]));
  const usable = rows.filter((r) => r.ownerId === creatorId && r.purpose === purpose && (r.usedBy === null || r.usedBy === feedId));
  if (usable.length !== fileIds.length) throw unprocessable('feeds.files_invalid', `body.fileIds: a file is not one of your uploaded ${media.noun}s, or is in another post`);
}

async function attachFiles(tx: Tx, feedId: string, fileIds: readonly string[]): Promise<void> {
  await tx.delete(feedFiles).where(eq(feedFiles.feedId, feedId));
  if (fileIds.length) await tx.insert(feedFiles).values(fileIds.map((fileId, position) => ({ feedId, fileId, position })));
}

export async function createFeed(ctx: AppContext, creator: AuthUser, input: FeedInput): Promise<FeedRow> {
  const sale = saleOf(input.isSale, input.price, 'post');
  return ctx.db.transaction(async (tx) => {
    if (sale.isSale) await requireVerifiedCreator(tx, creator.id);
    await checkFiles(tx, creator.id, input.type, input.fileIds, null);
    const [feed] = await tx
      .insert(feeds)
      .values({ performerId: creator.id, type: input.type, text: input.text, ...sale, subscribersOnly: input.subscribersOnly, status: input.status, scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null })
      .returning();
    await attachFiles(tx, feed!.id, input.fileIds);
    await linkExtras(tx, creator.id, feed!.id, input.type, input);
    await tx.update(performers).set({ feedsCount: sql`${performers.feedsCount} + 1` }).where(eq(performers.userId, creator.id));
    return feed!;
  });
}

/** The creator's own post, for editing; another creator's is a 404 like a missing one. */
async function ownFeed(db: DbOrTx, creatorId: string, id: string, lock = false): Promise<FeedRow> {
  const query = db.select().from(feeds).where(and(eq(feeds.id, id), eq(feeds.performerId, creatorId)));
  const [feed] = await (lock ? query.for('update') : query);
  if (!feed) throw notFound('feeds.not_found', NO_SUCH_FEED);
  return feed;
}

export async function updateFeed(ctx: AppContext, creator: AuthUser, id: string, patch: FeedUpdate): Promise<FeedRow> {
  return ctx.db.transaction(async (tx) => {
    const current = await ownFeed(tx, creator.id, id, true);
    const type = (patch.type ?? current.type) as PublishedFeedType;
    if (!PUBLISHED_FEED_TYPES.includes(type)) throw unprocessable('feeds.files_invalid', 'body.type: this post cannot be edited here');
    // A poll or a goal stays with its post, and a post with them: its votes and money are its.
    for (const [kind, code] of [['poll', 'feeds.poll_invalid'], ['crowdfunding', 'feeds.crowdfunding_invalid']] as const) {
      if ((current.type === kind) !== (type === kind)) throw unprocessable(code, `body.type: a ${kind} post is created as one and stays one`);
    }
    const sale = saleOf(patch.isSale ?? current.isSale, patch.price ?? (current.isSale ? current.priceCents : undefined), 'post');
    if (sale.isSale && !current.isSale) await requireVerifiedCreator(tx, creator.id);
    const fileIds = patch.fileIds ?? (await tx.select({ id: feedFiles.fileId }).from(feedFiles).where(eq(feedFiles.feedId, id)).orderBy(asc(feedFiles.position))).map((r) => r.id);
    await checkFiles(tx, creator.id, type, fileIds, id);
    const [feed] = await tx
      .update(feeds)
      .set({
        type,
        ...(patch.text !== undefined ? { text: patch.text } : {}),
        ...sale,
        ...(patch.subscribersOnly !== undefined ? { subscribersOnly: patch.subscribersOnly } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.scheduledAt !== undefined ? { scheduledAt: new Date(patch.scheduledAt) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(feeds.id, id))
      .returning();
    if (patch.fileIds) await attachFiles(tx, id, fileIds);
    await linkExtras(tx, creator.id, id, type, patch);
    return feed!;
  });
}

/** A post's poll, goal and previews, as the request names them (see `linkPoll`, `setPreviews`). */
async function linkExtras(tx: Tx, creatorId: string, feedId: string, type: PublishedFeedType, input: Pick<FeedUpdate, 'pollId' | 'crowdfundingId' | 'thumbnailId' | 'teaserId'>) {
  await linkPoll(tx, creatorId, feedId, type === 'poll', input.pollId);
  await linkCrowdfunding(tx, creatorId, feedId, type === 'crowdfunding', input.crowdfundingId);
  await setPreviews(tx, creatorId, feedId, PREVIEWED_FEED_TYPES.includes(type), { thumbnailId: input.thumbnailId, teaserId: input.teaserId });
}

/** Deletes a post and its media and previews (files and records), its poll and goal with it; the post count never goes below zero. */
export async function deleteFeed(ctx: AppContext, creator: AuthUser, id: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    await ownFeed(tx, creator.id, id, true);
    const attached = [
      ...(await tx.select({ id: files.id, path: files.storagePath }).from(feedFiles).innerJoin(files, eq(files.id, feedFiles.fileId)).where(eq(feedFiles.feedId, id))),
      ...(await previewFilesOf(tx, id)),
    ];
    await tx.delete(feeds).where(eq(feeds.id, id));
    if (attached.length) await tx.delete(files).where(inArray(files.id, attached.map((f) => f.id)));
    await tx.update(performers).set({ feedsCount: sql`greatest(${performers.feedsCount} - 1, 0)` }).where(eq(performers.userId, creator.id));
    return attached;
  });
  await Promise.all(removed.map((f) => ctx.store.remove(path.posix.dirname(f.path))));
}

export interface FeedWithCreator {
  feed: FeedRow;
  creator: { id: string; username: string | null; name: string | null; avatarPath: string | null };
}

const creatorColumns = { id: users.id, username: users.username, name: users.name, avatarPath: users.avatarPath };

/**
 * A page of posts. `fans`: what this audience sees (published, optionally of one creator;
 * nothing of a creator who blocked the viewer or hides from their country);
 * `mine`: the creator's own, drafts and scheduled ones included.
 */
export async function searchFeeds(ctx: AppContext, scope: ({ fans: true } & Partial<Audience>) | { mine: string }, query: FeedListQuery) {
  const page = toPage(query, { sortBy: 'createdAt' });
  const filters: (SQL | undefined)[] =
    'mine' in scope ? [eq(feeds.performerId, scope.mine)] : [publishedToFans(), creatorShownTo(ctx.db, { viewer: scope.viewer ?? null, country: scope.country ?? null }, feeds.performerId)];
  if (query.following === 'true' && 'fans' in scope) {
    // Signed out, one follows nobody.
    filters.push(
      scope.viewer
        ? inArray(feeds.performerId, ctx.db.select({ id: follows.performerId }).from(follows).where(eq(follows.followerId, scope.viewer.id)))
        : sql`false`,
    );
  }
  if (query.performerId) filters.push(eq(feeds.performerId, query.performerId));
  if (query.type) filters.push(eq(feeds.type, query.type));
  if (query.q) filters.push(ilike(feeds.text, `%${escapeLike(query.q)}%`));
  const where = and(...filters);
  const column = sortColumnOf({ createdAt: feeds.createdAt, updatedAt: feeds.updatedAt, price: feeds.priceCents }, page, feeds.createdAt);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ feed: feeds, creator: creatorColumns })
      .from(feeds)
      .innerJoin(users, eq(users.id, feeds.performerId))
      .where(where)
      .orderBy(page.sort === 'asc' ? asc(column) : desc(column), desc(feeds.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(feeds).innerJoin(users, eq(users.id, feeds.performerId)).where(where),
  ]);
  return { items: rows as FeedWithCreator[], total: total?.total ?? 0 };
}

/**
 * One post as fans see it (published), or as its creator does (any state). A post of a
 * creator who blocked the viewer, or hides from `country`, is a 404 like a missing one.
 */
export async function findFeed(ctx: AppContext, id: string, viewer: AuthUser | null, country: string | null = null): Promise<FeedWithCreator> {
  // One query: the post, and whether fans may see it (its creator and admins always may).
  const [row] = await ctx.db
    .select({
      feed: feeds,
      creator: creatorColumns,
      published: sql<boolean>`coalesce(${publishedToFans()}, false)`,
      hidden: hiddenSql(ctx.db, { viewer, country }, feeds.performerId),
    })
    .from(feeds)
    .innerJoin(users, eq(users.id, feeds.performerId))
    .where(eq(feeds.id, id));
  const own = row !== undefined && viewer !== null && (viewer.id === row.feed.performerId || viewer.role === 'admin');
  if (!row || (!own && (row.published !== true || row.hidden === true))) throw notFound('feeds.not_found', NO_SUCH_FEED);
  return { feed: row.feed, creator: row.creator } as FeedWithCreator;
}

/** The photos of these posts, in order, with what a file link needs. */
export async function filesOf(db: DbOrTx, feedIds: readonly string[]) {
  if (feedIds.length === 0) return new Map<string, (typeof files.$inferSelect)[]>();
  const rows = await db
    .select({ feedId: feedFiles.feedId, file: files })
    .from(feedFiles)
    .innerJoin(files, eq(files.id, feedFiles.fileId))
    .where(inArray(feedFiles.feedId, [...feedIds]))
    .orderBy(asc(feedFiles.feedId), asc(feedFiles.position));
  const out = new Map<string, (typeof files.$inferSelect)[]>();
  for (const r of rows) out.set(r.feedId, [...(out.get(r.feedId) ?? []), r.file]);
  return out;
}

/** An active creator by username (either case) or id; a 404 `performers.not_found` otherwise. */
export async function findCreatorId(db: DbOrTx, usernameOrId: string): Promise<string> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(or(eq(sql`lower(${users.username})`, usernameOrId.toLowerCase()), eq(users.id, usernameOrId)), eq(users.role, 'performer'), eq(users.status, 'active')))
    .limit(1);
  if (!row) throw notFound('performers.not_found', 'No such creator');
  return row.id;
}
