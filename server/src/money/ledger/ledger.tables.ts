import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';

export const LEDGER_ACCOUNT_KINDS = ['wallet', 'earnings', 'platform', 'referral', 'gateway', 'payout'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * One row per account: each fan's wallet, each creator's earnings, the platform's
 * commission, each referrer's commission and each gateway's clearing account.
 * `balance_cents` is a cache of the sum of the account's entries, updated in the same
 * transaction; the check constraint makes a negative wallet impossible even for a bug.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: idColumn(),
    /** `wallet:<userId>`, `earnings:<userId>`, `referral:<userId>`, `platform`, `gateway:<name>`. */
    key: text('key').notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    ownerId: text('owner_id'),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /** Only clearing and platform accounts may go below zero. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_key_unique').on(t.key),
    index('ledger_accounts_owner_idx').on(t.ownerId),
    check('ledger_accounts_non_negative', sql`${t.allowNegative} or ${t.balanceCents} >= 0`),
  ],
);

/**
 * Credits that need no balance check (a creator's earnings, the platform's commission, a
 * referrer's share, a gateway's clearing) land on one of a few shard rows of the account
 * instead of its `ledger_accounts` row, so concurrent purchases paying the same creator do
 * not queue on one row lock. An account's balance is its row plus its shards; a checked
 * debit of such an account first folds its shards into the row (`ledger.ts`).
 */
export const ledgerAccountShards = pgTable(
  'ledger_account_shards',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    shard: smallint('shard').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.shard] })],
);

/** A set of entries that sum to zero, tied to the record it pays for. */
export const ledgerMovements = pgTable(
  'ledger_movements',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_movements_reference_idx').on(t.referenceType, t.referenceId)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: idColumn(),
    movementId: text('movement_id')
      .notNull()
      .references(() => ledgerMovements.id),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_movement_idx').on(t.movementId),
    check('ledger_entries_non_zero', sql`${t.amountCents} <> 0`),
  ],
);
