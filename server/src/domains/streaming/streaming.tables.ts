import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';
import { conversations } from '../messaging/messaging.tables.js';

// Live streams and their recordings (db/migrations/0017_streaming.sql holds their SQL).
export const STREAM_TYPES = ['public', 'private', 'group'] as const;
export type StreamType = (typeof STREAM_TYPES)[number];
export const BROADCAST_STATES = ['created', 'broadcasting', 'finished'] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];

/** One live session of a creator. At most one public stream per creator is not finished. */
export const streams = pgTable(
  'streams',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<StreamType>().notNull().default('public'),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    subscribersOnly: boolean('subscribers_only').notNull().default(false),
    state: text('state').$type<BroadcastState>().notNull().default('created'),
    /** The stream chat (a `stream` conversation) or, for a private call, the fan's conversation. */
    conversationId: text('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    durationMinutes: integer('duration_minutes'),
    viewerCount: integer('viewer_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('streams_one_public_live').on(t.performerId).where(sql`${t.type} = 'public' and ${t.state} <> 'finished'`),
    index('streams_performer_idx').on(t.performerId, t.createdAt),
    index('streams_state_idx').on(t.state),
    check('streams_viewers_nonnegative', sql`${t.viewerCount} >= 0`),
  ],
);

/** A stream's recording, written by the ingest beside the HLS (kept under the data folder or the object store). */
export const streamRecordings = pgTable(
  'stream_recordings',
  {
    id: idColumn(),
    streamId: text('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storagePath: text('storage_path').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    durationSeconds: real('duration_seconds'),
    createdAt: createdAt(),
  },
  (t) => [index('stream_recordings_performer_idx').on(t.performerId, t.createdAt)],
);
