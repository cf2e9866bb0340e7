import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';
import { conversations } from '../messaging/messaging.tables.js';
import { streams } from '../streaming/streaming.tables.js';

// Private call requests (db/migrations/0017_streaming.sql holds their SQL).
export const PRIVATE_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PrivateRequestStatus = (typeof PRIVATE_REQUEST_STATUSES)[number];

/** A fan asking a creator for a private call; charged (wallet charge `stream`) when the call starts. */
export const privateStreamRequests = pgTable(
  'private_stream_requests',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    status: text('status').$type<PrivateRequestStatus>().notNull().default('pending'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    durationMinutes: integer('duration_minutes').notNull().default(15),
    note: text('note').notNull().default(''),
    streamId: text('stream_id').references(() => streams.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('private_stream_requests_performer_idx').on(t.performerId, t.createdAt),
    index('private_stream_requests_user_idx').on(t.userId, t.createdAt),
    check('private_stream_requests_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);
