import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { couponRedemptions, coupons, paymentTransactions } from '../../db/schema/index.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { createCoupon } from '../coupons/coupons.service.js';
import { auth, testClock, topUp } from './payments.test-support.js';

/** The top-up as a money action: its quote, its optional key, and what a retry returns. */
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  await t?.close();
});

async function fan() {
  const user = await createUser(t.ctx);
  return { user, token: await signIn(t.app, user.email) };
}

const quoteTopUp = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/payment/wallet/top-up/quote', headers: auth(token), payload: body });

const transactionsOf = (userId: string) => t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, userId));

let codes = 0;
const couponCode = () => `QT${Date.now().toString(36).toUpperCase()}${(codes += 1)}`;

describe('POST /payment/wallet/top-up/quote', () => {
  it('quotes what is paid and what the wallet receives, by the rules the top-up applies', async () => {
    const { user, token } = await fan();
    const plain = (await quoteTopUp(token, { amount: '29.90' })).json().data;
    expect(plain).toMatchObject({ action: 'topup', kind: 'topup', itemId: null, recipient: null, description: null, price: 29.9, credit: 29.9, currency: 'BRL' });

    const code = couponCode();
    await createCoupon(t.ctx.db, { code, type: 'percentage', value: 1000 });
    const discounted = (await quoteTopUp(token, { amount: '29.90', couponCode: code })).json().data;
    expect([discounted.price, discounted.credit]).toEqual([26.91, 29.9]);

    for (const [body, code] of [
      [{ amount: 1 }, 'payment.topup_out_of_range'],
      [{ amount: 10, paymentGateway: 'stripe' }, 'payment.cards_disabled'],
      [{ amount: 10, couponCode: 'NO-SUCH-CODE' }, 'coupons.not_found'],
    ] as const) {
      const res = await quoteTopUp(token, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([code === 'coupons.not_found' ? 404 : 422, code]);
    }
    // Quoting reserves nothing and creates nothing.
    expect(await transactionsOf(user.id)).toHaveLength(0);
    expect(await t.ctx.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, user.id))).toHaveLength(0);

    const res = await topUp(t.app, token, { amount: '29.90', couponCode: code }, undefined, { 'x-fandeck-quote': discounted.quote });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 26.91, tokens: 29.9, status: 'pending' });
  });

  it('refuses with 409 when the coupon changed after the quote, reserving and creating nothing', async () => {
    const { user, token } = await fan();
    const code = couponCode();
    const made = await createCoupon(t.ctx.db, { code, type: 'fixed', value: 500 });
    const quoted = (await quoteTopUp(token, { amount: 20, couponCode: code })).json().data;
    expect(quoted.price).toBe(15);
    await t.ctx.db.update(coupons).set({ value: 300 }).where(eq(coupons.id, made.id));

    const res = await topUp(t.app, token, { amount: 20, couponCode: code }, undefined, { 'x-fandeck-quote': quoted.quote });
    expect([res.statusCode, res.json().code]).toEqual([409, 'payment.price_changed']);
    expect(await transactionsOf(user.id)).toHaveLength(0);
    const held = await t.ctx.db.select().from(couponRedemptions).where(and(eq(couponRedemptions.userId, user.id), eq(couponRedemptions.couponId, made.id)));
    expect(held).toHaveLength(0);
  });

  it('refuses a quote made for another amount', async () => {
    const { user, token } = await fan();
    const quoted = (await quoteTopUp(token, { amount: 10 })).json().data;
    const res = await topUp(t.app, token, { amount: 100 }, undefined, { 'x-fandeck-quote': quoted.quote });
    expect([res.statusCode, res.json().code]).toEqual([422, 'payment.quote_mismatch']);
    expect(await transactionsOf(user.id)).toHaveLength(0);
  });
});

describe('a top-up quote pays once (issue 21)', () => {
  it('refuses it under a second key with 409 payment.quote_used, opening no second charge; its own key replays', async () => {
    const { user, token } = await fan();
    const quoted = (await quoteTopUp(token, { amount: 15 })).json().data;
    const key = `topup-once-${user.id}`;
    const first = await topUp(t.app, token, { amount: 15 }, key, { 'x-fandeck-quote': quoted.quote });
    expect(first.statusCode).toBe(200);
    const second = await topUp(t.app, token, { amount: 15 }, `topup-twice-${user.id}`, { 'x-fandeck-quote': quoted.quote });
    expect([second.statusCode, second.json().code]).toEqual([409, 'payment.quote_used']);
    const retry = await topUp(t.app, token, { amount: 15 }, key, { 'x-fandeck-quote': quoted.quote });
    expect([retry.statusCode, retry.json().data._id, retry.headers['idempotent-replayed']]).toEqual([200, first.json().data._id, 'true']);
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });
});

describe('POST /payment/wallet/top-up and its Idempotency-Key', () => {
  it('opens a fresh pending top-up for each request without one (existing clients send none)', async () => {
    const { user, token } = await fan();
    const first = await topUp(t.app, token, { amount: 10 }, null);
    const second = await topUp(t.app, token, { amount: 10 }, null);
    for (const res of [first, second]) expect([res.statusCode, res.headers['idempotent-replayed']], res.body).toEqual([200, undefined]);
    expect(first.json().data._id).not.toBe(second.json().data._id);
    expect(await transactionsOf(user.id)).toHaveLength(2);
  });

  it('spends a quote once even without a key: the next keyless request with it is a 409', async () => {
    const { user, token } = await fan();
    const quoted = (await quoteTopUp(token, { amount: 15 })).json().data.quote as string;
    const paid = await topUp(t.app, token, { amount: 15 }, null, { 'x-fandeck-quote': quoted });
    expect(paid.statusCode, paid.body).toBe(200);
    for (const key of [null, 'topup-with-a-spent-quote']) {
      const again = await topUp(t.app, token, { amount: 15 }, key, { 'x-fandeck-quote': quoted });
      expect([again.statusCode, again.json().code], String(key)).toEqual([409, 'payment.quote_used']);
    }
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it('answers retries, concurrent or later, with the same pending transaction instead of opening a second charge', async () => {
    const { user, token } = await fan();
    const key = `topup-retry-${user.id}`;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => topUp(t.app, token, { amount: i % 2 ? 12 : '12.00' }, key)));
    answers.push(await topUp(t.app, token, { amount: 12 }, key));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(7).fill(200));
    expect(new Set(answers.map((a) => a.json().data._id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await transactionsOf(user.id)).toHaveLength(1);
    const other = await topUp(t.app, token, { amount: 13 }, key);
    expect([other.statusCode, other.json().code]).toEqual([422, 'idempotency.key_reused']);
  });
});
