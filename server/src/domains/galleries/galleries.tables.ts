import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';

// Tables of this feature (db/migrations/0013_galleries.sql holds their SQL).
/** `active`: fans see it (its creator being active); `draft`: only its creator does. */
export const GALLERY_STATUSES = ['active', 'draft'] as const;
export type GalleryStatus = (typeof GALLERY_STATUSES)[number];

/**
 * A creator's photo album. A paid one (`is_sale`, `price_cents` > 0) shows fans only its
 * photos' placeholders until bought through the wallet (charge kind `gallery`).
 */
export const galleries = pgTable(
  'galleries',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<GalleryStatus>().notNull().default('active'),
    isSale: boolean('is_sale').notNull().default(false),
    /** Not for sale on its own, but only for the creator's active subscribers (and staff). */
    subscribersOnly: boolean('subscribers_only').notNull().default(false),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    /** One of its photos; deleting that photo leaves the gallery without a cover. */
    coverPhotoId: text('cover_photo_id').references((): AnyPgColumn => galleryPhotos.id, { onDelete: 'set null' }),
    /** Its photos, drafts included; moved with every upload, move and delete, never below 0. */
    photosCount: integer('photos_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('galleries_performer_idx').on(t.performerId, t.createdAt), check('galleries_photos_count_not_negative', sql`${t.photosCount} >= 0`)],
);

/** A photo of a gallery: one uploaded image file (purpose `gallery-photo`), in one gallery only. */
export const galleryPhotos = pgTable(
  'gallery_photos',
  {
    id: idColumn(),
    galleryId: text('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    status: text('status').$type<GalleryStatus>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gallery_photos_gallery_idx').on(t.galleryId, t.createdAt),
    index('gallery_photos_performer_idx').on(t.performerId, t.createdAt),
    uniqueIndex('gallery_photos_file_unique').on(t.fileId),
  ],
);
