import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns.js';

export const blockedCountries = pgTable('blocked_countries', {
  countryCode: text('country_code').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
