import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

export const COUPON_TYPES = ['percentage', 'fixed'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/**
 * `value` is in hundredths: of a percent for `percentage` (1250 = 12.5 %), of the currency
 * for `fixed` (500 = 5.00). Null limits mean unlimited.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    code: text('code').notNull(),
    type: text('type').$type<CouponType>().notNull(),
    value: integer('value').notNull(),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerUser: integer('max_uses_per_user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(t.code),
    check('coupons_value', sql`${t.value} > 0 and (${t.type} <> 'percentage' or ${t.value} < 10000)`),
  ],
);

export const REDEMPTION_STATUSES = ['reserved', 'redeemed', 'released'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/**
 * A coupon use, reserved when the top-up is created and redeemed when it is paid. A
 * reservation counts against the limits until `hold_until` (the charge's expiry).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: idColumn(),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id').notNull(),
    status: text('status').$type<RedemptionStatus>().notNull().default('reserved'),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_transaction_unique').on(t.transactionId),
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
  ],
);
