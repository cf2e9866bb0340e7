import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

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
