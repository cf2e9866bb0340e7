/**
 * The filters every creator list takes (`/performers/search`, `/performers/user/search`,
 * `/performers/top`, `/performers/search/random`), as existing clients send them
 * (api-contract.md section 7):
 *
 * - `categoryIds`: comma-separated ids and/or the key repeated; creators in any of them
 *   (and `categoryId`, one id, as the fans' search took it first).
 *   A malformed id is a 400 naming `querystring.categoryIds` (`request.invalid`), an id
 *   of no category a 400 `categories.not_found` naming it too;
 * - `isFreeSubscription=true|false`: creators a fan may subscribe to for free now (the
 *   creator offers it and the platform's `freeSubscriptionEnabled` setting allows it), or
 *   those who do not. Anything but `true` or `false` is a 400;
 * - `gender`, `country` (or `countryCode`), the body attributes of the profile
 *   (`height`, `weight`, `age`, `bodyType`, `ethnicity`, `size`, `hair`, `eyes`,
 *   `sexualOrientation`, values of GET /user-additional) and `q` (name or username);
 * - `live=true|false`: creators broadcasting a public stream now, or those who are not.
 *
 * An empty value (`categoryIds=`) never reaches here: it is absent (http/existing-clients.ts).
 */
import { and, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CREATOR_ATTRIBUTE_FILTERS } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { users } from '../accounts/accounts.tables.js';
import { performerCategories } from '../categories/categories.tables.js';
import { categoryPerformers, performers } from './performers.tables.js';
import { streams } from '../streaming/streaming.tables.js';
import { badRequest } from '../../http/errors.js';
import { escapeLike } from '../../http/pagination.js';
import { countryCodeSchema, genderSchema } from '../accounts/index.js';
import { readSettings } from '../settings/index.js';
import { bodyAttributeBand } from './performer-profile.schemas.js';

/** What a list's documentation says of these filters. */
export const FILTERS_DESCRIPTION =
  'Filters: categoryIds (comma-separated or repeated; creators in any; categoryId: one more), isFreeSubscription (true or false: a free subscription a fan may take now), live (true or false: broadcasting a public stream now), gender, country (or countryCode), height, weight, age, bodyType, ethnicity, size, hair, eyes, sexualOrientation (values of GET /user-additional), q (name or username). An unknown or malformed value is a 400 naming the parameter.';

/** Whether the creator (the row of `users` in the query) is broadcasting a public stream now. */
export const isLive = sql<boolean>`exists (select 1 from ${streams} where ${streams.performerId} = ${users.id} and ${streams.type} = 'public' and ${streams.state} = 'broadcasting')`;

/** The most categories one search may name. */
export const CATEGORY_FILTER_MAX = 50;

/** `a,b` and `categoryIds=a&categoryIds=b` (and both at once) as one list; nothing left is absent. */
function splitList(value: unknown): unknown {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
  const kept = parts.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
  return kept.length === 0 ? undefined : kept;
}

const categoryIdsSchema = z.preprocess(
  splitList,
  z
    .array(z.string())
    .max(CATEGORY_FILTER_MAX, `must name at most ${CATEGORY_FILTER_MAX} categories`)
    .refine((ids) => ids.every((id) => ID_PATTERN.test(id)), 'must be category ids, comma-separated or repeated')
    .optional(),
);

const booleanWord = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((word) => word === 'true');

/** The body attributes a creator list filters on: the profile's columns, with their values. */
export const ATTRIBUTE_FILTERS = CREATOR_ATTRIBUTE_FILTERS;
type AttributeFilter = (typeof ATTRIBUTE_FILTERS)[number];

/** The querystring keys of the filters, to extend a list's query with. */
export const creatorFilterShape = {
  gender: genderSchema.optional(),
  country: countryCodeSchema.optional(),
  countryCode: countryCodeSchema.optional(),
  categoryIds: categoryIdsSchema,
  categoryId: z.string().regex(ID_PATTERN, 'must be a category id').optional(),
  isFreeSubscription: booleanWord.optional(),
  live: booleanWord.optional(),
  height: bodyAttributeBand('height').optional(),
  weight: bodyAttributeBand('weight').optional(),
  age: bodyAttributeBand('age').optional(),
  bodyType: bodyAttributeBand('bodyType').optional(),
  ethnicity: bodyAttributeBand('ethnicity').optional(),
  size: bodyAttributeBand('size').optional(),
  hair: bodyAttributeBand('hair').optional(),
  eyes: bodyAttributeBand('eyes').optional(),
  sexualOrientation: bodyAttributeBand('sexualOrientation').optional(),
};

