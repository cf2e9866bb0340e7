import { eq, inArray } from 'drizzle-orm';
import type { App } from '../../app.js';
import type { AppContext } from '../../context.js';
import { users, walletCharges } from '../../db/schema/index.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { balancesOf, postMovement } from '../../money/ledger/ledger.js';
import type { Realtime } from '../../realtime/realtime.js';

/** Shared by the wallet tests (not a test file itself). */

export interface SentEvent {
  userId: string;
  event: string;
  payload: unknown;
}

/** A realtime that records what would have been sent, for asserting live events. */
export function recordingRealtime(): Realtime & { events: SentEvent[] } {
  const events: SentEvent[] = [];
  return {
    events,
    emitToUser: (userId, event, payload) => void events.push({ userId, event, payload }),
    emitToRoom: () => undefined,
    addRoomPolicy: () => undefined,
    disconnectToken: () => undefined,
    disconnectUser: () => undefined,
    attach: async () => ({}) as never,
    close: async () => undefined,
  };
}

let keys = 0;
/** A fresh Idempotency-Key, as our own clients send with every money action. */
export const freshKey = (prefix = 'test') => `${prefix}-${process.pid}-${Date.now().toString(36)}-${(keys += 1)}`;

/**
 * Tips through the API. `idempotencyKey`: a fresh one when omitted, none at all with null
 * (a fresh action, as existing clients send it), or the given one (retries, reuse).
 */
export function tip(app: App, token: string | undefined, creator: string, payload: unknown, idempotencyKey: string | null = freshKey('tip'), extraHeaders: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/wallet/charges/tip/${encodeURIComponent(creator)}`,
    headers: { ...(token ? { authorization: token } : {}), ...(idempotencyKey !== null ? { 'idempotency-key': idempotencyKey } : {}), ...extraHeaders },
    payload: payload as Record<string, unknown>,
  });
}

/** Asks for the quote of a money action: `path` is the action's path under /api. */
export function quote(app: App, token: string, path: string, payload: unknown) {
  return app.inject({ method: 'POST', url: `/api${path}/quote`, headers: { authorization: token }, payload: payload as Record<string, unknown> });
}

export async function setReferrer(ctx: AppContext, userId: string, referrerId: string | null) {
  await ctx.db.update(users).set({ referredBy: referrerId }).where(eq(users.id, userId));
}

/** Credits a wallet straight through the ledger, as a settled top-up would. */
export async function topUp(ctx: AppContext, userId: string, cents: number) {
  await ctx.db.transaction((tx) =>
    postMovement(tx, {
      kind: 'topup',
      referenceType: 'test',
      referenceId: userId,
      postings: [
        { account: accountKeys.gateway('test'), amountCents: -cents },
        { account: accountKeys.wallet(userId), amountCents: cents },
      ],
    }),
  );
}

export const walletOf = async (ctx: AppContext, userId: string) => (await balancesOf(ctx.db, [accountKeys.wallet(userId)])).get(accountKeys.wallet(userId))!;
export const earningsOf = async (ctx: AppContext, userId: string) =>
  (await balancesOf(ctx.db, [accountKeys.earnings(userId)])).get(accountKeys.earnings(userId))!;
export const referralOf = async (ctx: AppContext, userId: string) =>
  (await balancesOf(ctx.db, [accountKeys.referral(userId)])).get(accountKeys.referral(userId))!;
export const platformBalance = async (ctx: AppContext) => (await balancesOf(ctx.db, [accountKeys.platform()])).get(accountKeys.platform())!;

export async function chargesOf(ctx: AppContext, buyerIds: string[]) {
  return ctx.db.select().from(walletCharges).where(inArray(walletCharges.userId, buyerIds));
}

/** What a payout request does to the creator's earnings (payouts.service): `cents` reserved, leaving the earnings account. */
export function reservePayout(ctx: AppContext, creatorId: string, cents: number) {
  return ctx.db.transaction((tx) =>
    postMovement(tx, {
      kind: 'payout_reserve',
      referenceType: 'payout_request',
      referenceId: creatorId,
      postings: [
        { account: accountKeys.earnings(creatorId), amountCents: -cents },
        { account: accountKeys.payout(creatorId), amountCents: cents },
      ],
    }),
  );
}
