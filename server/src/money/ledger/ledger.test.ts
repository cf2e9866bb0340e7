import { describe, expect, it } from 'vitest';
import { createTestApp, createUser } from '../../../test/helpers.js';
import { accountKeys } from './accounts.js';
import { checkLedger } from './invariant.js';
import { sql } from 'drizzle-orm';
import { balanceOf, balancesOf, INSUFFICIENT_BALANCE, postMovement, type Posting } from './ledger.js';

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

  it('spreads unchecked credits over shards and folds them before a checked debit of the account', async () => {
    const t = await createTestApp();
    const fan = await createUser(t.ctx, { balanceCents: 100 * 100 });
    const creator = await createUser(t.ctx, { role: 'performer' });
    const earnings = accountKeys.earnings(creator.id);
    const post = (postings: Posting[]) =>
      t.ctx.db.transaction((tx) => postMovement(tx, { kind: 'test', referenceType: 'test', referenceId: 'x', postings }));
    const platformBefore = await balanceOf(t.ctx.db, accountKeys.platform());
    for (let i = 0; i < 40; i++) {
      await post([
        { account: accountKeys.wallet(fan.id), amountCents: -100 },
        { account: earnings, amountCents: 80 },
        { account: accountKeys.platform(), amountCents: 20 },
      ]);
    }
    const shardRows = async () =>
      Number(((await t.ctx.db.execute(sql`select count(*) as n from ledger_account_shards s join ledger_accounts a on a.id = s.account_id where a.key = ${earnings}`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    // 40 credits of one creator landed on more than one shard row, none on the account row.
    expect(await shardRows()).toBeGreaterThan(1);
    expect(await balancesOf(t.ctx.db, [earnings, accountKeys.platform()])).toEqual(new Map([[earnings, 3200], [accountKeys.platform(), platformBefore + 800]]));

    // A payout of more than the earnings is refused; of exactly them, empties the account.
    const payout = (cents: number) => post([{ account: earnings, amountCents: -cents }, { account: accountKeys.gateway('bank'), amountCents: cents }]);
    await expect(payout(3201)).rejects.toMatchObject({ statusCode: 422 });
    expect(await balanceOf(t.ctx.db, earnings)).toBe(3200);
    const { balances } = await payout(3200);
    expect(balances.get(earnings)).toBe(0);
    expect(await balanceOf(t.ctx.db, earnings)).toBe(0);
    expect(await shardRows()).toBe(0);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
    await t.close();
  });

  it('keeps exact books when tips and payouts of the same creator race', async () => {
    const t = await createTestApp();
    const fans = await Promise.all(Array.from({ length: 4 }, () => createUser(t.ctx, { balanceCents: 20 * 100 })));
    const creator = await createUser(t.ctx, { role: 'performer' });
    const earnings = accountKeys.earnings(creator.id);
    const post = (postings: Posting[]) =>
      t.ctx.db
        .transaction((tx) => postMovement(tx, { kind: 'test', referenceType: 'test', referenceId: 'x', postings }))
        .then(
          () => 'ok' as const,
          (e: { statusCode?: number }) => (e.statusCode === 422 ? ('refused' as const) : Promise.reject(e)),
        );
    const tips = fans.flatMap((fan) =>
      Array.from({ length: 25 }, () =>
        post([
          { account: accountKeys.wallet(fan.id), amountCents: -100 },
          { account: earnings, amountCents: 90 },
          { account: accountKeys.platform(), amountCents: 10 },
        ]),
      ),
    );
    const payouts = Array.from({ length: 20 }, () => post([{ account: earnings, amountCents: -500 }, { account: accountKeys.gateway('bank'), amountCents: 500 }]));
    const [tipResults, payoutResults] = await Promise.all([Promise.all(tips), Promise.all(payouts)]);
    const tipped = tipResults.filter((r) => r === 'ok').length;
    const paid = payoutResults.filter((r) => r === 'ok').length;
    // Each fan can afford 20 of its 25 tips; payouts never take more than was earned.
    expect(tipped).toBe(80);
    expect(paid * 500).toBeLessThanOrEqual(80 * 90);
    expect(await balanceOf(t.ctx.db, earnings)).toBe(80 * 90 - paid * 500);
    const check = await checkLedger(t.ctx.db);
    expect(check).toMatchObject({ ok: true, negativeAccounts: [], mismatchedAccounts: [] });
    await t.close();
  });
});
