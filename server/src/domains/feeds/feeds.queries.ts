/**
 * Reading posts: what fans may see, a page of posts, one post, their photos, a creator by
 * name. The writes (feeds.service.ts) and the poll and goal services build on these; kept
 * apart so that neither imports the other (no import cycle, issue 23).
 */
import { contentPage, creatorColumns } from '../../content/content-page.js';
import { and, asc, count, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { creatorShownTo, hiddenSql, type Audience } from '../../content/blocks.js';
import { subscribedCreatorsOf } from '../../content/entitlement.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { follows } from '../follows/follows.tables.js';
import { feedFiles, feeds } from './feeds.tables.js';
import { notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { escapeLike, sortColumnOf, toPage } from '../../http/pagination.js';
import type { FeedListQuery } from './feeds.schemas.js';

export type FeedRow = typeof feeds.$inferSelect;
export const NO_SUCH_FEED = 'No such post';

/** What fans may see: published (now or at its scheduled time) by an active creator, not hidden by staff. */
export const publishedToFans = (now = new Date()) =>
  and(eq(feeds.status, 'active'), isNull(feeds.hiddenAt), or(isNull(feeds.scheduledAt), lte(feeds.scheduledAt, now)), eq(users.status, 'active'));

export interface FeedWithCreator {
  feed: FeedRow;
  creator: { id: string; username: string | null; name: string | null; avatarPath: string | null };
}


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
    // The home feed: creators the viewer follows or subscribes to now (a fan who paid for a
    // year need not follow as well). Signed out, one has neither.
    const viewer = scope.viewer;
    filters.push(
      viewer
        ? or(
            inArray(feeds.performerId, ctx.db.select({ id: follows.performerId }).from(follows).where(eq(follows.followerId, viewer.id))),
            inArray(feeds.performerId, subscribedCreatorsOf(ctx.db, viewer.id, ctx.now())),
          )
        : sql`false`,
    );
  }
  if (query.performerId) filters.push(eq(feeds.performerId, query.performerId));
  if (query.type) filters.push(eq(feeds.type, query.type));
  if (query.q) filters.push(ilike(feeds.text, `%${escapeLike(query.q)}%`));
  const where = and(...filters);
  const column = sortColumnOf({ createdAt: feeds.createdAt, updatedAt: feeds.updatedAt, price: feeds.priceCents }, page, feeds.createdAt);
  return contentPage<FeedWithCreator>(ctx, 'feed', feeds, where, column, page);
}

/**
 * Each creator's posts fans may see (published now, drafts and scheduled ones not): the
 * profile's post count, counted like its photos and videos rather than kept in a counter
 * that also counts drafts.
 */
export async function publishedFeedCounts(db: DbOrTx, performerIds: readonly string[]): Promise<Map<string, number>> {
  if (performerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: feeds.performerId, n: count() })
    .from(feeds)
    .innerJoin(users, eq(users.id, feeds.performerId))
    .where(and(inArray(feeds.performerId, [...performerIds]), publishedToFans()))
    .groupBy(feeds.performerId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

/**
 * How many pictures each creator's published posts hold (a post's images, not its video's
 * thumbnail): with the gallery photos, the profile's `stats.totalPhotos`.
 */
export async function publishedPostPhotoCounts(db: DbOrTx, performerIds: readonly string[]): Promise<Map<string, number>> {
  if (performerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: feeds.performerId, n: count() })
    .from(feedFiles)
    .innerJoin(files, eq(files.id, feedFiles.fileId))
    .innerJoin(feeds, eq(feeds.id, feedFiles.feedId))
    .innerJoin(users, eq(users.id, feeds.performerId))
    .where(and(inArray(feeds.performerId, [...performerIds]), publishedToFans(), sql`${files.mimeType} like 'image/%'`))
    .groupBy(feeds.performerId);
  return new Map(rows.map((row) => [row.id, row.n]));
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
