import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerMovements } from '../db/schema/index.js';
import { unprocessable } from '../http/errors.js';
import { describeAccount } from './accounts.js';

export const INSUFFICIENT_BALANCE = 'You have an insufficient wallet balance. Please top up.';

export interface Posting {
  /** An account key from `accountKeys`. */
  account: string;
  /** Signed integer cents: positive credits the account, negative debits it. */
  amountCents: number;
}

export interface MovementInput {
  kind: string;
  referenceType: string;
  referenceId: string;
  postings: Posting[];
}

/**
 * Writes one movement inside the caller's transaction. Every debit is conditional on
 * the balance in the same statement that applies it, so two concurrent purchases can
 * never both spend the same cents; a refused debit throws a 422 and the caller's
 * transaction (with the record it pays for) rolls back. Postings to one account are
 * merged, and accounts are updated in key order so concurrent movements lock rows in
 * the same order.
 */
export async function postMovement(tx: Tx, input: MovementInput): Promise<{ movementId: string; balances: Map<string, number> }> {
  const merged = new Map<string, number>();
  for (const p of input.postings) {
    if (!Number.isSafeInteger(p.amountCents)) throw new Error(`Posting to ${p.account} is not integer cents`);
    merged.set(p.account, (merged.get(p.account) ?? 0) + p.amountCents);
  }
  for (const [key, amount] of merged) if (amount === 0) merged.delete(key);
  const sum = [...merged.values()].reduce((a, b) => a + b, 0);
  if (sum !== 0) throw new Error(`Movement ${input.kind} does not balance: ${sum}`);
  if (merged.size === 0) throw new Error(`Movement ${input.kind} moves nothing`);

  const keys = [...merged.keys()].sort();
  await tx
    .insert(ledgerAccounts)
    .values(keys.map((key) => { const { key: k, kind, ownerId, allowNegative } = describeAccount(key); return { key: k, kind, ownerId, allowNegative }; }))
    .onConflictDoNothing();

  const balances = new Map<string, number>();
  const accountIds = new Map<string, string>();
  for (const key of keys) {
    const amount = merged.get(key)!;
    const [row] = await tx
      .update(ledgerAccounts)
      .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${amount}`, updatedAt: new Date() })
      .where(
        and(
          eq(ledgerAccounts.key, key),
          amount < 0 ? sql`(${ledgerAccounts.allowNegative} or ${ledgerAccounts.balanceCents} + ${amount} >= 0)` : undefined,
        ),
      )
      .returning({ id: ledgerAccounts.id, balanceCents: ledgerAccounts.balanceCents });
    if (!row) throw unprocessable('wallet.insufficient_balance', INSUFFICIENT_BALANCE);
    balances.set(key, row.balanceCents);
    accountIds.set(key, row.id);
  }

  const [movement] = await tx
    .insert(ledgerMovements)
    .values({ kind: input.kind, referenceType: input.referenceType, referenceId: input.referenceId })
    .returning({ id: ledgerMovements.id });
  await tx
    .insert(ledgerEntries)
    .values(keys.map((key) => ({ movementId: movement!.id, accountId: accountIds.get(key)!, amountCents: merged.get(key)! })));
  return { movementId: movement!.id, balances };
}

/** Cached balances of the given account keys (0 for accounts that do not exist yet). */
export async function balancesOf(db: DbOrTx, keys: string[]): Promise<Map<string, number>> {
  const out = new Map(keys.map((k) => [k, 0]));
  if (keys.length === 0) return out;
  const rows = await db
    .select({ key: ledgerAccounts.key, balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.key, keys));
  for (const r of rows) out.set(r.key, r.balanceCents);
  return out;
}

export async function balanceOf(db: DbOrTx, key: string): Promise<number> {
  return (await balancesOf(db, [key])).get(key)!;
}
