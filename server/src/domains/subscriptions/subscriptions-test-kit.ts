import { eq, inArray } from 'drizzle-orm';
import type { App } from '../../app.js';
import type { AppContext } from '../../context.js';
import { jobs, performers, subscriptionPayments, subscriptions } from '../../db/schema/index.js';
import { freshKey } from '../wallet/wallet-test-kit.js';
import { renewalKey } from './subscription-state.js';

/** Shared by the subscription tests (not a test file itself). */

export const SUBSCRIBE_PATH = '/payment/subscribe/performers';

/** Subscribes through the API; a fresh Idempotency-Key unless one is given. */
export function subscribeCall(app: App, token: string, body: Record<string, unknown>, headers: { key?: string; quote?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `/api${SUBSCRIBE_PATH}`,
    headers: { authorization: token, 'idempotency-key': headers.key ?? freshKey('subscribe'), ...(headers.quote ? { 'x-fandeck-quote': headers.quote } : {}) },
    payload: body,
  });
}

/** Resumes through the `resume` money action (`/quote` with `quote: true`); a fresh Idempotency-Key unless one is given. */
export function resumeCall(app: App, token: string, id: string, headers: { key?: string; quote?: string | true; extra?: Record<string, string> } = {}) {
  const quoting = headers.quote === true;
  return app.inject({
    method: 'POST',
    url: `/api/subscriptions/${id}/resume${quoting ? '/quote' : ''}`,
    headers: {
      authorization: token,
      ...(quoting ? {} : { 'idempotency-key': headers.key ?? freshKey('resume') }),
      ...(typeof headers.quote === 'string' ? { 'x-fandeck-quote': headers.quote } : {}),
      ...headers.extra,
    },
    payload: {},
  });
}

export const setPrices = (ctx: AppContext, creatorId: string, prices: Partial<typeof performers.$inferInsert>) =>
  ctx.db.update(performers).set(prices).where(eq(performers.userId, creatorId));

export async function subscriptionOf(ctx: AppContext, fanId: string, creatorId: string) {
  const rows = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fanId));
  return rows.find((row) => row.performerId === creatorId);
}

export const paymentsOf = (ctx: AppContext, subscriptionId: string) =>
  ctx.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.subscriptionId, subscriptionId)).orderBy(subscriptionPayments.periodStart);

export async function subscribersCount(ctx: AppContext, creatorId: string): Promise<number> {
  const [row] = await ctx.db.select({ n: performers.subscribersCount }).from(performers).where(eq(performers.userId, creatorId));
  return row!.n;
}

/** The subscription's unfinished renewal jobs (at most one). */
export const pendingRenewals = (ctx: AppContext, subscriptionId: string) =>
  ctx.db
    .select()
    .from(jobs)
    .where(eq(jobs.singletonKey, renewalKey(subscriptionId)))
    .then((rows) => rows.filter((row) => row.status === 'queued' || row.status === 'running'));

export const paymentsOfAll = (ctx: AppContext, subscriptionIds: string[]) =>
  subscriptionIds.length ? ctx.db.select().from(subscriptionPayments).where(inArray(subscriptionPayments.subscriptionId, subscriptionIds)) : Promise.resolve([]);

/** A clock tests set and move (the app and its job queue read it). */
export function settableClock(start: Date) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set(at: Date) {
      current = at.getTime();
    },
    advance(ms: number) {
      current += ms;
    },
  };
}
