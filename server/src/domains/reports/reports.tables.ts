import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReportAction } from '@fandeck/contract';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

// Tables of this feature (db/migrations/0015_social.sql holds their SQL).
export const REPORT_TARGETS = ['feed', 'performer', 'comment', 'gallery', 'video', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_STATUSES = ['pending', 'resolved', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A user's report of an item or a creator; one per user and target, reviewed by staff. */
export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text('target').$type<ReportTarget>().notNull(),
    targetId: text('target_id').notNull(),
    /** The creator the reported item belongs to, when known. */
    performerId: text('performer_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<ReportStatus>().notNull().default('pending'),
    /** What staff did about it (`dismiss`, `hide`, `warn`, `suspend`), and their note. */
    resolution: text('resolution').$type<ReportAction>(),
    note: text('note'),
    resolvedById: text('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('reports_user_target_unique').on(t.userId, t.target, t.targetId), index('reports_status_idx').on(t.status, t.createdAt)],
);
