import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

// Mass and automatic messages, templates and categorized lists (db/migrations/0016_messaging.sql holds their SQL).
export const MASS_MESSAGE_STATUSES = ['scheduled', 'sending', 'sent', 'canceled'] as const;
export type MassMessageStatus = (typeof MASS_MESSAGE_STATUSES)[number];

/** Who a mass message goes to: all active subscribers, all followers, or the fans of some lists. */
export interface MassAudience {
  kind: 'subscribers' | 'followers' | 'lists';
  listIds?: string[];
}

/** A creator's message to many fans, sent by a durable job; each fan gets an ordinary message with `massId`. */
export const massMessages = pgTable(
  'mass_messages',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    /** The uploaded files each copy carries (ids of `files` owned by the creator). */
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    audience: jsonb('audience').$type<MassAudience>().notNull(),
    status: text('status').$type<MassMessageStatus>().notNull().default('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipientsCount: integer('recipients_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('mass_messages_performer_idx').on(t.performerId, t.createdAt), check('mass_messages_price_nonnegative', sql`${t.priceCents} >= 0`)],
);

/** A creator's saved message, to start a message or a mass message from. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    text: text('text').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('message_templates_performer_idx').on(t.performerId, t.updatedAt)],
);

export const AUTO_MESSAGE_TRIGGERS = ['subscribe', 'tip', 'follow'] as const;
export type AutoMessageTrigger = (typeof AUTO_MESSAGE_TRIGGERS)[number];

/** What a creator's account sends by itself when a fan subscribes, tips or follows; one per trigger. */
export const autoMessages = pgTable(
  'auto_messages',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<AutoMessageTrigger>().notNull(),
    text: text('text').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('auto_messages_trigger_unique').on(t.performerId, t.trigger)],
);

/** A creator's own named list of fans (spec: list-categorized), a mass message's audience. */
export const categorizedLists = pgTable(
  'categorized_lists',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categorized_lists_performer_idx').on(t.performerId, t.updatedAt)],
);

export const categorizedListMembers = pgTable(
  'categorized_list_members',
  {
    listId: text('list_id')
      .notNull()
      .references(() => categorizedLists.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.userId] })],
);
