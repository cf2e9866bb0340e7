// Live gifts: the catalogue staff set (db/migrations/0027_gifts.sql holds their SQL).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';

/**
 * A gift fans send in a live stream (sold as the wallet charge kind `gift`, priced from here).
 * Hiding keeps the row, so past charges still name it; only visible gifts are listed to fans
 * and may be sent.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: idColumn(),
    name: text('name').notNull(),
    emoji: text('emoji').notNull(),
    imageUrl: text('image_url'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    ordering: integer('ordering').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('gifts_listed_idx').on(t.hidden, t.ordering), check('gifts_price_positive', sql`${t.priceCents} > 0`)],
);
