import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { parseBrCode } from '../../gateways/br-code.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { auth, testClock, topUp } from '../payments/payments.test-support.js';
import { COUPON_EXHAUSTED, COUPON_EXPIRED, COUPON_USED_BY_YOU, discountCents } from './coupons.service.js';

let t: TestApp;
let admin: string;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await signIn(t.app, (await createUser(t.ctx, { role: 'admin' })).email);
});
afterAll(async () => {
  await t?.close();
});

let signIns = 0;
async function fan() {
  const user = await createUser(t.ctx);
  signIns += 1;
  return { id: user.id, token: await signIn(t.app, user.email, undefined, `10.20.${Math.floor(signIns / 250)}.${signIns % 250}`) };
}

let codes = 0;
async function coupon(body: Record<string, unknown>) {
  codes += 1;
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: auth(admin), payload: { code: `TEST-${codes}`, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; code: string };
}

const apply = (token: string, code: string, amount?: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/coupons/${code}/apply-coupon`, headers: auth(token), ...(amount === undefined ? {} : { payload: { amount } }) });
const pay = (id: string) => t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${id}/pay` });

describe('discount math in cents', () => {
  it('rounds a percentage down to the cent and caps a fixed value at the amount', () => {
    expect(discountCents({ type: 'percentage', value: 1000 }, 2990)).toBe(299);
    expect(discountCents({ type: 'percentage', value: 1250 }, 1001)).toBe(125); // 125.125
    expect(discountCents({ type: 'percentage', value: 3333 }, 295)).toBe(98); // 98.3235
    expect(discountCents({ type: 'percentage', value: 9999 }, 30000)).toBe(29997);
    expect(discountCents({ type: 'fixed', value: 500 }, 2990)).toBe(500);
    expect(discountCents({ type: 'fixed', value: 5000 }, 2990)).toBe(2990);
  });
});

