// Tables of this feature (db/migrations/0016_profiles.sql holds their SQL).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { performers } from './performers.js';

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

/** The categories a creator chose; a deleted category leaves every creator's list. */
export const categoryPerformers = pgTable(
  'category_performers',
  {
    performerId: text('performer_id')
      .notNull()
      .references(() => performers.userId, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => performerCategories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.categoryId] }), index('category_performers_category_idx').on(t.categoryId)],
);

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/**
 * Where a creator is paid: a PIX key and/or a bank account. Private: only the creator
 * (and staff through them) read it, with the numbers masked.
 */
export const performerBanking = pgTable('performer_banking', {
  performerId: text('performer_id')
    .primaryKey()
    .references(() => performers.userId, { onDelete: 'cascade' }),
  pixKeyType: text('pix_key_type').$type<PixKeyType>(),
  pixKey: text('pix_key'),
  bankName: text('bank_name'),
  bankCode: text('bank_code'),
  agency: text('agency'),
  account: text('account'),
  accountType: text('account_type').$type<BankAccountType>(),
  holderName: text('holder_name'),
  holderDocument: text('holder_document'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const PAYOUT_GATEWAYS = ['pix', 'stripe'] as const;
export type PayoutGateway = (typeof PAYOUT_GATEWAYS)[number];

/** The gateway a creator wants their payouts through. */
export const performerPaymentGateways = pgTable('performer_payment_gateways', {
  performerId: text('performer_id')
    .primaryKey()
    .references(() => performers.userId, { onDelete: 'cascade' }),
  gateway: text('gateway').$type<PayoutGateway>().notNull(),
  stripeAccountId: text('stripe_account_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
