import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

// Tables of this feature (db/migrations/0015_social.sql holds their SQL).
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
