import { bigint, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../db/schema/columns.js';
import { users } from '../domains/accounts/accounts.tables.js';

/** Uploaded files, stored under generated names; originalName is cleaned and for display only. */
export const files = pgTable('files', {
  id: idColumn(),
  ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
  purpose: text('purpose').notNull(),
  storagePath: text('storage_path').notNull(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  /** Processed images: their upright size, a blurred placeholder and the sizes written (media/images.ts). */
  width: integer('width'),
  height: integer('height'),
  placeholder: text('placeholder'),
  variants: jsonb('variants').$type<{ name: string; path: string; width: number; height: number; bytes: number }[]>(),
  /** Videos: `processing` until the transcode job finishes (`finished`) or gives up (`error`); null for images. */
  status: text('status').$type<FileStatus>(),
  /** Videos: how far the transcode is, 0 to 100. */
  progress: integer('progress'),
  durationSeconds: real('duration_seconds'),
  createdAt: createdAt(),
});

export const FILE_STATUSES = ['processing', 'finished', 'error'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];
