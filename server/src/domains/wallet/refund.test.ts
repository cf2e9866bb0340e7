import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { testDatabaseKind } from '../../../test/databases.js';
import { ledgerMovements, walletCharges } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { announceRefund, refundCharge } from './refund.js';
import { earningsOf, platformBalance, recordingRealtime, referralOf, reservePayout, setReferrer, tip, walletOf } from './wallet-test-kit.js';

const realtime = recordingRealtime();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime });
});
afterAll(() => t.close());

/** A fan who tipped a creator `price`: the charge id and both parties. */
async function tipped(price: number, balanceCents = 10_000) {
  const fan = await createUser(t.ctx, { balanceCents });
  const creator = await createUser(t.ctx, { role: 'performer' });
  const token = await signIn(t.app, fan.email);
  const res = await tip(t.app, token, creator.id, { price });
  expect(res.statusCode, res.body).toBe(200);
  return { fan, creator, token, chargeId: res.json().data._id as string };
}

const refund = (chargeId: string) => t.ctx.db.transaction((tx) => refundCharge(tx, t.ctx, chargeId));
const statusOf = async (chargeId: string) => (await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.id, chargeId)))[0]!.status;
const movementsOf = (chargeId: string) => t.ctx.db.select().from(ledgerMovements).where(eq(ledgerMovements.referenceId, chargeId));

/** What a refund refused with: its status and code. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).statusCode, code: (error as HttpError).code };
}

describe(`refunds of wallet charges (${testDatabaseKind()})`, () => {
  it('gives the fan the price back and takes back exactly what the creator, the platform and both referrers got', async () => {
    const fan = await createUser(t.ctx, { balanceCents: 10_000 });
    const creator = await createUser(t.ctx, { role: 'performer' });
    const creatorReferrer = await createUser(t.ctx);
    const fanReferrer = await createUser(t.ctx);
    await setReferrer(t.ctx, creator.id, creatorReferrer.id);
    await setReferrer(t.ctx, fan.id, fanReferrer.id);
    const token = await signIn(t.app, fan.email);
    const platformBefore = await platformBalance(t.ctx);

    // 33.33: creator 26.66, creator's referrer 1.66, fan's referrer 0.66, platform 4.35 (wallet README).
    const res = await tip(t.app, token, creator.id, { price: 33.33 });
    expect(res.statusCode, res.body).toBe(200);
    const chargeId = res.json().data._id as string;
    expect(await walletOf(t.ctx, fan.id)).toBe(10_000 - 3333);
    expect((await platformBalance(t.ctx)) - platformBefore).toBe(435);

    realtime.events.length = 0;
    const result = await refund(chargeId);
    announceRefund(t.ctx, result);
    expect(result.charge).toMatchObject({ id: chargeId, status: 'refunded' });
    expect(await walletOf(t.ctx, fan.id)).toBe(10_000);
    expect(await earningsOf(t.ctx, creator.id)).toBe(0);
    expect(await referralOf(t.ctx, creatorReferrer.id)).toBe(0);
    expect(await referralOf(t.ctx, fanReferrer.id)).toBe(0);
    expect(await platformBalance(t.ctx)).toBe(platformBefore);
    expect(result.postings.sort((a, b) => a.account.localeCompare(b.account))).toEqual(
      [
        { account: accountKeys.earnings(creator.id), amountCents: -2666 },
        { account: accountKeys.platform(), amountCents: -435 },
        { account: accountKeys.referral(creatorReferrer.id), amountCents: -166 },
        { account: accountKeys.referral(fanReferrer.id), amountCents: -66 },
        { account: accountKeys.wallet(fan.id), amountCents: 3333 },
      ].sort((a, b) => a.account.localeCompare(b.account)),
    );
    expect((await movementsOf(chargeId)).map((m) => m.kind).sort()).toEqual(['charge', 'refund']);
    expect(await checkLedger(t.ctx.db)).toMatchObject({ ok: true, totalCents: 0, mismatchedAccounts: [], unbalancedMovements: [], negativeAccounts: [] });
    // Both balances move live, absolute and read in the refund's transaction.
    // (The tip's own notification may still be on its way: only balance events are compared.)
    expect(realtime.events.filter((e) => e.event === 'update_balance')).toEqual([
      { userId: fan.id, event: 'update_balance', payload: { token: 33.33, balance: 100 } },
      { userId: creator.id, event: 'update_balance', payload: { token: -26.66, balance: 0, account: 'earnings' } },
    ]);

    // The charge says so in both parties' searches.
    const mine = await t.app.inject({ method: 'GET', url: '/api/wallet/charges/search?status=refunded', headers: { authorization: token } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.data).toEqual([expect.objectContaining({ _id: chargeId, status: 'refunded', price: 33.33 })]);
    const paidToCreator = await t.app.inject({ method: 'GET', url: '/api/wallet/charges/search', headers: { authorization: await signIn(t.app, creator.email) } });
    expect(paidToCreator.json().data.data).toEqual([expect.objectContaining({ _id: chargeId, status: 'refunded' })]);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet/charges/search?status=success', headers: { authorization: token } })).json().data.total).toBe(0);
    // The creator's earnings pages count no sale that was refunded.
    const stats = await t.app.inject({ method: 'GET', url: '/api/performer/earning/stats', headers: { authorization: await signIn(t.app, creator.email) } });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().data).toMatchObject({ totalGrossPrice: 0, totalNetPrice: 0 });
  });

  it('refunds once: a second refund is a 409 and moves nothing', async () => {
    const { fan, creator, chargeId } = await tipped(12.5);
    await refund(chargeId);
    expect(await refusal(refund(chargeId))).toEqual({ status: 409, code: 'payment.already_refunded' });
    expect(await walletOf(t.ctx, fan.id)).toBe(10_000);
    expect(await earningsOf(t.ctx, creator.id)).toBe(0);
    expect(await movementsOf(chargeId)).toHaveLength(2);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('refunds once when two refunds run at once', async () => {
    const { fan, creator, chargeId } = await tipped(20);
    const results = await Promise.allSettled([refund(chargeId), refund(chargeId)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(rejected.reason).toMatchObject({ statusCode: 409, code: 'payment.already_refunded' });
    expect(await walletOf(t.ctx, fan.id)).toBe(10_000);
    expect(await earningsOf(t.ctx, creator.id)).toBe(0);
    expect(await statusOf(chargeId)).toBe('refunded');
    expect((await movementsOf(chargeId)).map((m) => m.kind).sort()).toEqual(['charge', 'refund']);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('refuses when the creator’s earnings were withdrawn since, and changes nothing', async () => {
    const { fan, creator, chargeId } = await tipped(10);
    expect(await earningsOf(t.ctx, creator.id)).toBe(800);
    // A payout request reserves 5.00 of the 8.00 the tip earned (as payouts.service does).
    await reservePayout(t.ctx, creator.id, 500);
    const platformBefore = await platformBalance(t.ctx);
    expect(await refusal(refund(chargeId))).toEqual({ status: 409, code: 'wallet.refund_not_covered' });
    expect(await walletOf(t.ctx, fan.id)).toBe(9_000);
    expect(await earningsOf(t.ctx, creator.id)).toBe(300);
    expect(await platformBalance(t.ctx)).toBe(platformBefore);
    expect(await statusOf(chargeId)).toBe('success');
    expect(await movementsOf(chargeId)).toHaveLength(1);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('knows no such charge', async () => {
    expect(await refusal(refund('0123456789abcdef01234567'))).toEqual({ status: 404, code: 'wallet.item_not_found' });
  });
});
