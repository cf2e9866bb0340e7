import { describe, expect, it } from 'vitest';
import { createTestApp, createUser } from '../../test/helpers.js';
import { accountKeys } from './accounts.js';
import { checkLedger } from './invariant.js';
import { balanceOf, INSUFFICIENT_BALANCE, postMovement } from './ledger.js';

describe('ledger', () => {
  it('refuses a debit past the balance, rolling back the whole movement', async () => {
    const t = await createTestApp();
    const fan = await createUser(t.ctx, { balanceCents: 1000 });
    const creator = await createUser(t.ctx, { role: 'performer' });
    const spend = (cents: number) =>
      t.ctx.db.transaction((tx) =>
        postMovement(tx, {
          kind: 'charge',
          referenceType: 'test',
          referenceId: 'x',
          postings: [
            { account: accountKeys.wallet(fan.id), amountCents: -cents },
            { account: accountKeys.earnings(creator.id), amountCents: cents },
          ],
        }),
      );
    await expect(spend(1001)).rejects.toMatchObject({ statusCode: 422, message: INSUFFICIENT_BALANCE });
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fan.id))).toBe(1000);
    expect(await balanceOf(t.ctx.db, accountKeys.earnings(creator.id))).toBe(0);
    await spend(1000);
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fan.id))).toBe(0);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
    await t.close();
  });

  it('refuses movements that do not balance or are not integer cents', async () => {
    const t = await createTestApp();
    const fan = await createUser(t.ctx);
    const before = await checkLedger(t.ctx.db);
    const post = (a: number, b: number) =>
      t.ctx.db.transaction((tx) =>
        postMovement(tx, {
          kind: 'x',
          referenceType: 'test',
          referenceId: 'x',
          postings: [
            { account: accountKeys.gateway('test'), amountCents: a },
            { account: accountKeys.wallet(fan.id), amountCents: b },
          ],
        }),
      );
    await expect(post(-100, 99)).rejects.toThrow(/does not balance/);
    await expect(post(-10.5, 10.5)).rejects.toThrow(/integer cents/);
    const check = await checkLedger(t.ctx.db);
    expect(check).toMatchObject({ ok: true, movements: before.movements });
    await t.close();
  });

  it('never spends the same cents twice under concurrency', async () => {
    const t = await createTestApp();
    const fan = await createUser(t.ctx, { balanceCents: 50 * 100 });
    const creator = await createUser(t.ctx, { role: 'performer' });
    const attempts = Array.from({ length: 80 }, () =>
      t.ctx.db
        .transaction((tx) =>
          postMovement(tx, {
            kind: 'charge',
            referenceType: 'test',
            referenceId: 'c',
            postings: [
              { account: accountKeys.wallet(fan.id), amountCents: -100 },
              { account: accountKeys.earnings(creator.id), amountCents: 80 },
              { account: accountKeys.platform(), amountCents: 20 },
            ],
          }),
        )
        .then(
          () => 'ok',
          (e: { statusCode?: number }) => (e.statusCode === 422 ? 'refused' : Promise.reject(e)),
        ),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r === 'ok')).toHaveLength(50);
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fan.id))).toBe(0);
    expect(await balanceOf(t.ctx.db, accountKeys.earnings(creator.id))).toBe(4000);
    expect(await balanceOf(t.ctx.db, accountKeys.platform())).toBe(1000);
    const check = await checkLedger(t.ctx.db);
    expect(check.ok).toBe(true);
    await t.close();
  });
});
