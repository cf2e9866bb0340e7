/**
 * Who may not see a creator: fans the creator blocked (`user_blocks`) and visitors from the
 * countries the creator listed (`performer_blocked_countries`). A blocked fan sees nothing of
 * the creator: every list of the creator's items filters with `visibleTo`, every single item
 * answers 404 through `blockedSql`/`isBlocked`, and actions (follow, comment, buy, tip)
 * refuse with `assertNotBlocked`. Staff are never hidden from.
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { performerBlockedCountries, userBlocks } from '../domains/blocks/blocks.tables.js';
import { countryOfIp } from '../domains/reference/index.js';
import { forbidden } from '../http/errors.js';
import type { Viewer } from './entitlement.js';

export const BLOCKED_MESSAGE = 'This creator has blocked you';

/** A viewer blocks may apply to: signed in and not staff. */
const blockable = (viewer: Viewer): viewer is NonNullable<Viewer> => viewer !== null && viewer.role !== 'admin';

/** The ids of the creators who blocked this user, as a subquery. */
export const blockersOf = (db: DbOrTx, userId: string) => db.select({ id: userBlocks.performerId }).from(userBlocks).where(eq(userBlocks.userId, userId));

/** SQL true when the creator in `creatorColumn` blocked the viewer (false for anonymous and staff viewers): for a select list. */
export function blockedSql(db: DbOrTx, viewer: Viewer, creatorColumn: AnyPgColumn): SQL<boolean> {
  return blockable(viewer) ? sql<boolean>`coalesce(${inArray(creatorColumn, blockersOf(db, viewer.id))}, false)` : sql<boolean>`false`;
}

/** A list filter: only items whose creator (`creatorColumn`) did not block the viewer. Undefined (no filter) when nobody can be blocked. */
export function visibleTo(db: DbOrTx, viewer: Viewer, creatorColumn: AnyPgColumn): SQL | undefined {
  return blockable(viewer) ? not(inArray(creatorColumn, blockersOf(db, viewer.id))) : undefined;
}

/** Whether the creator blocked this user. */
export async function isBlocked(db: DbOrTx, creatorId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userBlocks.userId })
    .from(userBlocks)
    .where(and(eq(userBlocks.performerId, creatorId), eq(userBlocks.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Refuses (403 `blocks.blocked`) what a blocked fan tries to do with the creator: follow, comment, buy, tip. */
export async function assertNotBlocked(db: DbOrTx, creatorId: string, viewer: Viewer): Promise<void> {
  if (blockable(viewer) && viewer.id !== creatorId && (await isBlocked(db, creatorId, viewer.id))) throw forbidden('blocks.blocked', BLOCKED_MESSAGE);
}

/** The two-letter country of the request's address; null for local and unknown addresses (never hidden from). */
export const countryOfRequest = (request: FastifyRequest): string | null => countryOfIp(request.ip);

/** The ids of the creators who hide from this country, as a subquery. */
export const hidingFrom = (db: DbOrTx, country: string) =>
  db.select({ id: performerBlockedCountries.performerId }).from(performerBlockedCountries).where(eq(performerBlockedCountries.countryCode, country.toUpperCase()));

/** A list filter: only creators (`creatorColumn`) who do not hide from `country`. Undefined when the country is unknown. */
export function shownInCountry(db: DbOrTx, country: string | null, creatorColumn: AnyPgColumn): SQL | undefined {
  return country ? not(inArray(creatorColumn, hidingFrom(db, country))) : undefined;
}

/** Whether a creator hides from visitors of this country (never from an unknown one). */
export async function isHiddenFromCountry(db: DbOrTx, creatorId: string, country: string | null): Promise<boolean> {
  if (!country) return false;
  const [row] = await db
    .select({ id: performerBlockedCountries.performerId })
    .from(performerBlockedCountries)
    .where(and(eq(performerBlockedCountries.performerId, creatorId), eq(performerBlockedCountries.countryCode, country.toUpperCase())))
    .limit(1);
  return row !== undefined;
}

/** Who is looking: the signed-in viewer (or nobody) and the country of their address. */
export interface Audience {
  viewer: Viewer;
  country: string | null;
}

export const audienceOf = (request: FastifyRequest): Audience => ({ viewer: request.auth?.user ?? null, country: countryOfRequest(request) });

/**
 * A list filter on creators (`creatorColumn`, a creator's user id) for this audience: not
 * blocking the viewer, not hiding from their country. For creator search and every list of
 * a creator's items. The creator themself and staff always see the creator.
 */
export function creatorShownTo(db: DbOrTx, audience: Audience, creatorColumn: AnyPgColumn): SQL | undefined {
  const filters = [visibleTo(db, audience.viewer, creatorColumn), audience.viewer?.role === 'admin' ? undefined : shownInCountry(db, audience.country, creatorColumn)].filter(
    (f): f is SQL => f !== undefined,
  );
  if (filters.length === 0) return undefined;
  return audience.viewer ? or(eq(creatorColumn, audience.viewer.id), and(...filters)) : and(...filters);
}

/** Whether this creator is hidden from this audience (a profile or an item by id answers 404 then). */
export async function isCreatorHiddenFrom(db: DbOrTx, creatorId: string, audience: Audience): Promise<boolean> {
  const { viewer, country } = audience;
  if (viewer && (viewer.id === creatorId || viewer.role === 'admin')) return false;
  if (viewer && (await isBlocked(db, creatorId, viewer.id))) return true;
  return isHiddenFromCountry(db, creatorId, country);
}

/** SQL true when the creator in `creatorColumn` is hidden from this audience (blocked them, or hides from their country): for a select list. */
export function hiddenSql(db: DbOrTx, audience: Audience, creatorColumn: AnyPgColumn): SQL<boolean> {
  const shown = creatorShownTo(db, audience, creatorColumn);
  return shown ? sql<boolean>`not coalesce(${shown}, true)` : sql<boolean>`false`;
}
