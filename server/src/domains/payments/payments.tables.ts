import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

/** Contract section 4: payment transaction statuses. */
export const PAYMENT_STATUSES = [
  'created',
  'processing',
  'success',
  'fail',
  'canceled',
  'refunded',
  'require_authentication',
  'delayed',
  'pending',
  'resolved',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Only wallet top-ups (`token_package`) are paid through gateways so far; subscriptions add theirs. */
export const PAYMENT_TYPES = ['token_package'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** `card-sandbox` is the sandbox's card side: test cards, no real money, only while the sandbox is on. */
export const GATEWAY_NAMES = ['pix-sandbox', 'pix', 'stripe', 'card-sandbox'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

/**
 * A payment through a gateway. `amount_cents` is what the payer is charged (the BR Code
 * amount, the PaymentIntent amount); `credit_cents` is what the wallet receives, and the
 * platform funds `discount_cents` when a coupon applies and `bonus_cents` when a token
 * package gives more tokens than its price (credit = amount + discount + bonus; a package
 * giving fewer tokens than its price has a negative bonus, which the platform keeps).
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type').$type<PaymentType>().notNull().default('token_package'),
    status: text('status').$type<PaymentStatus>().notNull().default('created'),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    currency: text('currency').notNull().default('BRL'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    couponId: text('coupon_id'),
    /** What a token package adds to (or, below zero, keeps from) the price paid before the coupon. */
    bonusCents: bigint('bonus_cents', { mode: 'number' }).notNull().default(0),
    /** The token package bought, if any; its name is kept too, so the history reads the same after a package is deleted. */
    tokenPackageId: text('token_package_id').references(() => tokenPackages.id, { onDelete: 'set null' }),
    tokenPackageName: text('token_package_name'),
    /** The provider's handle of the charge: the PIX txid, the Stripe PaymentIntent id. */
    providerReference: text('provider_reference'),
    /** The provider's id of the payment that settled it: the PIX endToEndId, the PaymentIntent id. */
    providerPaymentId: text('provider_payment_id'),
    /** The PIX copy-and-paste payload (BR Code). */
    brCode: text('br_code'),
    /** Why a person must look at it (`amount_mismatch`, `paid_twice`); it is never credited while set. */
    reviewReason: text('review_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_transactions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_transactions_provider_reference_unique').on(t.gateway, t.providerReference),
    uniqueIndex('payment_transactions_provider_payment_unique').on(t.gateway, t.providerPaymentId),
    check(
      'payment_transactions_amounts',
      sql`${t.amountCents} > 0 and ${t.discountCents} >= 0 and ${t.creditCents} > 0 and ${t.creditCents} = ${t.amountCents} + ${t.discountCents} + ${t.bonusCents}`,
    ),
  ],
);

/**
 * Every provider notification acted on, unique per provider payment and outcome kind, so a
 * webhook delivered many times (or concurrently) is applied once; the rest are duplicates.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: idColumn(),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** What the provider says happened: success, fail or canceled. */
    status: text('status').notNull(),
    transactionId: text('transaction_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What we did: credited, failed, amount_mismatch, paid_twice, unknown_transaction, ignored. */
    outcome: text('outcome').notNull().default('received'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_webhook_events_payment_unique').on(t.gateway, t.providerPaymentId, t.status),
    index('payment_webhook_events_transaction_idx').on(t.transactionId),
  ],
);

/** A saved card: only what the provider tells us about it, never the card number. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** The card a top-up by card offers first; at most one per user and provider (the service keeps it so). */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_cards_method_unique').on(t.provider, t.providerPaymentMethodId),
    index('payment_cards_user_idx').on(t.userId),
  ],
);

/** A user's object at a provider: the Stripe customer of a fan, the connected account of a creator. */
export const paymentProviderAccounts = pgTable(
  'payment_provider_accounts',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    kind: text('kind').$type<'customer' | 'connected'>().notNull(),
    externalId: text('external_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payment_provider_accounts_unique').on(t.userId, t.provider, t.kind)],
);

// Token packages: wallet top-up bundles staff define (db/migrations/0020_token_packages.sql holds their SQL).
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
