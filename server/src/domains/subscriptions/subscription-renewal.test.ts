import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { feeds, jobs, notifications } from '../../db/schema/index.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { walletCharging } from '../wallet/wallet-charging.js';
import { earningsOf, platformBalance, recordingRealtime, topUp, walletOf } from '../wallet/wallet-test-kit.js';
import { addMonths, DAY_MS } from './plans.js';
import { GRACE_MS, RENEWAL_FAILED, renewSubscription } from './subscription-renewal.js';
import { RENEW_QUEUE } from './subscription-state.js';
import { paymentsOf, pendingRenewals, resumeCall, setPrices, settableClock, subscribeCall, subscribersCount, subscriptionOf } from './subscriptions-test-kit.js';

const realtime = recordingRealtime();
// The last day of a month, so every renewal has a day to clamp (and 2028 is a leap year).
const clock = settableClock(new Date('2027-01-31T10:00:00.000Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime, now: clock.now });
});
// Each test counts the jobs its own subscription runs: those left by earlier tests go.
beforeEach(async () => {
  await t.ctx.db.delete(jobs);
});
afterAll(async () => {
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  await t?.close();
});

const MONTHLY = 990;
// performerCommission 0.2 by default: the creator earns floor(990 * 0.8), the platform the rest.
const EARNED = 792;

async function setup(balanceCents: number) {
  const creator = await createUser(t.ctx, { role: 'performer' });
  await setPrices(t.ctx, creator.id, { monthlyPriceCents: MONTHLY });
  const fan = await createUser(t.ctx, { balanceCents });
  const token = await signIn(t.app, fan.email);
  const res = await subscribeCall(t.app, token, { performerId: creator.id, type: 'monthly' });
  expect(res.statusCode, res.body).toBe(200);
  const row = (await subscriptionOf(t.ctx, fan.id, creator.id))!;
  return { creator, fan, token, row };
}

/** Moves the clock to `at` and runs every job due by then. */
async function runAt(at: Date) {
  clock.set(at);
  return t.ctx.jobs.drain();
}

