import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface LedgerCheck {
  ok: boolean;
  /** Sum of every account's cached balance (account rows and their shards); 0 when the books balance. */
  totalCents: number;
  accounts: number;
  movements: number;
  /** Accounts whose cached balance differs from the sum of their entries. */
  mismatchedAccounts: { key: string; cachedCents: number; entriesCents: number }[];
  /** Movements whose entries do not sum to zero. */
  unbalancedMovements: { id: string; sumCents: number }[];
  /** Accounts that may not go negative but did. */
  negativeAccounts: { key: string; balanceCents: number }[];
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Checks the books: all accounts sum to zero, every cache equals its entries, every movement balances. */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const totals = rowsOf<{ total: string | number | null; accounts: string | number; movements: string | number }>(
    await db.execute(sql`select
      (select coalesce(sum(balance_cents), 0) from ledger_accounts)
        + (select coalesce(sum(balance_cents), 0) from ledger_account_shards) as total,
      (select count(*) from ledger_accounts) as accounts,
      (select count(*) from ledger_movements) as movements`),
  )[0]!;
  const mismatched = rowsOf<{ key: string; cached: string | number; entries: string | number }>(
    await db.execute(sql`with cached as (
        select a.id, a.key, a.balance_cents + coalesce((select sum(s.balance_cents) from ledger_account_shards s where s.account_id = a.id), 0) as cents
        from ledger_accounts a
      )
      select c.key, c.cents as cached, coalesce(sum(e.amount_cents), 0) as entries
      from cached c left join ledger_entries e on e.account_id = c.id
      group by c.id, c.key, c.cents
      having c.cents <> coalesce(sum(e.amount_cents), 0)`),
  );
  const unbalanced = rowsOf<{ id: string; total: string | number }>(
    await db.execute(sql`select movement_id as id, sum(amount_cents) as total from ledger_entries group by movement_id having sum(amount_cents) <> 0`),
  );
  const negative = rowsOf<{ key: string; balance_cents: string | number }>(
    await db.execute(sql`select a.key, a.balance_cents + coalesce((select sum(s.balance_cents) from ledger_account_shards s where s.account_id = a.id), 0) as balance_cents
      from ledger_accounts a where not a.allow_negative
        and a.balance_cents + coalesce((select sum(s.balance_cents) from ledger_account_shards s where s.account_id = a.id), 0) < 0`),
  );
  const result: LedgerCheck = {
    ok: false,
    totalCents: Number(totals.total ?? 0),
    accounts: Number(totals.accounts),
    movements: Number(totals.movements),
    mismatchedAccounts: mismatched.map((r) => ({ key: r.key, cachedCents: Number(r.cached), entriesCents: Number(r.entries) })),
    unbalancedMovements: unbalanced.map((r) => ({ id: r.id, sumCents: Number(r.total) })),
    negativeAccounts: negative.map((r) => ({ key: r.key, balanceCents: Number(r.balance_cents) })),
  };
  result.ok = result.totalCents === 0 && !result.mismatchedAccounts.length && !result.unbalancedMovements.length && !result.negativeAccounts.length;
  return result;
}
