// Tables of this feature (db/migrations/0015_social.sql holds their SQL).
import { integer, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { users } from './users.js';

/** A creator blocking a fan: the fan sees nothing of the creator, follows, comments on and pays nothing of theirs. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.userId] }), index('user_blocks_user_idx').on(t.userId)],
);

/** Countries (ISO alpha-2, upper case) whose visitors may not see a creator. */
export const performerBlockedCountries = pgTable(
  'performer_blocked_countries',
  {
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.countryCode] }), index('performer_blocked_countries_country_idx').on(t.countryCode)],
);

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('reports_user_target_unique').on(t.userId, t.target, t.targetId), index('reports_status_idx').on(t.status, t.createdAt)],
);

/** How often each keyword was searched; `keyword` is trimmed and lower-cased. */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    id: idColumn(),
    keyword: text('keyword').notNull(),
    total: integer('total').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('search_keywords_keyword_unique').on(t.keyword), index('search_keywords_total_idx').on(t.total)],
);
