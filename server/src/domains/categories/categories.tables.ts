import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';

// Tables of this feature (db/migrations/0016_profiles.sql holds their SQL).
export const CATEGORY_STATUSES = ['active', 'inactive'] as const;
export type CategoryStatus = (typeof CATEGORY_STATUSES)[number];

/** Creator categories staff define; fans filter creators by them. Names are unique without case. */
export const performerCategories = pgTable(
  'performer_categories',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    ordering: integer('ordering').notNull().default(0),
    status: text('status').$type<CategoryStatus>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('performer_categories_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('performer_categories_slug_unique').on(t.slug),
    index('performer_categories_ordering_idx').on(t.ordering, t.name),
  ],
);
