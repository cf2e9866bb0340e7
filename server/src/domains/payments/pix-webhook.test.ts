import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { couponRedemptions, paymentTransactions, paymentWebhookEvents } from '../../db/schema/index.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { createCoupon } from '../coupons/coupons.service.js';
import { CHARGE_SECONDS } from './payments.service.js';
import { deliverPix, endToEndId, pixWebhook, recordingRealtime, testClock, topUp } from './payments.test-support.js';

let t: TestApp;
const realtime = recordingRealtime();
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ realtime, now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

async function fanWithCharges(amounts: string[]) {
  const user = await createUser(t.ctx);
  const token = await signIn(t.app, user.email);
  const charges: { id: string; valor: string }[] = [];
  for (const amount of amounts) {
    const res = await topUp(t.app, token, { amount });
    expect(res.statusCode).toBe(200);
    charges.push({ id: res.json().data._id, valor: amount });
  }
  return { user, token, charges };
}

const wallet = (userId: string) => balanceOf(t.ctx.db, accountKeys.wallet(userId));
const transaction = async (id: string) => (await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0]!;

describe('PIX sandbox webhook', () => {
  it('credits once when one webhook is delivered 10 times concurrently, out of order with others', async () => {
    const { user, charges } = await fanWithCharges(['10.00', '25.50', '7.35']);
    const [target, ...others] = charges;
    const hook = pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: target!.id, valor: target!.valor }]);
    // Other charges' webhooks, each delivered twice, and a failed delivery, shuffled in among the ten.
    const otherHooks = others.map((c) => pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: c.id, valor: c.valor }]));
    const forged = { ...hook, header: hook.header.replace(/v1=[0-9a-f]{4}/, 'v1=0000') };
    const deliveries = [
      ...Array.from({ length: 10 }, () => hook),
      ...otherHooks,
      ...otherHooks,
      forged,
    ].sort(() => Math.random() - 0.5);

    const answers = await Promise.all(deliveries.map((h) => deliverPix(t.app, h)));
    const outcomes = answers.filter((_, i) => deliveries[i] === hook).map((a) => a.json().data.results[0].outcome);
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(1);

    expect(await wallet(user.id)).toBe(1000 + 2550 + 735);
    for (const c of charges) expect((await transaction(c.id)).status).toBe('success');
    const recorded = await t.ctx.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.transactionId, target!.id));
    expect(recorded).toHaveLength(1);
    const balanceEvents = realtime.sent.filter((e) => e.userId === user.id && e.event === 'update_balance');
    const payloads = balanceEvents.map((e) => e.payload as { token: number; balance: number });
    expect(payloads.map((p) => p.token).sort((a, b) => a - b)).toEqual([7.35, 10, 25.5]);
    // Whatever order the credits landed in, each balance is the one before it plus its own credit,
    // read in the crediting transaction: in balance order they chain from 0 to the final wallet.
    const chain = [...payloads].sort((a, b) => a.balance - b.balance);
    let running = 0;
    for (const p of chain) {
      running = Math.round((running + p.token) * 100) / 100;
      expect(p.balance).toBe(running);
    }
    expect(Math.round(running * 100)).toBe(await wallet(user.id));
    const callbacks = realtime.sent.filter((e) => e.userId === user.id && e.event === 'payment_status_callback');
    expect(callbacks).toContainEqual(expect.objectContaining({ payload: { redirectUrl: `http://fandeck.test/payment/success?transactionId=${target!.id}` } }));
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('credits nothing for a bad signature, another secret or a missing header', async () => {
    const { user, charges } = await fanWithCharges(['12.00']);
    const hook = pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: charges[0]!.id, valor: '12.00' }]);
    const tamperedBody = { body: hook.body.replace('12.00', '99.00'), header: hook.header };
    const otherSecret = pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: charges[0]!.id, valor: '12.00' }], { secret: 'not-the-sandbox-secret-at-all' });
    for (const bad of [tamperedBody, otherSecret, { body: hook.body, header: '' }]) {
      const res = await deliverPix(t.app, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    expect(await wallet(user.id)).toBe(0);
    expect((await transaction(charges[0]!.id)).status).toBe('pending');
  });

  it('credits nothing for a stale timestamp (older than 300 s), even when correctly signed', async () => {
    const { user, charges } = await fanWithCharges(['12.00']);
    const signedAt = new Date(clock.now().getTime() - 301_000);
    const res = await deliverPix(t.app, pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: charges[0]!.id, valor: '12.00' }], { signedAt }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Webhook timestamp is too old');
    expect(await wallet(user.id)).toBe(0);
    // The same notification signed now is accepted: only the timestamp was wrong.
    const fresh = await deliverPix(t.app, pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: charges[0]!.id, valor: '12.00' }]));
    expect(fresh.json().data.results[0].outcome).toBe('credited');
    expect(await wallet(user.id)).toBe(1200);
  });

  it('credits nothing for a wrong amount: the transaction fails and is marked for review', async () => {
    const { user, charges } = await fanWithCharges(['20.00']);
    const id = charges[0]!.id;
    const wrong = await deliverPix(t.app, pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: id, valor: '2.00' }]));
    // Acknowledged (a retry cannot fix it) but not credited.
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().data.results[0]).toMatchObject({ outcome: 'amount_mismatch', transactionId: id });
    expect(await transaction(id)).toMatchObject({ status: 'fail', reviewReason: 'amount_mismatch' });
    // Even a later payment of the right amount waits for a person.
    const later = await deliverPix(t.app, pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: id, valor: '20.00' }]));
    expect(later.json().data.results[0].outcome).toBe('needs_review');
    expect(await wallet(user.id)).toBe(0);
    expect(realtime.sent).toContainEqual({ userId: user.id, event: 'payment_status_callback', payload: { redirectUrl: `http://fandeck.test/payment/cancel?transactionId=${id}` } });
  });

  it('holds a payment that arrives after its charge expired for review, and the coupon it held stays with whoever took it since', async () => {
    const coupon = await createCoupon(t.ctx.db, { code: `LATE${Date.now().toString(36).toUpperCase()}`, type: 'fixed', value: 100, maxUses: 1 });
    const late = await fanWithCharges([]);
    const first = await topUp(t.app, late.token, { amount: '10.00', couponCode: coupon.code });
    expect(first.statusCode).toBe(200);
    const lateId = first.json().data._id as string;
    const toPay = String(first.json().data.amount.toFixed(2));

    // The charge expires; its coupon use is free again, and another fan takes and pays it.
    clock.advance(CHARGE_SECONDS + 60);
    const other = await fanWithCharges([]);
    const second = await topUp(t.app, other.token, { amount: '10.00', couponCode: coupon.code });
    expect(second.statusCode).toBe(200);
    const secondId = second.json().data._id as string;
    const paid = await deliverPix(t.app, pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: secondId, valor: toPay }]));
    expect(paid.json().data.results[0].outcome).toBe('credited');

    // Then the first fan's payment arrives: not credited, held for review.
    const answer = await deliverPix(t.app, pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: lateId, valor: toPay }]));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.results[0]).toMatchObject({ outcome: 'paid_after_expiry', transactionId: lateId });
    expect(await wallet(late.user.id)).toBe(0);
    expect(await transaction(lateId)).toMatchObject({ status: 'canceled', reviewReason: 'paid_after_expiry' });
    // The coupon's one use is the other fan's redemption, not two.
    const uses = await t.ctx.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
    expect(uses.filter((use) => use.status === 'redeemed').map((use) => use.transactionId)).toEqual([secondId]);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('does not credit a second, different payment of a paid charge, and records it for review', async () => {
    const { user, charges } = await fanWithCharges(['9.00']);
    const id = charges[0]!.id;
    const first = await deliverPix(t.app, pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: id, valor: '9.00' }]));
    const second = await deliverPix(t.app, pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: id, valor: '9.00' }]));
    expect(first.json().data.results[0].outcome).toBe('credited');
    expect(second.json().data.results[0].outcome).toBe('paid_twice');
    expect(await wallet(user.id)).toBe(900);
    expect(await transaction(id)).toMatchObject({ status: 'success', reviewReason: 'paid_twice' });
  });

  it('applies each payment of a multi-payment notification, and records unknown txids without crediting', async () => {
    const { user, charges } = await fanWithCharges(['3.00', '4.00']);
    const res = await deliverPix(
      t.app,
      pixWebhook(t.ctx, [
        { endToEndId: endToEndId(), txid: charges[0]!.id, valor: '3.00' },
        { endToEndId: endToEndId(), txid: 'ffffffffffffffffffffffff', valor: '4.00' },
        { endToEndId: endToEndId(), txid: charges[1]!.id, valor: '4.00' },
      ]),
    );
    expect(res.json().data.results.map((r: { outcome: string }) => r.outcome)).toEqual(['credited', 'unknown_transaction', 'credited']);
    expect(await wallet(user.id)).toBe(700);
  });

  it('refuses non-JSON and empty bodies before doing anything', async () => {
    const text = await t.app.inject({ method: 'POST', url: '/api/payment/webhooks/pix-sandbox', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(text.statusCode).toBe(415);
    const empty = await t.app.inject({ method: 'POST', url: '/api/payment/webhooks/pix-sandbox', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps the ledger invariant after every flow', async () => {
    const check = await checkLedger(t.ctx.db);
    expect(check.ok).toBe(true);
    expect(check.negativeAccounts).toEqual([]);
  });
});