describe('renewal by the durable job', () => {
  it('renews a monthly subscription 12 times at its expiry, each charge exact, the expiry chain in calendar months', async () => {
    const start = clock.now();
    const { creator, fan, row } = await setup(13 * MONTHLY);
    const platformBefore = await platformBalance(t.ctx);
    expect(row.expiredAt).toEqual(addMonths(start, 1));
    expect(row.expiredAt!.toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(await subscribersCount(t.ctx, creator.id)).toBe(1);

    let expiry = row.expiredAt!;
    for (let renewal = 1; renewal <= 12; renewal += 1) {
      // Nothing happens before the expiry.
      expect(await runAt(new Date(expiry.getTime() - 1000))).toBe(0);
      expect(await runAt(expiry)).toBe(1);
      const now = (await subscriptionOf(t.ctx, fan.id, creator.id))!;
      // Counted from the first day (Jan 31), so a short month does not pull every later expiry back.
      expect(now.expiredAt).toEqual(addMonths(start, renewal + 1));
      expect(now).toMatchObject({ status: 'active', renewals: renewal, graceUntil: null });
      expect(await walletOf(t.ctx, fan.id)).toBe((12 - renewal) * MONTHLY);
      expect(await earningsOf(t.ctx, creator.id)).toBe((renewal + 1) * EARNED);
      expect(await subscribersCount(t.ctx, creator.id)).toBe(1);
      expiry = now.expiredAt!;
    }
    expect(expiry.toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect((await platformBalance(t.ctx)) - platformBefore).toBe(12 * (MONTHLY - EARNED));

    const payments = await paymentsOf(t.ctx, row.id);
    expect(payments).toHaveLength(13);
    expect(payments.map((p) => p.kind)).toEqual(['new', ...Array(12).fill('renewal')]);
    for (const [index, payment] of payments.entries()) {
      expect(payment).toMatchObject({ priceCents: MONTHLY, earningsCents: EARNED, platformCents: MONTHLY - EARNED, referralCents: 0 });
      // Each period starts where the last ended: no gap, no overlap.
      expect(payment.periodStart).toEqual(index === 0 ? start : payments[index - 1]!.periodEnd);
      expect(payment.periodEnd).toEqual(addMonths(start, index + 1));
    }
    // Live: each renewal moved both balances.
    const renewals = realtime.events.filter((e) => e.event === 'update_balance' && e.userId === fan.id);
    expect(renewals.at(-1)!.payload).toEqual({ token: -9.9, balance: 0 });
    expect(realtime.events.filter((e) => e.event === 'update_balance' && e.userId === creator.id).at(-1)!.payload).toEqual({ token: 7.92, balance: (13 * EARNED) / 100, account: 'earnings' });
    // The next renewal is already scheduled, once.
    expect((await pendingRenewals(t.ctx, row.id)).map((job) => job.runAt)).toEqual([expiry]);
  });

  it('a short balance is retried for the grace period with one notification, then the subscription ends and the count returns to 0', async () => {
    const { creator, fan, row } = await setup(MONTHLY);
    const expiry = row.expiredAt!;
    realtime.events.length = 0;

    expect(await runAt(expiry)).toBe(1);
    let now = (await subscriptionOf(t.ctx, fan.id, creator.id))!;
    expect(now).toMatchObject({ status: 'active', failedRenewals: 1, renewals: 0, expiredAt: expiry });
    expect(now.graceUntil).toEqual(new Date(expiry.getTime() + GRACE_MS));
    // Access ended at the expiry: not counted, though still being retried.
    expect(await subscribersCount(t.ctx, creator.id)).toBe(0);
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, fan.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: RENEWAL_FAILED, data: { performerId: creator.id, performerName: creator.name, price: 9.9 } });
    // The fan's own notices (the creator's new-subscriber notice may land at any time after the subscribe).
    expect(realtime.events.filter((e) => e.event === 'send_notification' && e.userId === fan.id)).toEqual([
      { userId: fan.id, event: 'send_notification', payload: expect.objectContaining({ _id: notes[0]!.id, type: RENEWAL_FAILED }) },
    ]);
    expect(await paymentsOf(t.ctx, row.id)).toHaveLength(1);
    expect(await walletOf(t.ctx, fan.id)).toBe(0);

    // Retried a day later: still short, no second notification.
    expect(await runAt(new Date(expiry.getTime() + DAY_MS - 1))).toBe(0);
    expect(await runAt(new Date(expiry.getTime() + DAY_MS))).toBe(1);
    now = (await subscriptionOf(t.ctx, fan.id, creator.id))!;
    expect(now).toMatchObject({ status: 'active', failedRenewals: 2 });
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, fan.id))).toHaveLength(1);

    expect(await runAt(new Date(expiry.getTime() + 2 * DAY_MS))).toBe(1);
    // The last try, at the end of grace: still short, so it ends.
    expect(await runAt(now.graceUntil!)).toBe(1);
    now = (await subscriptionOf(t.ctx, fan.id, creator.id))!;
    expect(now).toMatchObject({ status: 'deactivated', graceUntil: null, failedRenewals: 4 });
    expect(await subscribersCount(t.ctx, creator.id)).toBe(0);
    expect(await paymentsOf(t.ctx, row.id)).toHaveLength(1);
    expect(await pendingRenewals(t.ctx, row.id)).toEqual([]);
    // Nothing more ever runs for it.
    expect(await runAt(new Date(expiry.getTime() + 30 * DAY_MS))).toBe(0);
  });

  it('a top-up during grace renews at the next retry, the new period starting then', async () => {
    const { creator, fan, row } = await setup(MONTHLY);
    const expiry = row.expiredAt!;
    await runAt(expiry);
    expect((await subscriptionOf(t.ctx, fan.id, creator.id))!.graceUntil).not.toBeNull();

    await topUp(t.ctx, fan.id, MONTHLY);
    const retry = new Date(expiry.getTime() + DAY_MS);
    expect(await runAt(retry)).toBe(1);
    const now = (await subscriptionOf(t.ctx, fan.id, creator.id))!;
    expect(now).toMatchObject({ status: 'active', graceUntil: null, renewals: 1, startedAt: retry, expiredAt: addMonths(retry, 1) });
    const payments = await paymentsOf(t.ctx, row.id);
    expect(payments.map((p) => [p.kind, p.periodStart, p.periodEnd])).toEqual([
      ['new', row.startedAt, expiry],
      ['renewal', retry, addMonths(retry, 1)],
    ]);
    expect(await walletOf(t.ctx, fan.id)).toBe(0);
    expect(await subscribersCount(t.ctx, creator.id)).toBe(1);
  });

  it('cancel stops the next renewal but keeps access (and the subscriber-only posts) until the expiry', async () => {
    const { creator, fan, token, row } = await setup(3 * MONTHLY);
    const [post] = await t.ctx.db.insert(feeds).values({ performerId: creator.id, text: 'members', subscribersOnly: true }).returning();
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/payment/wallet/cancel-subscription/${row.id}`, headers: { authorization: token } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ isActive: true, willRenew: false, status: 'active', cancelledAt: clock.now().toISOString() });
    expect((await t.app.inject({ method: 'GET', url: `/api/user/feeds/${post!.id}`, headers: { authorization: token } })).json().data.locked).toBe(false);

    expect(await runAt(row.expiredAt!)).toBe(1);
    const now = (await subscriptionOf(t.ctx, fan.id, creator.id))!;
    expect(now.status).toBe('deactivated');
    expect(await paymentsOf(t.ctx, row.id)).toHaveLength(1);
    expect(await walletOf(t.ctx, fan.id)).toBe(2 * MONTHLY);
    expect(await subscribersCount(t.ctx, creator.id)).toBe(0);
    const fresh = await signIn(t.app, fan.email);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/feeds/${post!.id}`, headers: { authorization: fresh } })).json().data.locked).toBe(true);
    const resumed = await resumeCall(t.app, fresh, row.id);
    expect(resumed.json()).toMatchObject({ statusCode: 409, code: 'subscriptions.not_cancelled' });
  });

  it('a resumed cancel renews again at the expiry', async () => {
    const { creator, fan, token, row } = await setup(2 * MONTHLY);
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/wallet/cancel-subscription/${row.id}`, headers: { authorization: token } })).statusCode).toBe(200);
    const resumed = await resumeCall(t.app, token, row.id);
    expect(resumed.json().data).toMatchObject({ cancelledAt: null, willRenew: true });
    expect(await runAt(row.expiredAt!)).toBe(1);
    expect((await subscriptionOf(t.ctx, fan.id, creator.id))!).toMatchObject({ status: 'active', renewals: 1 });
  });

  it('a job that runs twice (or two runs at once) charges the period once', async () => {
    const { creator, fan, row } = await setup(5 * MONTHLY);
    // A second job for the same subscription, as a crashed worker's retry would leave.
    await t.ctx.jobs.enqueue(t.ctx.db, RENEW_QUEUE, { subscriptionId: row.id }, { runAt: row.expiredAt! });
    clock.set(row.expiredAt!);
    const outcomes = await Promise.all([renewSubscription(t.ctx, walletCharging(t.ctx), row.id), renewSubscription(t.ctx, walletCharging(t.ctx), row.id)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['none', 'renewed']);
    // The renewal replaced the scheduled job; the stray one runs, finds nothing due and charges nothing.
    expect(await t.ctx.jobs.drain()).toBe(1);
    const payments = await paymentsOf(t.ctx, row.id);
    expect(payments.map((p) => p.kind)).toEqual(['new', 'renewal']);
    expect(await walletOf(t.ctx, fan.id)).toBe(3 * MONTHLY);
    expect((await subscriptionOf(t.ctx, fan.id, creator.id))!.renewals).toBe(1);
    // Still exactly one job waiting for the next expiry.
    const pending = await pendingRenewals(t.ctx, row.id);
    expect(pending.map((job) => job.runAt)).toEqual([addMonths(row.startedAt!, 2)]);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, fan.id))).toEqual([]);
  });
});
