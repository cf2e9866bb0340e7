import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOAK_TEST_MS } from '../../../../testing/budgets.js';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { testDatabaseKind } from '../../../test/databases.js';
import { ledgerMovements, payoutRequests } from '../../db/schema/index.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { creditEarnings } from '../earnings/earnings.test-support.js';
import { auth } from '../payments/payments.test-support.js';
import { PAYOUT_CLEARING } from './payouts.service.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, (await createUser(t.ctx, { role: 'admin' })).email, undefined, '10.3.0.1');
});
afterAll(() => t?.close());

async function creatorWith(earningsCents: number, ip: string) {
  const user = await createUser(t.ctx, { role: 'performer' });
  const token = await signIn(t.app, user.email, undefined, ip);
  const pix = await t.app.inject({ method: 'POST', url: '/api/payout-methods/pix', headers: auth(token), payload: { pixKeyType: 'email', pixKey: 'creator@example.test' } });
  expect(pix.statusCode, pix.body).toBe(200);
  await creditEarnings(t.ctx, user.id, earningsCents);
  return { id: user.id, token };
}

const request = (token: string, requestAmount: number) =>
  t.app.inject({ method: 'POST', url: '/api/payout-requests', headers: auth(token), payload: { requestAmount, paymentAccountType: 'pix' } });

/** Reads a balance over and over while `work` runs: what it saw, lowest first. */
async function watch(key: string, work: () => Promise<unknown>) {
  let running = true;
  const seen: number[] = [];
  const watcher = (async () => {
    while (running) {
      seen.push(await balanceOf(t.ctx.db, key));
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await watcher;
  }
  return seen.sort((a, b) => a - b);
}

describe(`concurrent payout requests (${testDatabaseKind()})`, () => {
  it('50 requests at once from one creator: one is reserved, the rest are refused, nothing is over-reserved', async () => {
    const me = await creatorWith(10_000, '10.3.0.2');
    // Amounts from 50.00 to 99.00: any one fits the 100.00 earned, no two together do.
    const amounts = Array.from({ length: 50 }, (_, i) => 50 + i);
    let answers: Awaited<ReturnType<typeof request>>[] = [];
    const seen = await watch(accountKeys.earnings(me.id), async () => {
      answers = await Promise.all(amounts.map((amount) => request(me.token, amount)));
    });

    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 409 || c === 422)).toBe(true);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(['payouts.already_pending', 'payouts.insufficient_earnings']).toContain(refused.json().code);
    }
    const winner = answers.find((a) => a.statusCode === 200)!.json().data;
    const winnerCents = Math.round(winner.requestAmount * 100);

    const rows = await t.ctx.db.select().from(payoutRequests).where(eq(payoutRequests.performerId, me.id));
    expect(rows.map((r) => [r.id, r.requestedCents])).toEqual([[winner._id, winnerCents]]);
    expect(await balanceOf(t.ctx.db, accountKeys.payout(me.id))).toBe(winnerCents);
    expect(await balanceOf(t.ctx.db, accountKeys.earnings(me.id))).toBe(10_000 - winnerCents);
    expect(seen[0]).toBeGreaterThanOrEqual(0);
    // One reservation movement, for the one request.
    expect(await t.ctx.db.select().from(ledgerMovements).where(eq(ledgerMovements.referenceId, winner._id))).toHaveLength(1);
    const check = await checkLedger(t.ctx.db);
    expect(check.ok, JSON.stringify(check)).toBe(true);
  }, SOAK_TEST_MS);

  it('staff deciding the same request at once: one decision wins, the money moves once', async () => {
    const me = await creatorWith(20_000, '10.3.0.3');
    const created = (await request(me.token, 150)).json().data;
    const clearingBefore = await balanceOf(t.ctx.db, PAYOUT_CLEARING);
    const decide = (status: 'done' | 'rejected') =>
      t.app.inject({ method: 'PUT', url: `/api/admin/payout-requests/${created._id}/status`, headers: auth(admin), payload: { status } });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => decide(i % 2 ? 'done' : 'rejected')));
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const final = won[0]!.json().data.status as 'done' | 'rejected';
    expect(await balanceOf(t.ctx.db, accountKeys.payout(me.id))).toBe(0);
    expect(await balanceOf(t.ctx.db, accountKeys.earnings(me.id))).toBe(final === 'rejected' ? 20_000 : 5_000);
    expect((await balanceOf(t.ctx.db, PAYOUT_CLEARING)) - clearingBefore).toBe(final === 'done' ? 15_000 : 0);
    const check = await checkLedger(t.ctx.db);
    expect(check.ok, JSON.stringify(check)).toBe(true);
  });
});
