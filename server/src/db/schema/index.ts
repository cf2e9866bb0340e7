// Written by `npm run db:schema -w server` (src/db/table-files.ts) from every `*.tables.ts`
// under src/; do not edit. Only the Drizzle client (db/client.ts) and drizzle-kit
// (drizzle.config.ts) read it: code takes a table from its domain's `<domain>.tables.ts`.
export * from '../../domains/accounts/accounts.tables.js';
export * from '../../domains/audit/audit.tables.js';
export * from '../../domains/auth/auth.tables.js';
export * from '../../domains/blocks/blocks.tables.js';
export * from '../../domains/categories/categories.tables.js';
export * from '../../domains/comments/comments.tables.js';
export * from '../../domains/coupons/coupons.tables.js';
export * from '../../domains/embeds/embeds.tables.js';
export * from '../../domains/feeds/feeds.tables.js';
export * from '../../domains/follows/follows.tables.js';
export * from '../../domains/galleries/galleries.tables.js';
export * from '../../domains/gifts/gifts.tables.js';
export * from '../../domains/messaging/messaging.tables.js';
export * from '../../domains/notifications/notifications.tables.js';
export * from '../../domains/outreach/outreach.tables.js';
export * from '../../domains/payments/payments.tables.js';
export * from '../../domains/payouts/payouts.tables.js';
export * from '../../domains/performers/performers.tables.js';
export * from '../../domains/private-streams/private-streams.tables.js';
export * from '../../domains/products/products.tables.js';
export * from '../../domains/reactions/reactions.tables.js';
export * from '../../domains/reference/reference.tables.js';
export * from '../../domains/reports/reports.tables.js';
export * from '../../domains/search/search.tables.js';
export * from '../../domains/settings/settings.tables.js';
export * from '../../domains/site-promos/site-promos.tables.js';
export * from '../../domains/streaming/streaming.tables.js';
export * from '../../domains/subscriptions/subscriptions.tables.js';
export * from '../../domains/videos/videos.tables.js';
export * from '../../domains/wallet/wallet.tables.js';
export * from '../../jobs/jobs.tables.js';
export * from '../../media/files.tables.js';
export * from '../../money/ledger/ledger.tables.js';
export * from '../../money/money.tables.js';
