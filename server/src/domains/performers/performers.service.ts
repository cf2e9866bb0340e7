import { contentTotals } from '../../content/totals.js';
import { creatorShownTo, isCreatorHiddenFrom, type Audience } from '../../content/blocks.js';
import { and, asc, count, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { isId } from '../../db/schema/ids.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { performerCategories } from '../categories/categories.tables.js';
import { follows } from '../follows/follows.tables.js';
import { reactions } from '../reactions/reactions.tables.js';
import { streams } from '../streaming/streaming.tables.js';
import { categoryPerformers, performers } from './performers.tables.js';
import { notFound } from '../../http/errors.js';
import { sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { readSettings } from '../settings/index.js';
import { PLAN_LIMIT_KEYS, planOffers, viewerRelations } from '../subscriptions/index.js';
import { creatorFilterConditions, isLive, type CreatorFilters } from './performer-filters.js';
import { presentPerformer, presentWelcomeVideo, type PerformerDto, type ProfileCategoryDto, type ProfileExtras } from './performers.presenter.js';

type ProfileRow = { user: typeof users.$inferSelect; profile: typeof performers.$inferSelect };


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

/** Which of these creators the viewer bookmarked and follows: one query for the page, none signed out. */
async function viewerMarks(ctx: AppContext, viewerId: string | null, ids: readonly string[]): Promise<{ bookmarked: Set<string>; followed: Set<string> }> {
  if (!viewerId) return { bookmarked: new Set(), followed: new Set() };
  const rows = await ctx.db
    .select({ id: reactions.objectId, mark: sql<string>`'bookmark'` })
    .from(reactions)
    .where(and(eq(reactions.userId, viewerId), eq(reactions.objectType, 'performer'), eq(reactions.action, 'bookmark'), inArray(reactions.objectId, [...ids])))
    .unionAll(
      ctx.db
        .select({ id: follows.performerId, mark: sql<string>`'follow'` })
        .from(follows)
        .where(and(eq(follows.followerId, viewerId), inArray(follows.performerId, [...ids]))),
    );
  const bookmarked = new Set(rows.filter((row) => row.mark === 'bookmark').map((row) => row.id));
  const followed = new Set(rows.filter((row) => row.mark === 'follow').map((row) => row.id));
  return { bookmarked, followed };
}

/**
 * Profiles as a viewer sees them, with their categories, welcome video, plans and the
 * viewer's subscriptions loaded in one query each for the whole page.
 */
export async function presentProfiles(ctx: AppContext, rows: readonly ProfileRow[], viewerId: string | null): Promise<PerformerDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.user.id);
  const videoIds = rows.map((r) => r.profile.welcomeVideoFileId).filter((id): id is string => id !== null);
  const [totals, chosen, videos, relations, limits, liveRows, marks] = await Promise.all([
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
    viewerMarks(ctx, viewerId, ids),
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
      totals: totals.get(user.id) ?? { feeds: 0, photos: 0, videos: 0, products: 0, likes: 0 },
      plans: planOffers(profile, limits),
      viewer: relations.get(user.id),
      live: liveIds.has(user.id),
      isBookMarked: marks.bookmarked.has(user.id),
      isFollowed: marks.followed.has(user.id),
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

export interface PerformerSearch extends ListQuery, CreatorFilters {}

export async function searchPerformers(ctx: AppContext, query: PerformerSearch, audience: Audience = ANYONE) {
  const viewerId = audience.viewer?.id ?? null;
  const page = toPage(query);
  const filters: SQL[] = [...listedFor(ctx, audience), ...(await creatorFilterConditions(ctx, query))];
  return pageOf(ctx, and(...filters), columnOrder(page), page, viewerId);
}

/** How the fans' creator search may sort: the three named orders, or a column of the creators' list. */
export const USER_SEARCH_SORTS = ['popular', 'newest', 'name', ...(Object.keys(performerSortColumns) as (keyof typeof performerSortColumns)[])] as const;
export type UserSearchSort = (typeof USER_SEARCH_SORTS)[number];

export interface UserSearch extends Omit<ListQuery, 'sortBy'>, CreatorFilters {
  sortBy?: UserSearchSort;
}

/** Fans' creator search: active creators whose documents staff approved only. */
export async function userSearchPerformers(ctx: AppContext, query: UserSearch, audience: Audience) {
  const viewerId = audience.viewer?.id ?? null;
  const sortBy = query.sortBy ?? 'popular';
  const page = toPage({ ...query, sortBy });
  const filters: SQL[] = [...listedFor(ctx, audience), eq(performers.verifiedDocument, true), ...(await creatorFilterConditions(ctx, query))];
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

/** A creator's public profile by id or username, with whether the viewer follows and bookmarked them. */
export async function findPerformer(ctx: AppContext, idOrUsername: string, audience: Audience = ANYONE) {
  const viewerId = audience.viewer?.id ?? null;
  const row = await findProfileRow(ctx, idOrUsername, { listedOnly: true });
  // A fan the creator blocked, or a visitor from a country they hide from, finds no such creator.
  if (await isCreatorHiddenFrom(ctx.db, row.user.id, audience)) throw notFound('performers.not_found', 'Creator not found');
  const [profile] = await presentProfiles(ctx, [row], viewerId);
  return profile!;
}

/** Active creators, most subscribed first (then most followed): the platform's top list. */
export async function topPerformers(ctx: AppContext, limit: number, audience: Audience = ANYONE, filters: CreatorFilters = {}) {
  const conditions = await creatorFilterConditions(ctx, filters);
  const rows = await ctx.db
    .select({ user: users, profile: performers })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(and(...listedFor(ctx, audience), ...conditions))
    .orderBy(desc(performers.subscribersCount), desc(performers.followersCount), asc(users.id))
    .limit(limit);
  return presentProfiles(ctx, rows, audience.viewer?.id ?? null);
}

/** A random handful of active creators, different on every call (discovery). */
export async function randomPerformers(ctx: AppContext, limit: number, audience: Audience = ANYONE, filters: CreatorFilters = {}) {
  const conditions = await creatorFilterConditions(ctx, filters);
  const rows = await ctx.db
    .select({ user: users, profile: performers })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(and(...listedFor(ctx, audience), ...conditions))
    .orderBy(sql`random()`)
    .limit(limit);
  return presentProfiles(ctx, rows, audience.viewer?.id ?? null);
}
