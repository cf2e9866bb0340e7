/** The lists of subscriptions: a creator's subscribers, a fan's subscriptions, staff's search; and one fan's to one creator. */
import type { SubscriptionDto } from '@fandeck/contract';
import { and, asc, count, eq, gt, ilike, inArray, lte, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isId } from '../../db/schema/ids.js';
import { users } from '../accounts/accounts.tables.js';
import { subscriptions, type SubscriptionType } from './subscriptions.tables.js';
import { escapeLike, sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { holdsAccess, presentSubscription } from './subscriptions.presenter.js';

/** The columns a list may be sorted by (`sortBy`). */
export const subscriptionSortColumns = {
  updatedAt: subscriptions.updatedAt,
  createdAt: subscriptions.createdAt,
  startedAt: subscriptions.startedAt,
  expiredAt: subscriptions.expiredAt,
  price: subscriptions.priceCents,
} as const;

export const STATUS_FILTERS = ['active', 'deactivated', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface SubscriptionSearch extends ListQuery {
  /** `active`: access holds now; `deactivated`: it does not (ended, or expired while a renewal is retried); default `all`. */
  status?: StatusFilter;
  subscriptionType?: SubscriptionType;
  /** Staff only. */
  performerId?: string;
  userId?: string;
}

/** Whose list: the creator's subscribers, the fan's subscriptions, or all (staff). */
export type ListSide = { as: 'performer'; id: string } | { as: 'user'; id: string } | { as: 'staff' };

const fan = alias(users, 'fan');
const creator = alias(users, 'creator');
type UsersAlias = typeof fan | typeof creator;
const partyColumns = (table: UsersAlias) => ({ id: table.id, name: table.name, username: table.username, avatarPath: table.avatarPath });

function statusFilter(status: StatusFilter, now: Date): SQL | undefined {
  const holds = and(eq(subscriptions.status, 'active'), gt(subscriptions.expiredAt, now));
  if (status === 'active') return holds;
  if (status === 'deactivated') return or(ne(subscriptions.status, 'active'), isNull(subscriptions.expiredAt), lte(subscriptions.expiredAt, now));
  return undefined;
}

/** `scope`: a further filter (a page's creators, `creatorInScopeCondition`). */
export async function searchSubscriptions(ctx: AppContext, side: ListSide, query: SubscriptionSearch, scope?: SQL): Promise<{ items: SubscriptionDto[]; total: number }> {
  const now = ctx.now();
  const page = toPage(query);
  const filters: (SQL | undefined)[] = [statusFilter(query.status ?? 'all', now), scope];
  if (side.as === 'performer') filters.push(eq(subscriptions.performerId, side.id));
  if (side.as === 'user') filters.push(eq(subscriptions.userId, side.id));
  if (side.as === 'staff') {
    if (query.performerId) filters.push(eq(subscriptions.performerId, query.performerId));
    if (query.userId) filters.push(eq(subscriptions.userId, query.userId));
  }
  if (query.subscriptionType) filters.push(eq(subscriptions.subscriptionType, query.subscriptionType));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    // The other side's name: the fan for a creator, the creator for a fan, either for staff.
    const named = (table: UsersAlias) => or(ilike(table.name, pattern), ilike(table.username, pattern))!;
    filters.push(side.as === 'performer' ? named(fan) : side.as === 'user' ? named(creator) : or(named(fan), named(creator)));
  }
  const where = and(...filters);
  const column = sortColumnOf(subscriptionSortColumns, page, subscriptions.updatedAt);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ subscription: subscriptions, fan: partyColumns(fan), creator: partyColumns(creator) })
      .from(subscriptions)
      .innerJoin(fan, eq(fan.id, subscriptions.userId))
      .innerJoin(creator, eq(creator.id, subscriptions.performerId))
      .where(where)
      .orderBy(page.sort === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`, asc(subscriptions.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db
      .select({ total: count() })
      .from(subscriptions)
      .innerJoin(fan, eq(fan.id, subscriptions.userId))
      .innerJoin(creator, eq(creator.id, subscriptions.performerId))
      .where(where),
  ]);
  const origin = ctx.config.publicOrigin;
  const items = rows.map((r) =>
    presentSubscription(r.subscription, now, {
      origin,
      ...(side.as !== 'performer' ? { performer: r.creator } : {}),
      ...(side.as !== 'user' ? { user: r.fan } : {}),
    }),
  );
  return { items, total: total?.total ?? 0 };
}

/** The id of the creator with this id or username; null when there is none. */
export async function creatorIdOf(db: DbOrTx, idOrUsername: string): Promise<string | null> {
  const match = isId(idOrUsername) ? eq(creator.id, idOrUsername) : eq(sql`lower(${creator.username})`, idOrUsername.toLowerCase());
  const [row] = await db.select({ id: creator.id }).from(creator).where(and(match, eq(creator.role, 'performer'))).limit(1);
  return row?.id ?? null;
}

/** The fan's subscription to a creator (id or username), with the creator; null when there is none. */
export async function subscriptionTo(ctx: AppContext, fanId: string, creatorIdOrUsername: string): Promise<SubscriptionDto | null> {
  const match = isId(creatorIdOrUsername) ? eq(creator.id, creatorIdOrUsername) : eq(sql`lower(${creator.username})`, creatorIdOrUsername.toLowerCase());
  const [row] = await ctx.db
    .select({ subscription: subscriptions, creator: partyColumns(creator) })
    .from(subscriptions)
    .innerJoin(creator, eq(creator.id, subscriptions.performerId))
    .where(and(eq(subscriptions.userId, fanId), match))
    .limit(1);
  return row ? presentSubscription(row.subscription, ctx.now(), { origin: ctx.config.publicOrigin, performer: row.creator }) : null;
}

export interface ViewerRelation {
  isSubscribed: boolean;
  usedFreeSubscription: boolean;
}

/** For a page of creators: whether the viewer subscribes to each now and used their free offer, in one query. */
export async function viewerRelations(db: DbOrTx, viewerId: string | null, creatorIds: readonly string[], now: Date): Promise<Map<string, ViewerRelation>> {
  if (!viewerId || creatorIds.length === 0) return new Map();
  const rows = await db
    .select({ performerId: subscriptions.performerId, status: subscriptions.status, expiredAt: subscriptions.expiredAt, freeUsedAt: subscriptions.freeUsedAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, viewerId), inArray(subscriptions.performerId, [...creatorIds])));
  return new Map(
    rows.map((r) => [r.performerId, { isSubscribed: holdsAccess(r, now), usedFreeSubscription: r.freeUsedAt !== null }]),
  );
}
