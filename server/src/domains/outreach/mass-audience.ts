/**
 * Who a mass message goes to. `subscribers`: the creator's subscriptions that hold access now
 * (active, not expired); `followers`: the `follows` rows; `lists`: the members of the
 * creator's own lists named in `listIds` who still follow the creator or have subscribed to
 * them. Never the creator, never an inactive account, never a fan the creator blocked
 * (`user_blocks`). Read in pages ordered by user id, so a job resumes from the last id sent.
 */
import { and, asc, eq, exists, gt, inArray, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../accounts/accounts.tables.js';
import { userBlocks } from '../blocks/blocks.tables.js';
import { follows } from '../follows/follows.tables.js';
import { subscriptions } from '../subscriptions/subscriptions.tables.js';
import { categorizedListMembers, categorizedLists, type MassAudience } from './outreach.tables.js';
import { unprocessable } from '../../http/errors.js';
import type { AudienceInput } from './outreach.schemas.js';

/** SQL true when the user in `userColumn` follows the creator or has (or had) a subscription to them. */
export function relatedFan(db: DbOrTx, creatorId: string, userColumn: AnyPgColumn): SQL {
  const one = sql`1`;
  return or(
    exists(db.select({ one }).from(follows).where(and(eq(follows.performerId, creatorId), eq(follows.followerId, userColumn)))),
    exists(db.select({ one }).from(subscriptions).where(and(eq(subscriptions.performerId, creatorId), eq(subscriptions.userId, userColumn)))),
  )!;
}

/** The audience as stored: `listIds` only for `lists`, each one of the creator's own lists (422 `mass_messages.audience_invalid`). */
export async function checkAudience(db: DbOrTx, creatorId: string, audience: AudienceInput): Promise<MassAudience> {
  const listIds = [...new Set(audience.listIds ?? [])];
  if (audience.kind !== 'lists') {
    if (listIds.length > 0) throw unprocessable('mass_messages.audience_invalid', 'body.audience.listIds: only with kind lists');
    return { kind: audience.kind };
  }
  if (listIds.length === 0) throw unprocessable('mass_messages.audience_invalid', 'body.audience.listIds: name at least one of your lists');
  const own = await db
    .select({ id: categorizedLists.id })
    .from(categorizedLists)
    .where(and(eq(categorizedLists.performerId, creatorId), inArray(categorizedLists.id, listIds)));
  if (own.length !== listIds.length) throw unprocessable('mass_messages.audience_invalid', 'body.audience.listIds: a list is not one of yours');
  return { kind: 'lists', listIds };
}

function candidates(db: DbOrTx, creatorId: string, audience: MassAudience, now: Date) {
  switch (audience.kind) {
    case 'subscribers':
      return db
        .select({ id: subscriptions.userId })
        .from(subscriptions)
        .where(and(eq(subscriptions.performerId, creatorId), eq(subscriptions.status, 'active'), gt(subscriptions.expiredAt, now)));
    case 'followers':
      return db.select({ id: follows.followerId }).from(follows).where(eq(follows.performerId, creatorId));
    case 'lists':
      return db
        .select({ id: categorizedListMembers.userId })
        .from(categorizedListMembers)
        .innerJoin(categorizedLists, eq(categorizedLists.id, categorizedListMembers.listId))
        .where(and(eq(categorizedLists.performerId, creatorId), inArray(categorizedLists.id, audience.listIds ?? [])));
  }
}

/** The next `limit` recipients after the user id `after` (from the start when null), in id order. */
export async function recipientsAfter(db: DbOrTx, creatorId: string, audience: MassAudience, now: Date, after: string | null, limit: number): Promise<string[]> {
  const blocked = db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.performerId, creatorId), eq(userBlocks.userId, users.id)));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, candidates(db, creatorId, audience, now)),
        eq(users.status, 'active'),
        ne(users.id, creatorId),
        notExists(blocked),
        audience.kind === 'lists' ? relatedFan(db, creatorId, users.id) : undefined,
        after ? gt(users.id, after) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
