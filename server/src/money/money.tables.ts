import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../db/schema/columns.js';
import { users } from '../domains/accounts/accounts.tables.js';

export const IDEMPOTENCY_STATES = ['pending', 'completed'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

/**
 * `Idempotency-Key`s of money-moving requests, scoped to the user who sent them. A
 * row is claimed (`pending`, with an owner token and a lease) before the work runs;
 * the work's own transaction marks it `completed` with the answer, so the answer is
 * stored exactly when the money moved. Only a hash of the request is kept.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and canonical body. */
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<IdempotencyState>().notNull().default('pending'),
    /** Random token of the request that currently owns a pending key. */
    owner: text('owner').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    /** The answer's JSON text, kept verbatim so a replay is byte-for-byte the first answer. */
    responseBody: text('response_body'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Quotes already spent (issue 21): a quote pays for one request. The Idempotency-Key that
 * spent it may come back with it (a retry); any other key is refused. A row is useless
 * once its quote has expired, so it may be pruned then.
 */
export const usedQuotes = pgTable(
  'used_quotes',
  {
    quoteId: text('quote_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('used_quotes_expires_idx').on(t.expiresAt)],
);
