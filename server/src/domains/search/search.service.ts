import { LIMITS } from '@fandeck/contract';
import { and, asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { creatorShownTo, type Audience } from '../../content/blocks.js';
import { users } from '../accounts/accounts.tables.js';
import { comments } from '../comments/comments.tables.js';
import { feeds } from '../feeds/feeds.tables.js';
import { reactions } from '../reactions/reactions.tables.js';
import { searchKeywords } from './search.tables.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';
import { type FeedWithCreator, PUBLISHED_FEED_TYPES, publishedToFans } from '../feeds/index.js';

export const TRENDING_DAYS = 7;
export const KEYWORD_MAX = LIMITS.search.keywordMax;
export const KEYWORDS_LIMIT_MAX = 50;

/** Trending has one order (likes plus comments, then newest): no `sortBy`, no `sort`. */
export const trendingQuerySchema = listQuerySchema.omit({ sortBy: true, sort: true, q: true }).extend({ type: z.enum(PUBLISHED_FEED_TYPES).optional() });
export type TrendingQuery = z.output<typeof trendingQuerySchema>;

/** Posts published in the last seven days, most liked and commented first, then newest; what this audience may see. */
export async function trendingFeeds(ctx: AppContext, audience: Audience, query: TrendingQuery) {
  const page = toPage(query);
  const since = new Date(Date.now() - TRENDING_DAYS * 86_400_000);
  const likes = sql`(select count(*) from ${reactions} where ${reactions.objectType} = 'feed' and ${reactions.action} = 'like' and ${reactions.objectId} = ${feeds.id})`;
  const said = sql`(select count(*) from ${comments} where ${comments.objectType} = 'feed' and ${comments.objectId} = ${feeds.id})`;
  const filters: (SQL | undefined)[] = [
    publishedToFans(),
    // Published: at its scheduled time when it has one.
    gte(sql`coalesce(${feeds.scheduledAt}, ${feeds.createdAt})`, sql`${since.toISOString()}::timestamptz`),
    creatorShownTo(ctx.db, audience, feeds.performerId),
  ];
  if (query.type) filters.push(eq(feeds.type, query.type));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ feed: feeds, creator: { id: users.id, username: users.username, name: users.name, avatarPath: users.avatarPath } })
      .from(feeds)
      .innerJoin(users, eq(users.id, feeds.performerId))
      .where(where)
      .orderBy(desc(sql`${likes} + ${said}`), desc(feeds.createdAt), desc(feeds.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(feeds).innerJoin(users, eq(users.id, feeds.performerId)).where(where),
  ]);
  return { items: rows as FeedWithCreator[], total: total?.total ?? 0 };
}

/** A keyword as it is counted: trimmed, inner spaces collapsed, lower case. */
export const normalizeKeyword = (keyword: string) => keyword.trim().replace(/\s+/g, ' ').toLowerCase();

export const keywordSchema = z.object({ _id: z.string(), keyword: z.string(), total: z.number().int(), updatedAt: z.string() });
export type KeywordDto = z.infer<typeof keywordSchema>;

const presentKeyword = (row: typeof searchKeywords.$inferSelect): KeywordDto => ({ _id: row.id, keyword: row.keyword, total: row.total, updatedAt: row.updatedAt.toISOString() });

/** Counts one search of a keyword, whatever its case; one statement, so concurrent searches all count. */
export async function saveKeyword(ctx: AppContext, keyword: string): Promise<KeywordDto> {
  const [row] = await ctx.db
    .insert(searchKeywords)
    .values({ keyword: normalizeKeyword(keyword), total: 1 })
    .onConflictDoUpdate({ target: searchKeywords.keyword, set: { total: sql`${searchKeywords.total} + 1`, updatedAt: new Date() } })
    .returning();
  return presentKeyword(row!);
}

/** The most searched keywords, most first, then the most recently searched. `total` is how many keywords there are. */
export async function topKeywords(ctx: AppContext, limit: number) {
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(searchKeywords).orderBy(desc(searchKeywords.total), desc(searchKeywords.updatedAt), asc(searchKeywords.keyword)).limit(limit),
    ctx.db.select({ total: count() }).from(searchKeywords),
  ]);
  return { items: rows.map(presentKeyword), total: total?.total ?? 0 };
}
