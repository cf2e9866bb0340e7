import { LIMITS } from '@fandeck/contract';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/schema/columns.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { performerCategories } from '../categories/categories.tables.js';

/** A creator's public profile; one row per user whose role is performer. */
export const performers = pgTable(
  'performers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    monthlyPriceCents: bigint('monthly_price_cents', { mode: 'number' }).notNull().default(595),
    quarterlyPriceCents: bigint('quarterly_price_cents', { mode: 'number' }).notNull().default(1595),
    halfYearlyPriceCents: bigint('half_yearly_price_cents', { mode: 'number' }).notNull().default(2995),
    yearlyPriceCents: bigint('yearly_price_cents', { mode: 'number' }).notNull().default(4995),
    /** What a private call costs a fan (0: the creator chose free calls); a new creator starts at the contract's default. */
    privateCallPriceCents: bigint('private_call_price_cents', { mode: 'number' }).notNull().default(LIMITS.profile.privateCallPriceDefaultCents),
    freeSubscriptionEnabled: boolean('free_subscription_enabled').notNull().default(false),
    freeSubscriptionDays: integer('free_subscription_days').notNull().default(1),
    height: text('height'),
    weight: text('weight'),
    age: text('age'),
    bodyType: text('body_type'),
    ethnicity: text('ethnicity'),
    size: text('size'),
    hair: text('hair'),
    eyes: text('eyes'),
    sexualOrientation: text('sexual_orientation'),
    city: text('city'),
    state: text('state'),
    /** Street address and postal code: shown to the creator themself only, never on the public profile. */
    address: text('address'),
    zipcode: text('zipcode'),
    /** ISO 639-1 codes of the languages the creator speaks. */
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    /** The short video on the profile (`files.purpose` `welcome-video`); its files go when it is replaced. */
    welcomeVideoFileId: text('welcome_video_file_id').references(() => files.id, { onDelete: 'set null' }),
    idFrontFileId: text('id_front_file_id'),
    idBackFileId: text('id_back_file_id'),
    verifiedDocument: boolean('verified_document').notNull().default(false),
    isOnline: boolean('is_online').notNull().default(false),
    subscribersCount: integer('subscribers_count').notNull().default(0),
    followersCount: integer('followers_count').notNull().default(0),
    feedsCount: integer('feeds_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('performers_created_idx').on(t.createdAt)],
);

// Tables of this feature (db/migrations/0016_profiles.sql holds their SQL).
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
