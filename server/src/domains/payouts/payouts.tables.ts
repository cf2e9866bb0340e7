import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

/** Contract section 4: payout request statuses. */
export const PAYOUT_STATUSES = ['pending', 'approved', 'rejected', 'done'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_ACCOUNT_TYPES = ['pix', 'banking', 'stripe'] as const;
export type PayoutAccountType = (typeof PAYOUT_ACCOUNT_TYPES)[number];

/**
 * A creator's request to be paid their earnings. Creating it moves the amount from
 * `earnings:<id>` to `payout:<id>` in the ledger (a checked debit, so never more than the
 * earnings); `done` moves it out to the payout clearing account, `rejected` back to the
 * earnings. At most one open (`pending` or `approved`) request per creator.
 */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id),
    requestedCents: bigint('requested_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    paymentAccountType: text('payment_account_type').$type<PayoutAccountType>().notNull(),
    /** The payout details as they were when requested (masked for display). */
    paymentAccountInfo: jsonb('payment_account_info').$type<Record<string, unknown>>(),
    requestNote: text('request_note').notNull().default(''),
    adminNote: text('admin_note').notNull().default(''),
    reviewedBy: text('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payout_requests_one_open').on(t.performerId).where(sql`status in ('pending', 'approved')`),
    index('payout_requests_performer_idx').on(t.performerId, t.createdAt),
    index('payout_requests_status_idx').on(t.status, t.createdAt),
    check('payout_requests_amount_positive', sql`${t.requestedCents} > 0`),
  ],
);
