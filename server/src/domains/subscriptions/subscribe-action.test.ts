import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { jobs, subscriptions, userBlocks } from '../../db/schema/index.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { updateSettings } from '../settings/settings.service.js';
import { earningsOf, freshKey, platformBalance, quote, recordingRealtime, referralOf, setReferrer, walletOf } from '../wallet/wallet-test-kit.js';
import { addMonths, DAY_MS } from './plans.js';
import { renewalKey } from './subscription-state.js';
import { paymentsOf, setPrices, settableClock, SUBSCRIBE_PATH, subscribeCall, subscribersCount, subscriptionOf } from './subscriptions-test-kit.js';

const realtime = recordingRealtime();
const clock = settableClock(new Date('2027-05-10T12:00:00.000Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime, now: clock.now });
});
afterAll(async () => {
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  await t?.close();
});

const PRICES = { monthlyPriceCents: 1000, quarterlyPriceCents: 2700, halfYearlyPriceCents: 5100, yearlyPriceCents: 9600 };

async function creatorWith(prices: Partial<typeof PRICES & { freeSubscriptionEnabled: boolean; freeSubscriptionDays: number }> = {}, values: { verifiedDocument?: boolean } = {}) {
  const creator = await createUser(t.ctx, { role: 'performer', ...values });
  await setPrices(t.ctx, creator.id, { ...PRICES, ...prices });
  return creator;
}

async function fanWith(balanceCents: number) {
  const fan = await createUser(t.ctx, { balanceCents });
  return { fan, token: await signIn(t.app, fan.email) };
}

/** Nothing of a refused subscribe stays: no row, no payment, no job, the wallet as it was. */
async function expectNothingWritten(fanId: string, creatorId: string, walletCents: number, subscribers = 0) {
  expect(await subscriptionOf(t.ctx, fanId, creatorId)).toBeUndefined();
  expect(await walletOf(t.ctx, fanId)).toBe(walletCents);
  expect(await subscribersCount(t.ctx, creatorId)).toBe(subscribers);
}