export type CreatorFilters = { q?: string | undefined } & Partial<{ [K in AttributeFilter]: string | undefined }> & {
  gender?: string | undefined;
  country?: string | undefined;
  countryCode?: string | undefined;
  categoryIds?: string[] | undefined;
  /** One category, as the fans' search took it before `categoryIds`: creators in it or in any of those. */
  categoryId?: string | undefined;
  isFreeSubscription?: boolean | undefined;
  /** Broadcasting a public stream now (true), or not (false). */
  live?: boolean | undefined;
};

/** A creator whose name or username contains `q` (literally: `%` and `_` match themselves). */
export const textFilter = (q: string): SQL => {
  const pattern = `%${escapeLike(q)}%`;
  return or(ilike(users.username, pattern), ilike(users.name, pattern))!;
};

/** 400 `categories.not_found` naming the parameter(s) that hold an id of no category; else the ids, once each. */
async function checkCategories(ctx: AppContext, byParameter: Readonly<Record<string, readonly string[]>>): Promise<string[]> {
  const unique = [...new Set(Object.values(byParameter).flat())];
  const found = await ctx.db.select({ id: performerCategories.id }).from(performerCategories).where(inArray(performerCategories.id, unique));
  const known = new Set(found.map((row) => row.id));
  const wrong = Object.entries(byParameter).flatMap(([parameter, ids]) => {
    const missing = ids.filter((id) => !known.has(id));
    return missing.length ? [{ field: `querystring.${parameter}`, missing }] : [];
  });
  if (wrong.length > 0) {
    const message = wrong.map(({ field, missing }) => `${field}: no such category: ${missing.join(', ')}`).join('; ');
    throw badRequest('categories.not_found', message, wrong.map(({ field }) => field));
  }
  return unique;
}

/**
 * The conditions of these filters on a query of `performers` joined with `users`. Reads the
 * categories (when named) and the free-subscription setting (when asked about) once each.
 */
export async function creatorFilterConditions(ctx: AppContext, filters: CreatorFilters): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (filters.q) conditions.push(textFilter(filters.q));
  if (filters.gender) conditions.push(eq(users.gender, filters.gender));
  const country = filters.country ?? filters.countryCode;
  if (country) conditions.push(eq(users.countryCode, country.toUpperCase()));
  for (const key of ATTRIBUTE_FILTERS) {
    const value = filters[key];
    if (value) conditions.push(eq(performers[key], value));
  }
  const named = { ...(filters.categoryIds?.length ? { categoryIds: filters.categoryIds } : {}), ...(filters.categoryId ? { categoryId: [filters.categoryId] } : {}) };
  if (Object.keys(named).length > 0) {
    const ids = await checkCategories(ctx, named);
    const inCategory = ctx.db
      .select({ one: sql`1` })
      .from(categoryPerformers)
      .where(and(eq(categoryPerformers.performerId, performers.userId), inArray(categoryPerformers.categoryId, ids)));
    conditions.push(exists(inCategory));
  }
  if (filters.live !== undefined) conditions.push(filters.live ? isLive : sql`not ${isLive}`);
  if (filters.isFreeSubscription !== undefined) {
    // As the subscribe action decides: the creator offers it and the platform allows it now.
    const { freeSubscriptionEnabled } = await readSettings(ctx.db, ['freeSubscriptionEnabled'] as const);
    if (filters.isFreeSubscription) conditions.push(freeSubscriptionEnabled ? eq(performers.freeSubscriptionEnabled, true) : sql`false`);
    else if (freeSubscriptionEnabled) conditions.push(eq(performers.freeSubscriptionEnabled, false));
  }
  return conditions;
}
