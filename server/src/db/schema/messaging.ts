// Conversations, messages, mass and automatic messages, templates, categorized lists and
// web-push subscriptions (db/migrations/0016_messaging.sql holds their SQL).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { files } from './performers.js';
import { users } from './users.js';

export const CONVERSATION_TYPES = ['private', 'stream', 'group'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

/**
 * A conversation: `private` between two users (one row per pair, `pairKey` = the two ids
 * sorted and joined by `:`), or a creator's `stream` chat (one per creator, `performerId`).
 * The last message is copied here so lists need no join.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    type: text('type').$type<ConversationType>().notNull().default('private'),
    pairKey: text('pair_key'),
    /** The creator the conversation belongs to (a private one's creator side, a stream chat's owner). */
    performerId: text('performer_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A stream chat's stream, when the streaming domain names one. */
    streamId: text('stream_id'),
    lastMessage: text('last_message').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastSenderId: text('last_sender_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.pairKey),
    uniqueIndex('conversations_stream_owner_unique').on(t.performerId).where(sql`${t.type} = 'stream'`),
    index('conversations_updated_idx').on(t.updatedAt),
  ],
);

/** Who is in a conversation, and how many of its messages they have not seen (never below 0). */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
    check('conversation_members_unread_nonnegative', sql`${t.unread} >= 0`),
  ],
);

export const MESSAGE_TYPES = ['text', 'photo', 'video', 'audio'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/**
 * A message. `clientId` is made by the sending client: the pair (sender, clientId) is unique,
 * so a resend after a lost answer stores nothing new and answers the first row. `seq` orders
 * messages and is the cursor a client sends to fetch what it missed. A message with a price
 * is paid: its media stay locked to the recipient until a `message` wallet charge exists.
 */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    type: text('type').$type<MessageType>().notNull().default('text'),
    text: text('text').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    /** Sent by a mass message (its id) or an automatic message (its trigger's row id). */
    massId: text('mass_id'),
    autoMessageId: text('auto_message_id'),
    /** When the recipient first opened it (mass messages count these). */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('messages_client_unique').on(t.senderId, t.clientId),
    uniqueIndex('messages_seq_unique').on(t.seq),
    index('messages_conversation_idx').on(t.conversationId, t.seq),
    index('messages_mass_idx').on(t.massId),
    check('messages_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

/** A message's media, in order; a file belongs to one message. */
export const messageFiles = pgTable(
  'message_files',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.fileId] }), index('message_files_file_idx').on(t.fileId)],
);

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

/** A browser's web-push subscription (VAPID), one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