describe('admin coupons', () => {
  it('creates coupons for staff with setting.update only, and refuses bad ones', async () => {
    const someone = await fan();
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: auth(someone.token), payload: { code: 'NOPE1', type: 'fixed', value: 1 } })).statusCode).toBe(403);
    const made = await coupon({ type: 'percentage', value: 12.5, maxUses: 10, maxUsesPerUser: 2 });
    expect(made).toMatchObject({ code: 'TEST-1', type: 'percentage', value: 12.5, maxUses: 10, maxUsesPerUser: 2, active: true, expiresAt: null });
    const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: auth(admin), payload });
    expect((await post({ code: 'test-1', type: 'fixed', value: 1 })).statusCode).toBe(409);
    expect((await post({ code: 'FULL', type: 'percentage', value: 100 })).statusCode).toBe(422);
    expect((await post({ code: 'ZERO', type: 'fixed', value: 0 })).statusCode).toBe(400);
    expect((await post({ code: 'a b', type: 'fixed', value: 1 })).statusCode).toBe(400);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: auth(admin) })).json().data;
    expect(listed.total).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /api/coupons/:code/apply-coupon', () => {
  it('answers the coupon and, with an amount, the discount for the caller (codes are case-insensitive)', async () => {
    const { code } = await coupon({ type: 'percentage', value: 10, maxUses: 5, maxUsesPerUser: 1 });
    const me = await fan();
    const res = await apply(me.token, code.toLowerCase(), '29.90');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ code, type: 'percentage', value: 10, usesLeft: 5, usesLeftForYou: 1, amount: 29.9, discount: 2.99, amountToPay: 26.91 });
    const fixed = await coupon({ type: 'fixed', value: '5.00' });
    expect((await apply(me.token, fixed.code, 12)).json().data).toMatchObject({ type: 'fixed', value: 5, discount: 5, amountToPay: 7, usesLeft: null });
    expect((await apply(me.token, 'UNKNOWN-CODE')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/coupons/${code}/apply-coupon` })).statusCode).toBe(401);
  });

  it('refuses an expired or inactive coupon', async () => {
    const me = await fan();
    const expired = await coupon({ type: 'fixed', value: 1, expiresAt: new Date(clock.now().getTime() - 1000).toISOString() });
    expect((await apply(me.token, expired.code)).json()).toMatchObject({ statusCode: 422, message: COUPON_EXPIRED });
    expect((await topUp(t.app, me.token, { amount: 10, couponCode: expired.code })).json().message).toBe(COUPON_EXPIRED);
    const soon = await coupon({ type: 'fixed', value: 1, expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    expect((await apply(me.token, soon.code)).statusCode).toBe(200);
    clock.advance(61);
    expect((await apply(me.token, soon.code)).json().message).toBe(COUPON_EXPIRED);
    const off = await coupon({ type: 'fixed', value: 1, active: false });
    expect((await apply(me.token, off.code)).statusCode).toBe(422);
  });
});

describe('coupons on top-ups', () => {
  it('charges the discounted amount and credits the full amount, the platform funding the difference', async () => {
    const me = await fan();
    const { code, _id } = await coupon({ type: 'percentage', value: 10 });
    const platformBefore = await balanceOf(t.ctx.db, accountKeys.platform());
    const created = (await topUp(t.app, me.token, { amount: '29.90', couponCode: code })).json().data;
    expect(created).toMatchObject({ amount: 26.91, tokens: 29.9, discount: 2.99, couponId: _id });
    expect(parseBrCode(created.brCode).amountCents).toBe(2691);
    expect((await pay(created._id)).json().data.outcome).toBe('credited');
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(me.id))).toBe(2990);
    expect(await balanceOf(t.ctx.db, accountKeys.platform())).toBe(platformBefore - 299);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('limits uses per user, counting a pending top-up, and frees the use when the charge expires', async () => {
    const me = await fan();
    const { code } = await coupon({ type: 'fixed', value: 1, maxUsesPerUser: 1 });
    const first = await topUp(t.app, me.token, { amount: 10, couponCode: code });
    expect(first.statusCode).toBe(200);
    expect((await topUp(t.app, me.token, { amount: 10, couponCode: code })).json()).toMatchObject({ statusCode: 422, message: COUPON_USED_BY_YOU });
    expect((await apply(me.token, code)).json().message).toBe(COUPON_USED_BY_YOU);
    // Someone else may still use it.
    const other = await fan();
    expect((await topUp(t.app, other.token, { amount: 10, couponCode: code })).statusCode).toBe(200);
    // The pending charge expires unpaid: the use is free again.
    clock.advance(3601);
    expect((await topUp(t.app, me.token, { amount: 10, couponCode: code })).statusCode).toBe(200);
  });

  it('never exceeds the per-coupon limit under concurrent top-ups, and counts paid uses', async () => {
    const { code } = await coupon({ type: 'fixed', value: 2, maxUses: 3 });
    const fans = [];
    for (let i = 0; i < 8; i += 1) fans.push(await fan());
    const answers = await Promise.all(fans.map((f) => topUp(t.app, f.token, { amount: 10, couponCode: code })));
    const accepted = answers.filter((a) => a.statusCode === 200);
    expect(accepted).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 422).every((a) => a.json().message === COUPON_EXHAUSTED)).toBe(true);
    for (const a of accepted) expect((await pay(a.json().data._id)).json().data.outcome).toBe('credited');
    // Paid uses never expire.
    clock.advance(7200);
    const late = await fan();
    expect((await topUp(t.app, late.token, { amount: 10, couponCode: code })).json().message).toBe(COUPON_EXHAUSTED);
  });

  it('refuses a discount that leaves less than 0.50 to pay', async () => {
    const me = await fan();
    const { code } = await coupon({ type: 'fixed', value: '2.50' });
    expect((await topUp(t.app, me.token, { amount: '2.95', couponCode: code })).json()).toMatchObject({ statusCode: 422 });
    const res = await topUp(t.app, me.token, { amount: '3.00', couponCode: code });
    expect(res.json().data).toMatchObject({ amount: 0.5, tokens: 3, discount: 2.5 });
  });

  it('keeps the ledger invariant after every coupon flow', async () => {
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });
});
