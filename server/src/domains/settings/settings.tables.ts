import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/schema/columns.js';

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>(),
  visibility: text('visibility').$type<'public' | 'private'>().notNull().default('private'),
  group: text('group').notNull().default('general'),
  updatedAt: updatedAt(),
});
