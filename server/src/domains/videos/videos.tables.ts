import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';

// Tables of this feature (db/migrations/0014_videos.sql holds their SQL).
/** What a creator sets: `active` (published, from `scheduledAt` when set), `inactive` (hidden) or `draft`. */
export const VIDEO_STATUSES = ['active', 'inactive', 'draft'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/**
 * A creator's video, free or sold on its own (wallet charge kind `video`). Its files are
 * the creator's uploads; each file belongs to one video, and deleting a file detaches it.
 */
export const videos = pgTable(
  'videos',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    isSale: boolean('is_sale').notNull().default(false),
    /** Not for sale on its own, but only for the creator's active subscribers (and staff). */
    subscribersOnly: boolean('subscribers_only').notNull().default(false),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<VideoStatus>().notNull().default('draft'),
    /** The video itself (HLS once transcoded); a video without it is never published. */
    fileId: text('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** A short clip shown to everyone, bought or not. */
    teaserId: text('teaser_id').references(() => files.id, { onDelete: 'set null' }),
    thumbnailId: text('thumbnail_id').references(() => files.id, { onDelete: 'set null' }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('videos_performer_idx').on(t.performerId, t.createdAt),
    index('videos_status_idx').on(t.status, t.createdAt),
    uniqueIndex('videos_file_unique').on(t.fileId),
    uniqueIndex('videos_teaser_unique').on(t.teaserId),
    uniqueIndex('videos_thumbnail_unique').on(t.thumbnailId),
  ],
);

/** A short free vertical video. */
export const reels = pgTable(
  'reels',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    status: text('status').$type<VideoStatus>().notNull().default('active'),
    fileId: text('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('reels_performer_idx').on(t.performerId, t.createdAt), index('reels_status_idx').on(t.status, t.createdAt), uniqueIndex('reels_file_unique').on(t.fileId)],
);
