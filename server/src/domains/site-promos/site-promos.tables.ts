import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';

// Site promos: the banners a site shows (db/migrations/0021_site_promos.sql holds their SQL).
export const SITE_PROMO_STATUSES = ['active', 'retired'] as const;
export type SitePromoStatus = (typeof SITE_PROMO_STATUSES)[number];

/**
 * A promo staff schedule: shown while `active` and inside its window (`startAt` to `endAt`,
 * either open), lowest `ordering` first. Retiring keeps the row for the record.
 */
export const sitePromos = pgTable(
  'site_promos',
  {
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    linkUrl: text('link_url').notNull().default(''),
    position: text('position').notNull().default('top'),
    ordering: integer('ordering').notNull().default(0),
    status: text('status').$type<SitePromoStatus>().notNull().default('active'),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('site_promos_shown_idx').on(t.status, t.ordering),
    check('site_promos_window', sql`${t.startAt} is null or ${t.endAt} is null or ${t.startAt} < ${t.endAt}`),
  ],
);
