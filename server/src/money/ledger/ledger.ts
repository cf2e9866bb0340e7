import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { newId } from '../../db/schema/ids.js';
import { ledgerAccounts } from './ledger.tables.js';
import { unprocessable } from '../../http/errors.js';
import { describeAccount } from './accounts.js';

export const INSUFFICIENT_BALANCE = 'You have an insufficient wallet balance. Please top up.';

/** How many shard rows an account's unchecked credits are spread over. */
export const LEDGER_SHARDS = 16;

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

export interface MovementResult {
  movementId: string;
  /** Each posted account's balance right after the movement (a sharded account's as this transaction sees it). */
  balances: Map<string, number>;
}

/** One merged posting as the movement statement reads it. */
interface Line {
  key: string;
  amount: number;
  /** Lands on a shard row: a posting that needs no balance check, to an account other than a wallet. */
  sharded: boolean;
  entry_id: string;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Writes one movement inside the caller's transaction, in one statement when its accounts
 * exist. Every debit is conditional on the balance in the same statement that applies it,
 * so two concurrent purchases can never both spend the same cents; a refused debit throws
 * a 422 and the caller's transaction (with the record it pays for) rolls back.
 *
 * Row locks are always taken in the same order, so concurrent movements cannot deadlock:
 * account rows first (in key order when there are several), then shard rows (in key
 * order, one shard number per movement). Credits that need no check go to a random shard
 * of the account, so a popular creator's earnings or the platform account is no single
 * row every purchase waits for. A checked debit of an account that has shards (a payout
 * from earnings) first folds the shards into the account row, under that row's lock.
 */
export async function postMovement(tx: Tx, input: MovementInput): Promise<MovementResult> {
  const merged = new Map<string, number>();
  for (const p of input.postings) {
    if (!Number.isSafeInteger(p.amountCents)) throw new Error(`Posting to ${p.account} is not integer cents`);
    merged.set(p.account, (merged.get(p.account) ?? 0) + p.amountCents);
  }
  for (const [key, amount] of merged) if (amount === 0) merged.delete(key);
  const sum = [...merged.values()].reduce((a, b) => a + b, 0);
  if (sum !== 0) throw new Error(`Movement ${input.kind} does not balance: ${sum}`);
  if (merged.size === 0) throw new Error(`Movement ${input.kind} moves nothing`);

  const lines: Line[] = [...merged.keys()].sort().map((key) => {
    const amount = merged.get(key)!;
    const account = describeAccount(key);
    return { key, amount, sharded: account.kind !== 'wallet' && (amount > 0 || account.allowNegative), entry_id: newId() };
  });
  const base = lines.filter((l) => !l.sharded);
  const foldFirst = base.filter((l) => l.amount < 0 && describeAccount(l.key).kind !== 'wallet');
  if (base.length > 1 || foldFirst.length > 0) {
    // The rare movement (a payout, a refund): lock its account rows in key order, then fold.
    await ensureAccounts(tx, lines);
    // NO KEY UPDATE, as an UPDATE takes: it does not block the key-share locks that
    // foreign-key checks of concurrent shard and entry inserts take on the same rows.
    await tx.execute(sql`select id from ledger_accounts where key in ${keyList(base)} order by key for no key update`);
    if (foldFirst.length) await foldShards(tx, foldFirst);
  }

  const movementId = newId();
  let outcome = await applyMovement(tx, input, movementId, lines);
  if (!outcome.complete) {
    await ensureAccounts(tx, lines);
    outcome = await applyMovement(tx, input, movementId, lines);
  }
  if (!outcome.complete) throw new Error(`Movement ${input.kind}: ledger accounts are missing`);
  if (!outcome.applied) throw unprocessable('wallet.insufficient_balance', INSUFFICIENT_BALANCE);
  return { movementId, balances: outcome.balances };
}

const keyList = (lines: Line[]) => sql`(${sql.join(lines.map((l) => sql`${l.key}`), sql`, `)})`;

/** Creates the accounts a movement names that do not exist yet. */
async function ensureAccounts(tx: Tx, lines: Line[]): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(lines.map((l) => { const { key, kind, ownerId, allowNegative } = describeAccount(l.key); return { key, kind, ownerId, allowNegative }; }))
    .onConflictDoNothing();
}

/** Moves the shard rows of these (locked) accounts into their account rows. */
async function foldShards(tx: Tx, lines: Line[]): Promise<void> {
  await tx.execute(sql`
    with accounts as (select id from ledger_accounts where key in ${keyList(lines)}),
    folded as (
      delete from ledger_account_shards s using accounts a where s.account_id = a.id
      returning s.account_id, s.balance_cents
    ),
    totals as (select account_id, sum(balance_cents) as cents from folded group by account_id)
    update ledger_accounts a set balance_cents = a.balance_cents + t.cents, updated_at = now()
    from totals t where a.id = t.account_id`);
}

interface Applied {
  complete: boolean;
  applied: boolean;
  balances: Map<string, number>;
}

/**
 * The movement as one statement: the database function `ledger_post` (migration
 * 0005_ledger_shards). It joins the lines to their accounts (`complete` when all exist),
 * applies the account-row postings, each debit only if it is covered, and only when every
 * one of them applied writes the shard credits, the movement and its entries (the shard
 * insert reads the account-row result, so account rows lock first). It answers each
 * posted account's balance after the movement.
 */
async function applyMovement(tx: Tx, input: MovementInput, movementId: string, lines: Line[]): Promise<Applied> {
  const shard = Math.floor(Math.random() * LEDGER_SHARDS);
  const [row] = rowsOf<{ complete: boolean; applied: boolean; balances: { key: string; cents: string | number }[] | string | null }>(
    await tx.execute(
      sql`select * from ledger_post(${JSON.stringify(lines)}::jsonb, ${movementId}, ${input.kind}, ${input.referenceType}, ${input.referenceId}, ${shard}::smallint)`,
    ),
  );
  const parsed = typeof row?.balances === 'string' ? (JSON.parse(row.balances) as { key: string; cents: string | number }[]) : (row?.balances ?? []);
  return {
    complete: row?.complete === true,
    applied: row?.applied === true,
    balances: new Map(parsed.map((b) => [b.key, Number(b.cents)])),
  };
}

/** Balances of the given account keys, shards included (0 for accounts that do not exist yet). */
export async function balancesOf(db: DbOrTx, keys: string[]): Promise<Map<string, number>> {
  const out = new Map(keys.map((k) => [k, 0]));
  if (keys.length === 0) return out;
  const rows = await db
    .select({
      key: ledgerAccounts.key,
      balanceCents: sql<string | number>`${ledgerAccounts.balanceCents} + coalesce((select sum(s.balance_cents) from ledger_account_shards s where s.account_id = ${ledgerAccounts.id}), 0)`,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.key, keys));
  for (const r of rows) out.set(r.key, Number(r.balanceCents));
  return out;
}

export async function balanceOf(db: DbOrTx, key: string): Promise<number> {
  return (await balancesOf(db, [key])).get(key)!;
}
