import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';

// Tables of this feature (db/migrations/0015_social.sql holds their SQL).
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
