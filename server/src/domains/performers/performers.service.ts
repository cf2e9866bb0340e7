import { contentTotals } from '../../content/totals.js';
import { creatorShownTo, isCreatorHiddenFrom, type Audience } from '../../content/blocks.js';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { isId } from '../../db/schema/ids.js';
import { categoryPerformers, files, follows, performerCategories, performers, streams, users } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { escapeLike, sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { readSettings } from '../settings/settings.service.js';
import { PLAN_LIMIT_KEYS, planOffers } from '../subscriptions/plans.js';
import { viewerRelations } from '../subscriptions/subscriptions.queries.js';
import { presentPerformer, presentWelcomeVideo, type PerformerDto, type ProfileCategoryDto, type ProfileExtras } from './performers.presenter.js';

export interface PerformerSearch extends ListQuery {
  gender?: string;
  countryCode?: string;
}

type ProfileRow = { user: typeof users.$inferSelect; profile: typeof performers.$inferSelect };

/** Whether the creator is broadcasting a public stream now. */
const isLive = sql<boolean>`exists (select 1 from ${streams} where ${streams.performerId} = ${users.id} and ${streams.type} = 'public' and ${streams.state} = 'broadcasting')`;

/** The columns its list may be sorted by (`sortBy`); `live` puts the creators streaming now first. */
export const performerSortColumns = {
  updatedAt: performers.updatedAt,
  createdAt: performers.createdAt,
  name: users.name,
  username: users.username,
  subscribers: performers.subscribersCount,
  live: isLive,
} as const;

/** The order of a page sorted by a column of `performerSortColumns`: `live` first whatever `sort`, then the latest updated. */
function columnOrder(page: { sortBy: string; sort: 'asc' | 'desc' }): SQL[] {
  const by = page.sort === 'asc' ? asc : desc;
  if (page.sortBy === 'live') return [desc(isLive), by(performers.updatedAt)];
  return [by(sortColumnOf<SQL | AnyColumn>(performerSortColumns, page, performers.updatedAt))];
}

const listed = () => [eq(users.role, 'performer'), eq(users.status, 'active')];

/** Listed creators this audience may see: not one who blocked the viewer or hides from their country. */
const listedFor = (ctx: AppContext, audience: Audience): SQL[] => {
  const shown = creatorShownTo(ctx.db, audience, users.id);
  return shown ? [...listed(), shown] : listed();
};

/** A signed-out visitor from nowhere in particular (scripts, tests). */
const ANYONE: Audience = { viewer: null, country: null };

/**
 * Profiles as a viewer sees them, with their categories, welcome video, plans and the
 * viewer's subscriptions loaded in one query each for the whole page.
 */
export async function presentProfiles(ctx: AppContext, rows: readonly ProfileRow[], viewerId: string | null): Promise<PerformerDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.user.id);
  const videoIds = rows.map((r) => r.profile.welcomeVideoFileId).filter((id): id is string => id !== null);
  const [totals, chosen, videos, relations, limits, liveRows] = await Promise.all([
    contentTotals(ctx.db, ids),
    ctx.db
      .select({ performerId: categoryPerformers.performerId, _id: performerCategories.id, name: performerCategories.name, slug: performerCategories.slug })
      .from(categoryPerformers)
      .innerJoin(performerCategories, eq(performerCategories.id, categoryPerformers.categoryId))
      .where(and(inArray(categoryPerformers.performerId, ids), eq(performerCategories.status, 'active')))
      .orderBy(asc(performerCategories.ordering), asc(performerCategories.name)),
    videoIds.length ? ctx.db.select().from(files).where(inArray(files.id, videoIds)) : Promise.resolve([]),
    viewerRelations(ctx.db, viewerId, ids, ctx.now()),
    readSettings(ctx.db, PLAN_LIMIT_KEYS),
    ctx.db
      .selectDistinct({ performerId: streams.performerId })
      .from(streams)
      .where(and(inArray(streams.performerId, ids), eq(streams.type, 'public'), eq(streams.state, 'broadcasting'))),
  ]);
  const liveIds = new Set(liveRows.map((row) => row.performerId));
  const categories = new Map<string, ProfileCategoryDto[]>();
  for (const { performerId, ...category } of chosen) categories.set(performerId, [...(categories.get(performerId) ?? []), category]);
  const videoById = new Map(videos.map((file) => [file.id, file]));
  const signing = { origin: ctx.config.publicOrigin, secret: ctx.config.mediaUrlSecret, viewerId };
  return rows.map(({ user, profile }) => {
    const video = profile.welcomeVideoFileId ? videoById.get(profile.welcomeVideoFileId) : undefined;
    const extras: ProfileExtras = {
      categories: categories.get(user.id) ?? [],
      welcomeVideo: video ? presentWelcomeVideo(signing, video) : null,
      totals: totals.get(user.id) ?? { photos: 0, videos: 0, products: 0 },
      plans: planOffers(profile, limits),
      viewer: relations.get(user.id),
      live: liveIds.has(user.id),
    };
    return presentPerformer(ctx.config.publicOrigin, user, profile, extras);
  });
}

