import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOAK_TEST_MS } from '../../../../testing/budgets.js';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { testDatabaseKind } from '../../../test/databases.js';
import { idempotencyKeys, ledgerMovements } from '../../db/schema/index.js';
import { ALREADY_USED, REPLAYED_HEADER } from '../../money/idempotency.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { INSUFFICIENT_BALANCE } from '../../money/ledger/ledger.js';
import { chargesOf, earningsOf, platformBalance, recordingRealtime, tip, walletOf } from './wallet-test-kit.js';

const realtime = recordingRealtime();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime });
});
afterAll(() => t.close());

describe(`concurrent tips (${testDatabaseKind()})`, () => {
  it('200 tips of 10.00 against 1000.00: exactly 100 succeed, the rest are 422, nothing is lost', async () => {
    const fan = await createUser(t.ctx, { balanceCents: 100_000 });
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, fan.email);
    const platformBefore = await platformBalance(t.ctx);

    // Watch the balance while the tips run: it must never be seen below zero.
    let running = true;
    const seen: number[] = [];
    const watcher = (async () => {
      while (running) {
        seen.push(await walletOf(t.ctx, fan.id));
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const answers = await Promise.all(Array.from({ length: 200 }, () => tip(t.app, token, creator.id, { price: 10 })));
    running = false;
    await watcher;

    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(100);
    expect(codes.filter((c) => c === 422)).toHaveLength(100);
    for (const refused of answers.filter((a) => a.statusCode === 422)) expect(refused.json().message).toBe(INSUFFICIENT_BALANCE);

    expect(await walletOf(t.ctx, fan.id)).toBe(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    // Default commission 0.2, no referrers: 8.00 to the creator and 2.00 to the platform per tip.
    expect(await earningsOf(t.ctx, creator.id)).toBe(100 * 800);
    expect((await platformBalance(t.ctx)) - platformBefore).toBe(100 * 200);
    const charges = await chargesOf(t.ctx, [fan.id]);
    expect(charges).toHaveLength(100);
    const movements = await t.ctx.db.select().from(ledgerMovements).where(inArray(ledgerMovements.referenceId, charges.map((c) => c.id)));
    expect(movements).toHaveLength(100);
    expect(new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().data._id))).toEqual(new Set(charges.map((c) => c.id)));
    const check = await checkLedger(t.ctx.db);
    expect(check.ok, JSON.stringify(check)).toBe(true);
  }, SOAK_TEST_MS);
});

describe(`Idempotency-Key under concurrency (${testDatabaseKind()})`, () => {
  it('the same key sent 50 times at once debits once and every answer is identical', async () => {
    const fan = await createUser(t.ctx, { balanceCents: 100_000 });
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, fan.email);
    realtime.events.length = 0;
    const key = `tip-${fan.id}-1`;
    const body = { price: 25.5, message: 'once' };

    const answers = await Promise.all(Array.from({ length: 50 }, () => tip(t.app, token, creator.id, body, key)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers[REPLAYED_HEADER] === undefined)).toHaveLength(1);
    expect(await walletOf(t.ctx, fan.id)).toBe(100_000 - 2550);
    const charges = await chargesOf(t.ctx, [fan.id]);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.idempotencyKey).toBe(key);
    // Live events go out once, for the request that did the work.
    expect(realtime.events.filter((e) => e.event === 'token_transaction_success')).toHaveLength(1);

    // A later retry (keys in another order) still replays the same answer.
    const retry = await tip(t.app, token, creator.id, { message: 'once', price: '25.50' }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(answers[0]!.body);

    // Another body with that key is refused and moves nothing.
    const other = await tip(t.app, token, creator.id, { price: 30 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ message: ALREADY_USED, code: 'idempotency.key_reused' });
    const elsewhere = await tip(t.app, token, (await createUser(t.ctx, { role: 'performer' })).id, body, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(await walletOf(t.ctx, fan.id)).toBe(100_000 - 2550);

    // Keys are scoped to the user: another fan may use the same key for their own tip.
    const otherFan = await createUser(t.ctx, { balanceCents: 10_000 });
    const mine = await tip(t.app, await signIn(t.app, otherFan.email), creator.id, body, key);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data._id).not.toBe(answers[0]!.json().data._id);
    expect(await walletOf(t.ctx, otherFan.id)).toBe(10_000 - 2550);
    const rows = await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows.map((r) => r.state)).toEqual(['completed', 'completed']);
  });

  it('a refusal is the answer too: concurrent retries of a short-balance tip all get the same 422', async () => {
    const fan = await createUser(t.ctx, { balanceCents: 500 });
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, fan.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => tip(t.app, token, creator.id, { price: 10 }, 'short-1')));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(
      new Set([`422 ${JSON.stringify({ statusCode: 422, message: INSUFFICIENT_BALANCE, error: 'Unprocessable Entity', code: 'wallet.insufficient_balance' })}`]),
    );
    expect(await walletOf(t.ctx, fan.id)).toBe(500);
  });

  it('many fans tipping many creators at once, with shared and fresh keys, keep the books balanced', async () => {
    const fans = await Promise.all(Array.from({ length: 8 }, () => createUser(t.ctx, { balanceCents: 5_000 })));
    const creators = await Promise.all(Array.from({ length: 3 }, () => createUser(t.ctx, { role: 'performer' })));
    const tokens: string[] = [];
    for (const [i, f] of fans.entries()) tokens.push(await signIn(t.app, f.email, undefined, `10.7.0.${i + 1}`));
    const jobs = Array.from({ length: 120 }, (_, i) => {
      const f = i % fans.length;
      return tip(t.app, tokens[f]!, creators[i % creators.length]!.id, { price: 10 }, i % 3 === 0 ? `k-${i % 12}` : undefined); // undefined: a fresh key
    });
    const answers = await Promise.all(jobs);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 422)).toBe(true);
    const charges = await chargesOf(t.ctx, fans.map((f) => f.id));
    for (const [i, fan] of fans.entries()) {
      const paid = charges.filter((c) => c.userId === fan.id).reduce((s, c) => s + c.priceCents, 0);
      expect(await walletOf(t.ctx, fan.id), `fan ${i}`).toBe(5_000 - paid);
    }
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });
});
