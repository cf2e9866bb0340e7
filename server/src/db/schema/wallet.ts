import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { users } from './users.js';

/** Contract section 4: wallet charge statuses. */
export const WALLET_CHARGE_STATUSES = ['pending', 'success', 'refunded'] as const;
export type WalletChargeStatus = (typeof WALLET_CHARGE_STATUSES)[number];

/** Contract section 4: what a wallet charge paid for. */
export const WALLET_CHARGE_TARGETS = [
  'video',
  'product',
  'gallery',
  'tip',
  'feed',
  'message',
  'stream_tip',
  'public_chat',
  'group_chat',
  'private_chat',
  'gift',
  'auction',
  'crowdfunding',
  'event',
  'booking_cameo',
] as const;
export type WalletChargeTarget = (typeof WALLET_CHARGE_TARGETS)[number];

/**
 * A purchase paid from a fan's wallet. It is written in the same transaction as the
 * ledger movement that moves the money (`ledger_movements.reference_id` = this id,
 * `reference_type` = 'wallet_charge'), so a charge exists exactly when its money
 * moved. The split columns record how the price was shared out.
 */
export const walletCharges = pgTable(
  'wallet_charges',
  {
    id: idColumn(),
    target: text('target').$type<WalletChargeTarget>().notNull(),
    /** The bought item; for a tip, the creator's user id. */
    targetId: text('target_id').notNull(),
    status: text('status').$type<WalletChargeStatus>().notNull().default('success'),
    /** The buyer (fan). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The creator paid. */
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    earningsCents: bigint('earnings_cents', { mode: 'number' }).notNull(),
    platformCents: bigint('platform_cents', { mode: 'number' }).notNull(),
    referralCents: bigint('referral_cents', { mode: 'number' }).notNull().default(0),
    message: text('message'),
    conversationId: text('conversation_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wallet_charges_user_idx').on(t.userId, t.updatedAt),
    index('wallet_charges_performer_idx').on(t.performerId, t.updatedAt),
    index('wallet_charges_target_idx').on(t.target, t.targetId),
    check('wallet_charges_price_positive', sql`${t.priceCents} > 0`),
    check(
      'wallet_charges_split_sums',
      sql`${t.earningsCents} >= 0 and ${t.platformCents} >= 0 and ${t.referralCents} >= 0 and ${t.earningsCents} + ${t.platformCents} + ${t.referralCents} = ${t.priceCents}`,
    ),
  ],
);

export const IDEMPOTENCY_STATES = ['pending', 'completed'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

/**
 * `Idempotency-Key`s of money-moving requests, scoped to the user who sent them. A
 * row is claimed (`pending`, with an owner token and a lease) before the work runs;
 * the work's own transaction marks it `completed` with the answer, so the answer is
 * stored exactly when the money moved. Only a hash of the request is kept.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and canonical body. */
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<IdempotencyState>().notNull().default('pending'),
    /** Random token of the request that currently owns a pending key. */
    owner: text('owner').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    /** The answer's JSON text, kept verbatim so a replay is byte-for-byte the first answer. */
    responseBody: text('response_body'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Quotes already spent (issue 21): a quote pays for one request. The Idempotency-Key that
 * spent it may come back with it (a retry); any other key is refused. A row is useless
 * once its quote has expired, so it may be pruned then.
 */
export const usedQuotes = pgTable(
  'used_quotes',
  {
    quoteId: text('quote_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('used_quotes_expires_idx').on(t.expiresAt)],
);
