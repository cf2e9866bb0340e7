// Token packages: wallet top-up bundles staff define (db/migrations/0020_token_packages.sql holds their SQL).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';

/** A bundle a fan may buy to top up: pay `priceCents`, receive `tokensCents` in the wallet. */
export const tokenPackages = pgTable(
  'token_packages',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    tokensCents: bigint('tokens_cents', { mode: 'number' }).notNull(),
    ordering: integer('ordering').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('token_packages_ordering_idx').on(t.isActive, t.ordering),
    check('token_packages_price_positive', sql`${t.priceCents} > 0`),
    check('token_packages_tokens_positive', sql`${t.tokensCents} > 0`),
  ],
);
