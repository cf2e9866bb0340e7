import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { isId } from '../../db/schema/ids.js';
import { follows, performers, users } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { escapeLike, sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { presentPerformer } from './performers.presenter.js';

export interface PerformerSearch extends ListQuery {
  gender?: string;
  countryCode?: string;
}

/** The columns its list may be sorted by (`sortBy`). */
export const performerSortColumns = {
  updatedAt: performers.updatedAt,
  createdAt: performers.createdAt,
  name: users.name,
  username: users.username,
  subscribers: performers.subscribersCount,
} as const;

export async function searchPerformers(ctx: AppContext, query: PerformerSearch) {
  const page = toPage(query);
  const filters: SQL[] = [eq(users.role, 'performer'), eq(users.status, 'active')];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(users.username, pattern), ilike(users.name, pattern))!);
  }
  if (query.gender) filters.push(eq(users.gender, query.gender));
  if (query.countryCode) filters.push(eq(users.countryCode, query.countryCode.toUpperCase()));
  const where = and(...filters);
  const column = sortColumnOf(performerSortColumns, page, performers.updatedAt);
  const [rows, [totalRow]] = await Promise.all([
    ctx.db
      .select({ user: users, profile: performers })
      .from(performers)
      .innerJoin(users, eq(users.id, performers.userId))
      .where(where)
      .orderBy(page.sort === 'asc' ? asc(column) : desc(column), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(performers).innerJoin(users, eq(users.id, performers.userId)).where(where),
  ]);
  return { items: rows.map((r) => presentPerformer(ctx.config.publicOrigin, r.user, r.profile)), total: totalRow?.total ?? 0 };
}

/** A creator by id or by username (case-insensitive), as the /{profileId} route takes either. */
export async function findPerformer(ctx: AppContext, idOrUsername: string, viewerId: string | null = null) {
  const match = isId(idOrUsername) ? eq(users.id, idOrUsername) : eq(sql`lower(${users.username})`, idOrUsername.toLowerCase());
  const [row] = await ctx.db
    .select({ user: users, profile: performers })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(and(match, eq(users.role, 'performer'), eq(users.status, 'active')))
    .limit(1);
  if (!row) throw notFound('performers.not_found', 'Creator not found');
  const followed = viewerId
    ? (await ctx.db.select({ id: follows.performerId }).from(follows).where(and(eq(follows.followerId, viewerId), eq(follows.performerId, row.user.id))).limit(1)).length > 0
    : false;
  return { ...presentPerformer(ctx.config.publicOrigin, row.user, row.profile), isFollowed: followed };
}

/** Active creators, most subscribed first (then most followed): the platform's top list. */
export async function topPerformers(ctx: AppContext, limit: number) {
  const rows = await ctx.db
    .select({ user: users, profile: performers })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(and(eq(users.role, 'performer'), eq(users.status, 'active')))
    .orderBy(desc(performers.subscribersCount), desc(performers.followersCount), asc(users.id))
    .limit(limit);
  return rows.map((r) => presentPerformer(ctx.config.publicOrigin, r.user, r.profile));
}

/** A random handful of active creators, different on every call (discovery). */
export async function randomPerformers(ctx: AppContext, limit: number) {
  const rows = await ctx.db
    .select({ user: users, profile: performers })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(and(eq(users.role, 'performer'), eq(users.status, 'active')))
    .orderBy(sql`random()`)
    .limit(limit);
  return rows.map((r) => presentPerformer(ctx.config.publicOrigin, r.user, r.profile));
}