describe('POST /payment/subscribe/performers', () => {
  it('charges each plan at the creator’s price for its months, shared out like a purchase, and answers the subscription and the balance', async () => {
    const creator = await creatorWith();
    const referrer = await createUser(t.ctx);
    await setReferrer(t.ctx, creator.id, referrer.id);
    for (const [type, price, months] of [['monthly', 1000, 1], ['quarterly', 2700, 3], ['half_yearly', 5100, 6], ['yearly', 9600, 12]] as const) {
      const { fan, token } = await fanWith(10_000);
      const earningsBefore = await earningsOf(t.ctx, creator.id);
      const platformBefore = await platformBalance(t.ctx);
      const referralBefore = await referralOf(t.ctx, referrer.id);
      const quoted = await quote(t.app, token, SUBSCRIBE_PATH, { performerId: creator.username, type });
      expect(quoted.json().data).toMatchObject({ action: 'subscribe', kind: 'subscribe', itemId: creator.id, price: price / 100, recipient: { _id: creator.id } });
      realtime.events.length = 0;

      const res = await subscribeCall(t.app, token, { performerId: creator.username, type }, { quote: quoted.json().data.quote });
      expect(res.statusCode, res.body).toBe(200);
      const now = clock.now();
      expect(res.json().data).toEqual({
        balance: (10_000 - price) / 100,
        subscription: {
          _id: expect.any(String),
          userId: fan.id,
          performerId: creator.id,
          subscriptionType: type,
          status: 'active',
          price: price / 100,
          startedAt: now.toISOString(),
          expiredAt: addMonths(now, months).toISOString(),
          cancelledAt: null,
          isActive: true,
          willRenew: true,
          graceUntil: null,
          renewals: 0,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        },
      });
      // Creator 80 %, the creator's referrer 5 % out of the platform's 20 %.
      const earned = Math.floor(price * 0.8);
      const referral = Math.floor(price * 0.05);
      expect(await walletOf(t.ctx, fan.id)).toBe(10_000 - price);
      expect((await earningsOf(t.ctx, creator.id)) - earningsBefore).toBe(earned);
      expect((await referralOf(t.ctx, referrer.id)) - referralBefore).toBe(referral);
      expect((await platformBalance(t.ctx)) - platformBefore).toBe(price - earned - referral);
      const [payment] = await paymentsOf(t.ctx, res.json().data.subscription._id);
      expect(payment).toMatchObject({ kind: 'new', subscriptionType: type, priceCents: price, earningsCents: earned, referralCents: referral, periodStart: now, periodEnd: addMonths(now, months) });
      expect(realtime.events.filter((e) => e.event === 'update_balance')).toEqual([
        { userId: fan.id, event: 'update_balance', payload: { token: -price / 100, balance: (10_000 - price) / 100 } },
        { userId: creator.id, event: 'update_balance', payload: { token: earned / 100, balance: (earningsBefore + earned) / 100, account: 'earnings' } },
      ]);
      // Its renewal is scheduled at the expiry.
      const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.singletonKey, renewalKey(payment!.subscriptionId)));
      expect(job).toMatchObject({ queue: 'subscriptions.renew', status: 'queued', runAt: addMonths(now, months) });
    }
    expect(await subscribersCount(t.ctx, creator.id)).toBe(4);
  });

  it('refuses a plan priced outside the limits at charge time (422 plan_unavailable); the yearly plan has its own limits', async () => {
    const creator = await creatorWith({ monthlyPriceCents: 295, yearlyPriceCents: 295 });
    const { fan, token } = await fanWith(10_000);
    for (const call of [() => quote(t.app, token, SUBSCRIBE_PATH, { performerId: creator.id }), () => subscribeCall(t.app, token, { performerId: creator.id })]) {
      expect((await call()).json()).toMatchObject({ statusCode: 422, code: 'subscriptions.plan_unavailable' });
    }
    await expectNothingWritten(fan.id, creator.id, 10_000);
    // 2.95 is a fine yearly price, not a monthly one.
    expect((await subscribeCall(t.app, token, { performerId: creator.id, type: 'yearly' })).statusCode).toBe(200);

    // The limits are read at charge time: lowered under a price after it was set, the plan is off.
    const other = await fanWith(10_000);
    await updateSettings(t.ctx.db, { maxSubscriptionPrice: 20 });
    try {
      expect((await subscribeCall(t.app, other.token, { performerId: creator.id, type: 'quarterly' })).json().code).toBe('subscriptions.plan_unavailable');
      expect((await subscribeCall(t.app, other.token, { performerId: creator.id, type: 'monthly' })).json().code).toBe('subscriptions.plan_unavailable');
    } finally {
      await updateSettings(t.ctx.db, { maxSubscriptionPrice: 300 });
    }
    await expectNothingWritten(other.fan.id, creator.id, 10_000, 1);
    expect((await subscribeCall(t.app, other.token, { performerId: creator.id, type: 'quarterly' })).statusCode).toBe(200);
    expect(await subscribersCount(t.ctx, creator.id)).toBe(2);
  });

  it('takes the free offer once per fan and creator, ever: no money, the creator’s days, then it ends', async () => {
    const creator = await creatorWith({ freeSubscriptionEnabled: true, freeSubscriptionDays: 7 });
    const { fan, token } = await fanWith(5000);
    expect((await quote(t.app, token, SUBSCRIBE_PATH, { performerId: creator.id, type: 'free' })).json().data.price).toBe(0);
    const res = await subscribeCall(t.app, token, { performerId: creator.id, type: 'free' });
    expect(res.statusCode, res.body).toBe(200);
    const now = clock.now();
    expect(res.json().data).not.toHaveProperty('balance');
    expect(res.json().data.subscription).toMatchObject({ subscriptionType: 'free', price: 0, isActive: true, willRenew: false, expiredAt: new Date(now.getTime() + 7 * DAY_MS).toISOString() });
    expect(await walletOf(t.ctx, fan.id)).toBe(5000);
    expect(await paymentsOf(t.ctx, res.json().data.subscription._id)).toEqual([]);
    expect(await subscribersCount(t.ctx, creator.id)).toBe(1);
    expect((await subscriptionOf(t.ctx, fan.id, creator.id))!.freeUsedAt).toEqual(now);

    // While it lasts, again: refused; the job ends it at expiry without money.
    expect((await subscribeCall(t.app, token, { performerId: creator.id, type: 'free' })).json()).toMatchObject({ statusCode: 422, code: 'subscriptions.free_already_used' });
    clock.advance(7 * DAY_MS);
    await t.ctx.jobs.drain();
    expect((await subscriptionOf(t.ctx, fan.id, creator.id))!.status).toBe('deactivated');
    expect(await subscribersCount(t.ctx, creator.id)).toBe(0);
    const later = await signIn(t.app, fan.email);
    expect((await subscribeCall(t.app, later, { performerId: creator.id, type: 'free' })).json().code).toBe('subscriptions.free_already_used');
    expect(await walletOf(t.ctx, fan.id)).toBe(5000);
  });

  it('offers the free plan only when both the creator and the platform have it on', async () => {
    const closed = await creatorWith({ freeSubscriptionEnabled: false });
    const open = await creatorWith({ freeSubscriptionEnabled: true });
    const { fan, token } = await fanWith(0);
    expect((await subscribeCall(t.app, token, { performerId: closed.id, type: 'free' })).json()).toMatchObject({ statusCode: 422, code: 'subscriptions.plan_unavailable' });
    await updateSettings(t.ctx.db, { freeSubscriptionEnabled: false });
    try {
      expect((await subscribeCall(t.app, token, { performerId: open.id, type: 'free' })).json().code).toBe('subscriptions.plan_unavailable');
    } finally {
      await updateSettings(t.ctx.db, { freeSubscriptionEnabled: true });
    }
    await expectNothingWritten(fan.id, open.id, 0);
    expect((await subscribeCall(t.app, token, { performerId: open.id, type: 'free' })).statusCode).toBe(200);
  });

  it('refuses a subscription that already holds and renews (409), and charges it once', async () => {
    const creator = await creatorWith();
    const { fan, token } = await fanWith(10_000);
    expect((await subscribeCall(t.app, token, { performerId: creator.id })).statusCode).toBe(200);
    for (const type of ['monthly', 'yearly'] as const) {
      expect((await subscribeCall(t.app, token, { performerId: creator.id, type })).json()).toMatchObject({ statusCode: 409, code: 'subscriptions.already_active' });
    }
    expect(await walletOf(t.ctx, fan.id)).toBe(9000);
    expect(await subscribersCount(t.ctx, creator.id)).toBe(1);
  });

  it('a cancelled subscription that still holds may be taken again: the new period follows the paid one, and it renews again', async () => {
    const creator = await creatorWith();
    const { fan, token } = await fanWith(10_000);
    const first = (await subscribeCall(t.app, token, { performerId: creator.id })).json().data.subscription;
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/wallet/cancel-subscription/${first._id}`, headers: { authorization: token } })).statusCode).toBe(200);
    const again = await subscribeCall(t.app, token, { performerId: creator.id, type: 'quarterly' });
    expect(again.statusCode, again.body).toBe(200);
    const start = new Date(first.startedAt);
    expect(again.json().data.subscription).toMatchObject({ _id: first._id, subscriptionType: 'quarterly', cancelledAt: null, willRenew: true, expiredAt: addMonths(start, 4).toISOString() });
    const payments = await paymentsOf(t.ctx, first._id);
    expect(payments.map((p) => [p.periodStart.toISOString(), p.periodEnd.toISOString()])).toEqual([
      [start.toISOString(), first.expiredAt],
      [first.expiredAt, addMonths(start, 4).toISOString()],
    ]);
    expect(await walletOf(t.ctx, fan.id)).toBe(10_000 - 1000 - 2700);
    expect(await subscribersCount(t.ctx, creator.id)).toBe(1);
  });

  it('refuses subscribing to oneself, to a creator who blocked the fan, to an unverified creator, to no creator', async () => {
    const creator = await creatorWith();
    const creatorToken = await signIn(t.app, creator.email);
    expect((await subscribeCall(t.app, creatorToken, { performerId: creator.id })).json()).toMatchObject({ statusCode: 422, code: 'wallet.self_purchase' });

    const { fan, token } = await fanWith(10_000);
    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: fan.id });
    expect((await subscribeCall(t.app, token, { performerId: creator.id })).json()).toMatchObject({ statusCode: 403, code: 'blocks.blocked' });
    expect((await quote(t.app, token, SUBSCRIBE_PATH, { performerId: creator.id })).json().code).toBe('blocks.blocked');
    await expectNothingWritten(fan.id, creator.id, 10_000);

    const unverified = await creatorWith({}, { verifiedDocument: false });
    expect((await subscribeCall(t.app, token, { performerId: unverified.id })).json()).toMatchObject({ statusCode: 403, code: 'performers.not_verified' });
    await expectNothingWritten(fan.id, unverified.id, 10_000);

    const notACreator = await createUser(t.ctx);
    for (const performerId of [notACreator.id, 'nobodyhere']) {
      expect((await subscribeCall(t.app, token, { performerId })).json()).toMatchObject({ statusCode: 404, code: 'performers.not_found' });
    }
    expect((await subscribeCall(t.app, token, { performerId: creator.id, type: 'weekly' })).json()).toMatchObject({ statusCode: 400, fields: ['body.type'] });
  });

  it('a short balance is 422 insufficient_balance and writes nothing', async () => {
    const creator = await creatorWith();
    const { fan, token } = await fanWith(999);
    const res = await subscribeCall(t.app, token, { performerId: creator.id });
    expect(res.json()).toMatchObject({ statusCode: 422, code: 'wallet.insufficient_balance' });
    await expectNothingWritten(fan.id, creator.id, 999);
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.performerId, creator.id))).toEqual([]);
    expect(await earningsOf(t.ctx, creator.id)).toBe(0);
  });

  it('a retry with the same key (sequential or concurrent) answers the first answer and charges once', async () => {
    const creator = await creatorWith();
    const { fan, token } = await fanWith(10_000);
    const key = freshKey('sub-retry');
    const [a, b] = await Promise.all([subscribeCall(t.app, token, { performerId: creator.id }, { key }), subscribeCall(t.app, token, { performerId: creator.id }, { key })]);
    const c = await subscribeCall(t.app, token, { performerId: creator.id, type: 'monthly' }, { key });
    for (const res of [a, b, c]) expect(res.statusCode, res.body).toBe(200);
    expect(b.body).toBe(a.body);
    expect(c.body).toBe(a.body);
    expect(c.headers['idempotent-replayed']).toBe('true');
    expect(await walletOf(t.ctx, fan.id)).toBe(9000);
    expect(await paymentsOf(t.ctx, a.json().data.subscription._id)).toHaveLength(1);
    // Without a key the request is a fresh action: the subscription is already active, so it charges nothing.
    const none = await t.app.inject({ method: 'POST', url: `/api${SUBSCRIBE_PATH}`, headers: { authorization: token }, payload: { performerId: creator.id } });
    expect(none.json()).toMatchObject({ statusCode: 409, code: 'subscriptions.already_active' });
    expect(await walletOf(t.ctx, fan.id)).toBe(9000);
  });

  it('runs only as quoted: another plan is a mismatch (422), a price changed since the quote is 409, and neither charges', async () => {
    const creator = await creatorWith();
    const { fan, token } = await fanWith(10_000);
    const quoted = (await quote(t.app, token, SUBSCRIBE_PATH, { performerId: creator.id, type: 'monthly' })).json().data.quote as string;
    expect((await subscribeCall(t.app, token, { performerId: creator.id, type: 'quarterly' }, { quote: quoted })).json()).toMatchObject({ statusCode: 422, code: 'payment.quote_mismatch' });
    await setPrices(t.ctx, creator.id, { monthlyPriceCents: 1100 });
    expect((await subscribeCall(t.app, token, { performerId: creator.id, type: 'monthly' }, { quote: quoted })).json()).toMatchObject({ statusCode: 409, code: 'payment.price_changed' });
    await expectNothingWritten(fan.id, creator.id, 10_000);
    const fresh = (await quote(t.app, token, SUBSCRIBE_PATH, { performerId: creator.id, type: 'monthly' })).json().data.quote as string;
    expect((await subscribeCall(t.app, token, { performerId: creator.id, type: 'monthly' }, { quote: fresh })).statusCode).toBe(200);
    expect(await walletOf(t.ctx, fan.id)).toBe(10_000 - 1100);
  });
});
