import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { users, walletCharges } from '../../db/schema/index.js';
import { fromCents } from '../../money/amounts.js';
import { auth } from '../payments/payments.test-support.js';
import { setReferrer, tip } from '../wallet/wallet-test-kit.js';
import { recordSubscriptionPayment } from './earnings.test-support.js';

let t: TestApp;
let ips = 0;
const token = async (email: string) => signIn(t.app, email, undefined, `10.4.${Math.floor((ips += 1) / 250)}.${ips % 250}`);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (bearer: string, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: auth(bearer) });
const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/users/register', payload });
const referrerOf = async (email: string) => (await t.ctx.db.select({ by: users.referredBy }).from(users).where(eq(users.email, email)))[0]?.by;

describe('referral code', () => {
  it('is made once, letters and digits, the same on every ask (even asked at once)', async () => {
    const me = await createUser(t.ctx);
    const bearer = await token(me.email);
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(bearer, '/referrals/user/code')));
    const codes = new Set(answers.map((a) => a.json().data.code));
    expect(codes.size).toBe(1);
    const [code] = [...codes] as [string];
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(answers[0]!.json().data.link).toBe(`http://fandeck.test/auth/register?ref=${code}`);
    expect((await get(bearer, '/referrals/user/code')).json().data.code).toBe(code);
    const [row] = await t.ctx.db.select({ code: users.referralCode }).from(users).where(eq(users.id, me.id));
    expect(row!.code).toBe(code);

    const other = await createUser(t.ctx);
    expect((await get(await token(other.email), '/referrals/user/code')).json().data.code).not.toBe(code);
    expect((await t.app.inject({ method: 'GET', url: '/api/referrals/user/code' })).statusCode).toBe(401);
  });

  it('registration takes it as ref or referralCode (any case); an unknown code is ignored', async () => {
    const me = await createUser(t.ctx);
    const bearer = await token(me.email);
    const { code } = (await get(bearer, '/referrals/user/code')).json().data;

    expect((await register({ email: 'ref.one@example.test', password: 'long enough pw', ref: code.toLowerCase() })).statusCode).toBe(200);
    expect((await register({ email: 'ref.two@example.test', password: 'long enough pw', referralCode: code })).statusCode).toBe(200);
    expect((await register({ email: 'ref.none@example.test', password: 'long enough pw', ref: 'NOSUCH99' })).statusCode).toBe(200);
    expect(await referrerOf('ref.one@example.test')).toBe(me.id);
    expect(await referrerOf('ref.two@example.test')).toBe(me.id);
    expect(await referrerOf('ref.none@example.test')).toBeNull();

    const list = (await get(bearer, '/referrals/user/search?sortBy=createdAt&sort=asc')).json().data;
    expect(list.total).toBe(2);
    expect(list.data.map((r: { registrationInfo: { role: string } }) => r.registrationInfo.role)).toEqual(['user', 'user']);
    const ids = (await t.ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.referredBy, me.id))).map((u) => u.id);
    expect(list.data.map((r: { _id: string }) => r._id).sort()).toEqual(ids.sort());
    expect(list.data[0].registrationInfo).toEqual({ _id: list.data[0]._id, name: expect.any(String), username: null, avatar: 'http://fandeck.test/files/defaults/avatar.svg', role: 'user' });
    const paged = (await get(bearer, '/referrals/user/search?limit=1&offset=1')).json().data;
    expect(paged).toMatchObject({ total: 2 });
    expect(paged.data).toHaveLength(1);
    expect((await get(bearer, '/referrals/user/search?sortBy=email')).statusCode).toBe(400);
  });
});

describe('referral earnings', () => {
  it('are the commissions credited to my referral account, each naming the referred user whose sale paid it', async () => {
    // R referred the creator; S referred the fan. A tip through the purchase engine pays both.
    const r = await createUser(t.ctx);
    const s = await createUser(t.ctx);
    const creator = await createUser(t.ctx, { role: 'performer' });
    const fan = await createUser(t.ctx, { balanceCents: 50_000 });
    await setReferrer(t.ctx, creator.id, r.id);
    await setReferrer(t.ctx, fan.id, s.id);

    const paid = await tip(t.app, await token(fan.email), creator.id, { price: 33.33 });
    expect(paid.statusCode, paid.body).toBe(200);
    const [charge] = await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.id, paid.json().data._id));
    const sub = await recordSubscriptionPayment(t.ctx, {
      buyerId: fan.id,
      performerId: creator.id,
      priceCents: 1990,
      at: new Date('2025-05-01T10:00:00Z'),
      referrers: { creatorReferrerId: r.id, fanReferrerId: s.id },
    });
    const rCents = [Math.floor(3333 * 0.05), sub.split.referrals.get(r.id)!];
    const sCents = [Math.floor(3333 * 0.02), sub.split.referrals.get(s.id)!];
    // The charge recorded what it paid out to referrers: both commissions.
    expect(charge!.referralCents).toBe(rCents[0]! + sCents[0]!);

    const rToken = await token(r.email);
    expect((await get(rToken, '/referral-earnings/stats')).json().data).toEqual({ totalNetPrice: fromCents(rCents[0]! + rCents[1]!), count: 2 });
    const rList = (await get(rToken, '/referral-earnings/search?sortBy=netPrice&sort=desc')).json().data;
    expect(rList.total).toBe(2);
    expect(rList.data.map((e: { netPrice: number }) => e.netPrice)).toEqual([...rCents].sort((a, b) => b - a).map(fromCents));
    // R referred the creator: the creator's sales pay R.
    expect(rList.data.every((e: { referralInfo: { _id: string } }) => e.referralInfo._id === creator.id)).toBe(true);

    const sToken = await token(s.email);
    const sList = (await get(sToken, '/referral-earnings/search')).json().data;
    expect(sList.data.map((e: { netPrice: number }) => e.netPrice).sort()).toEqual(sCents.map(fromCents).sort());
    // S referred the fan: the fan's purchases pay S.
    expect(sList.data.every((e: { referralInfo: { _id: string } }) => e.referralInfo._id === fan.id)).toBe(true);
    // The range counts by when the commission was credited.
    expect((await get(sToken, '/referral-earnings/stats?fromDate=2025-05-01&toDate=2025-05-01')).json().data).toEqual({ totalNetPrice: fromCents(sCents[1]!), count: 1 });

    const nobody = await createUser(t.ctx);
    const nobodyToken = await token(nobody.email);
    expect((await get(nobodyToken, '/referral-earnings/stats')).json().data).toEqual({ totalNetPrice: 0, count: 0 });
    expect((await get(nobodyToken, '/referral-earnings/search')).json().data).toEqual({ data: [], total: 0 });
  });
});
