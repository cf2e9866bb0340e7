import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

/** Contract section 4: subscription types and statuses. */
export const SUBSCRIPTION_TYPES = ['monthly', 'quarterly', 'half_yearly', 'yearly', 'free', 'system'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const SUBSCRIPTION_STATUSES = ['created', 'active', 'deactivated'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A fan's subscription to a creator: one row per pair, reused when the fan subscribes
 * again. Access holds while `status = 'active'` and `expired_at` is in the future; a
 * durable job (`subscriptions.renew`, singleton per row) charges the next period at
 * `expired_at`, retries while `grace_until` lasts and deactivates after it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionType: text('subscription_type').$type<SubscriptionType>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('created'),
    /** What each period costs, fixed when the fan subscribed to this plan (0 for free). */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The end of the paid (or free) period; access ends here unless a renewal succeeds. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** Set by cancel: no further renewal, access kept to `expired_at`. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** While a short balance is retried; deactivated once it passes. */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    failedRenewals: integer('failed_renewals').notNull().default(0),
    /** Successful renewals since the first payment. */
    renewals: integer('renewals').notNull().default(0),
    /** When the fan took this creator's free offer: one free subscription per fan per creator, ever. */
    freeUsedAt: timestamp('free_used_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_pair_unique').on(t.userId, t.performerId),
    index('subscriptions_performer_idx').on(t.performerId, t.status, t.expiredAt),
    check('subscriptions_price_not_negative', sql`${t.priceCents} >= 0`),
  ],
);

export const SUBSCRIPTION_PAYMENT_KINDS = ['new', 'renewal'] as const;
export type SubscriptionPaymentKind = (typeof SUBSCRIPTION_PAYMENT_KINDS)[number];

/**
 * One paid period of a subscription, written in the transaction of its ledger movement
 * (`reference_type` `subscription_payment`). Unique per subscription and period start,
 * so a renewal job that runs twice charges once.
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: idColumn(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id),
    subscriptionType: text('subscription_type').$type<SubscriptionType>().notNull(),
    kind: text('kind').$type<SubscriptionPaymentKind>().notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    earningsCents: bigint('earnings_cents', { mode: 'number' }).notNull(),
    platformCents: bigint('platform_cents', { mode: 'number' }).notNull(),
    referralCents: bigint('referral_cents', { mode: 'number' }).notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_payments_period_unique').on(t.subscriptionId, t.periodStart),
    index('subscription_payments_performer_idx').on(t.performerId, t.createdAt),
    check('subscription_payments_price_positive', sql`${t.priceCents} > 0`),
  ],
);
