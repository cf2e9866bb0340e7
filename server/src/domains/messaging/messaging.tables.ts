import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';

// Conversations, their members, messages and their files (db/migrations/0016_messaging.sql holds their SQL).
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
