import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

/** A fan following a creator; the creator's `followers_count` moves with it, never below 0. */
export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.performerId] }), index('follows_performer_idx').on(t.performerId, t.createdAt)],
);