async function pageOf(ctx: AppContext, where: SQL | undefined, order: SQL[], page: { limit: number; offset: number }, viewerId: string | null) {
  const [rows, [totalRow]] = await Promise.all([
    ctx.db
      .select({ user: users, profile: performers })
      .from(performers)
      .innerJoin(users, eq(users.id, performers.userId))
      .where(where)
      .orderBy(...order, asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(performers).innerJoin(users, eq(users.id, performers.userId)).where(where),
  ]);
  return { items: await presentProfiles(ctx, rows, viewerId), total: totalRow?.total ?? 0 };
}

const textFilter = (q: string) => {
  const pattern = `%${escapeLike(q)}%`;
  return or(ilike(users.username, pattern), ilike(users.name, pattern))!;
};

export async function searchPerformers(ctx: AppContext, query: PerformerSearch, audience: Audience = ANYONE) {
  const viewerId = audience.viewer?.id ?? null;
  const page = toPage(query);
  const filters: SQL[] = listedFor(ctx, audience);
  if (query.q) filters.push(textFilter(query.q));
  if (query.gender) filters.push(eq(users.gender, query.gender));
  if (query.countryCode) filters.push(eq(users.countryCode, query.countryCode.toUpperCase()));
  return pageOf(ctx, and(...filters), columnOrder(page), page, viewerId);
}

/** How the fans' creator search may sort: the three named orders, or a column of the creators' list. */
export const USER_SEARCH_SORTS = ['popular', 'newest', 'name', ...(Object.keys(performerSortColumns) as (keyof typeof performerSortColumns)[])] as const;
export type UserSearchSort = (typeof USER_SEARCH_SORTS)[number];

export interface UserSearch extends Omit<ListQuery, 'sortBy'> {
  sortBy?: UserSearchSort;
  gender?: string;
  country?: string;
  categoryId?: string;
}

/** Fans' creator search: active creators whose documents staff approved only. */
export async function userSearchPerformers(ctx: AppContext, query: UserSearch, audience: Audience) {
  const viewerId = audience.viewer?.id ?? null;
  const sortBy = query.sortBy ?? 'popular';
  const page = toPage({ ...query, sortBy });
  const filters: SQL[] = [...listedFor(ctx, audience), eq(performers.verifiedDocument, true)];
  if (query.q) filters.push(textFilter(query.q));
  if (query.gender) filters.push(eq(users.gender, query.gender));
  if (query.country) filters.push(eq(users.countryCode, query.country.toUpperCase()));
  if (query.categoryId) {
    filters.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(categoryPerformers)
          .where(and(eq(categoryPerformers.performerId, performers.userId), eq(categoryPerformers.categoryId, query.categoryId))),
      ),
    );
  }
  const direction = (fallback: 'asc' | 'desc') => ((query.sort ?? fallback) === 'asc' ? asc : desc);
  let order: SQL[];
  if (sortBy === 'popular') order = [direction('desc')(performers.subscribersCount), direction('desc')(performers.followersCount)];
  else if (sortBy === 'newest') order = [direction('desc')(performers.createdAt)];
  else if (sortBy === 'name') order = [direction('asc')(sql`lower(${users.name})`)];
  else order = columnOrder({ sortBy, sort: query.sort ?? 'desc' });
  return pageOf(ctx, and(...filters), order, page, viewerId);
}

/** A creator's two rows by id or by username (case-insensitive), as the /{profileId} route takes either. */
export async function findProfileRow(ctx: AppContext, idOrUsername: string, options: { listedOnly: boolean }): Promise<ProfileRow> {
  const match = isId(idOrUsername) ? eq(users.id, idOrUsername) : eq(sql`lower(${users.username})`, idOrUsername.toLowerCase());
  const [row] = await ctx.db
    .select({ user: users, profile: performers })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(and(match, ...(options.listedOnly ? listed() : [eq(users.role, 'performer')])))
    .limit(1);
  if (!row) throw notFound('performers.not_found', 'Creator not found');
  return row;
}

/** A creator's public profile by id or username, with whether the viewer follows them. */
export async function findPerformer(ctx: AppContext, idOrUsername: string, audience: Audience = ANYONE) {
  const viewerId = audience.viewer?.id ?? null;
  const row = await findProfileRow(ctx, idOrUsername, { listedOnly: true });
  // A fan the creator blocked, or a visitor from a country they hide from, finds no such creator.
  if (await isCreatorHiddenFrom(ctx.db, row.user.id, audience)) throw notFound('performers.not_found', 'Creator not found');
  const followed = viewerId
    ? (await ctx.db.select({ id: follows.performerId }).from(follows).where(and(eq(follows.followerId, viewerId), eq(follows.performerId, row.user.id))).limit(1)).length > 0
    : false;
  const [profile] = await presentProfiles(ctx, [row], viewerId);
  return { ...profile!, isFollowed: followed };
}

/** Active creators, most subscribed first (then most followed): the platform's top list. */
export async function topPerformers(ctx: AppContext, limit: number, audience: Audience = ANYONE) {
  const rows = await ctx.db
    .select({ user: users, profile: performers })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(and(...listedFor(ctx, audience)))
    .orderBy(desc(performers.subscribersCount), desc(performers.followersCount), asc(users.id))
    .limit(limit);
  return presentProfiles(ctx, rows, audience.viewer?.id ?? null);
}

/** A random handful of active creators, different on every call (discovery). */
export async function randomPerformers(ctx: AppContext, limit: number, audience: Audience = ANYONE) {
  const rows = await ctx.db
    .select({ user: users, profile: performers })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(and(...listedFor(ctx, audience)))
    .orderBy(sql`random()`)
    .limit(limit);
  return presentProfiles(ctx, rows, audience.viewer?.id ?? null);
}
