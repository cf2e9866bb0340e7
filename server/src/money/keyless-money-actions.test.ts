import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MS } from '../../../testing/budgets.js';
import { createTestApp, createUser, signIn, type TestApp } from '../../test/helpers.js';
import { testDatabaseKind } from '../../test/databases.js';
import { idempotencyKeys, ledgerMovements, paymentTransactions, usedQuotes } from '../db/schema/index.js';
import { checkLedger } from './ledger/invariant.js';
import { setPrices, SUBSCRIBE_PATH, subscriptionOf } from '../domains/subscriptions/subscriptions-test-kit.js';
import { chargesOf, earningsOf, platformBalance, quote, recordingRealtime, tip, walletOf } from '../domains/wallet/wallet-test-kit.js';

/**
 * Issue 22, point 1: existing clients send money actions without an `Idempotency-Key`
 * (api-contract section 7, "Observed a week later"), with their optional fields as `""`
 * and no quote. Each such request is a fresh action, never a 400; keys still replay.
 */
const realtime = recordingRealtime();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime });
});
afterAll(async () => {
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  await t?.close();
});

async function fanWith(balanceCents: number) {
  const fan = await createUser(t.ctx, { balanceCents });
  return { fan, token: await signIn(t.app, fan.email) };
}

/** A POST exactly as an existing client sends it: JSON, the token, no key, no quote. */
const asExistingClient = (token: string, path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, headers: { authorization: token, 'content-type': 'application/json' }, payload });

describe(`money actions without an Idempotency-Key (${testDatabaseKind()})`, () => {
  it('tip, subscribe and top-up, with the bodies existing clients send, succeed as fresh actions', async () => {
    const { fan, token } = await fanWith(100_000);
    const creator = await createUser(t.ctx, { role: 'performer' });
    await setPrices(t.ctx, creator.id, { monthlyPriceCents: 1000 });

    const tipped = await asExistingClient(token, `/wallet/charges/tip/${creator.id}`, { price: 10, conversationId: '', sessionId: '' });
    expect(tipped.statusCode, tipped.body).toBe(200);
    expect(tipped.json().data).toMatchObject({ targetId: creator.id, price: 10 });

    const subscribed = await asExistingClient(token, SUBSCRIBE_PATH, { type: 'monthly', performerId: creator.id });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect((await subscriptionOf(t.ctx, fan.id, creator.id))?.status).toBe('active');

    const toppedUp = await asExistingClient(token, '/payment/wallet/top-up', { amount: 10, couponCode: '', cardId: '' });
    expect(toppedUp.statusCode, toppedUp.body).toBe(200);
    expect(toppedUp.json().data).toMatchObject({ status: 'pending' });

    for (const res of [tipped, subscribed, toppedUp]) expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await walletOf(t.ctx, fan.id)).toBe(100_000 - 1000 - 1000);
    expect(await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.id))).toHaveLength(1);
    // Nothing to replay: no key was claimed.
    expect(await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, fan.id))).toHaveLength(0);

    // The same keyless request again is another tip, charged again.
    expect((await asExistingClient(token, `/wallet/charges/tip/${creator.id}`, { price: 10, conversationId: '' })).statusCode).toBe(200);
    expect((await chargesOf(t.ctx, [fan.id])).filter((c) => c.target === 'tip')).toHaveLength(2);
    expect(await walletOf(t.ctx, fan.id)).toBe(100_000 - 3000);
  });

  it('a keyless request spends its quote once; the same quote again, keyless or keyed, is 409 payment.quote_used', async () => {
    const { fan, token } = await fanWith(10_000);
    const creator = await createUser(t.ctx, { role: 'performer' });
    const path = `/wallet/charges/tip/${creator.id}`;
    const quoted = (await quote(t.app, token, path, { price: 12 })).json().data.quote as string;
    const withQuote = (key: string | null) => tip(t.app, token, creator.id, { price: 12 }, key, { 'x-fandeck-quote': quoted });

    expect((await withQuote(null)).statusCode).toBe(200);
    for (const key of [null, null, 'a-key-after-a-keyless-spend']) {
      const again = await withQuote(key);
      expect([again.statusCode, again.json().code], String(key)).toEqual([409, 'payment.quote_used']);
    }
    expect(await walletOf(t.ctx, fan.id)).toBe(10_000 - 1200);
    expect(await t.ctx.db.select().from(usedQuotes).where(eq(usedQuotes.userId, fan.id))).toHaveLength(1);
  });

  it('a repeated key still replays the first answer and charges once', async () => {
    const { fan, token } = await fanWith(10_000);
    const creator = await createUser(t.ctx, { role: 'performer' });
    const first = await tip(t.app, token, creator.id, { price: 10 }, 'our-client-key');
    const again = await tip(t.app, token, creator.id, { price: 10 }, 'our-client-key');
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await walletOf(t.ctx, fan.id)).toBe(9000);
  });

  it('50 keyless tips at once from one fan: each charged once, balances exact', { timeout: TEST_MS }, async () => {
    const { fan, token } = await fanWith(100_000);
    const creator = await createUser(t.ctx, { role: 'performer' });
    const platformBefore = await platformBalance(t.ctx);
    realtime.events.length = 0;

    const answers = await Promise.all(Array.from({ length: 50 }, () => tip(t.app, token, creator.id, { price: 12.34 }, null)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const charges = await chargesOf(t.ctx, [fan.id]);
    expect(charges).toHaveLength(50);
    expect(new Set(answers.map((a) => a.json().data._id))).toEqual(new Set(charges.map((c) => c.id)));

    expect(await walletOf(t.ctx, fan.id)).toBe(100_000 - 50 * 1234);
    // Default commission 0.2, no referrers: each tip's split sums to its price.
    const earned = charges.reduce((sum, c) => sum + c.earningsCents, 0);
    const platform = charges.reduce((sum, c) => sum + c.platformCents, 0);
    expect(earned + platform).toBe(50 * 1234);
    expect(await earningsOf(t.ctx, creator.id)).toBe(earned);
    expect(earned).toBe(50 * charges[0]!.earningsCents);
    expect((await platformBalance(t.ctx)) - platformBefore).toBe(platform);
    const movements = await t.ctx.db.select().from(ledgerMovements).where(inArray(ledgerMovements.referenceId, charges.map((c) => c.id)));
    expect(movements).toHaveLength(50);
    expect(realtime.events.filter((e) => e.event === 'token_transaction_success' && e.userId === fan.id)).toHaveLength(50);
  });
});
