/**
 * The one general path messages are stored by: the send routes (private chats, and stream
 * chats' messages with files or anything the fast writer does not take, stream-chat-writer.ts)
 * and `sendDirect` (mass and automatic messages). One transaction inserts the message and its
 * files, updates a private conversation's last message and adds one to each recipient's
 * unread count; the events go out only after it commits (messaging.live.ts).
 *
 * A send is idempotent on (sender, clientId): the unique index decides, so a resend, or
 * twenty concurrent copies of one send, store one row (INSERT … ON CONFLICT DO NOTHING,
 * then the stored row is read back). The same clientId with other content is a 409.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { isBlocked } from '../../content/blocks.js';
import type { Tx } from '../../db/client.js';
import { files } from '../../media/files.tables.js';
import type { Role } from '../accounts/accounts.tables.js';
import { conversationMembers, conversations, messageFiles, messages, type ConversationType, type MessageType } from './messaging.tables.js';
import { conflict, forbidden, unprocessable } from '../../http/errors.js';
import { requireVerifiedCreator } from '../accounts/index.js';
import { mediaKindOf, type ConversationRow, type MediaKind, type MessageRow } from './messaging.presenter.js';
import { findConversation, LAST_MESSAGE_MAX, membersOf, NOT_PARTICIPANT } from './messaging.queries.js';

/** The `files.purpose` of each message upload route's files. */
export const MESSAGE_PHOTO_PURPOSE = 'message-photo';
export const MESSAGE_VIDEO_PURPOSE = 'message-video';
export const MESSAGE_AUDIO_PURPOSE = 'message-audio';
export const MESSAGE_PURPOSES: readonly string[] = [MESSAGE_PHOTO_PURPOSE, MESSAGE_VIDEO_PURPOSE, MESSAGE_AUDIO_PURPOSE];

export interface Author {
  id: string;
  role: Role;
}

export interface StoreInput {
  clientId: string;
  text: string;
  fileIds: readonly string[];
  priceCents: number;
  massId?: string | null;
  autoMessageId?: string | null;
}

/**
 * Which files a message may carry, besides being the sender's own and in no other person's
 * message: `message-uploads` (the routes) only files from the message upload routes;
 * `own-media` (mass and automatic messages) any of the sender's private media (under `media/`),
 * so a mass message's or template's uploads can be sent too.
 */
export type FileRule = 'message-uploads' | 'own-media';

export interface Stored {
  row: MessageRow;
  /** False: this (sender, clientId) was stored before; nothing was written now. */
  created: boolean;
  conversation: ConversationRow;
  /** Who else is in a private conversation (the recipient); empty for a stream chat. */
  recipientIds: string[];
}

/** The checks that need no database: something to send, and a price only from a creator, on files. */
export function checkContent(author: Author, input: StoreInput): void {
  if (!input.text && input.fileIds.length === 0) throw unprocessable('messages.empty', 'A message needs a text or a file');
  if (input.priceCents > 0 && author.role !== 'performer') throw unprocessable('messages.price_not_allowed', 'Only creators may put a price on a message');
  if (input.priceCents > 0 && input.fileIds.length === 0) throw unprocessable('messages.price_not_allowed', 'A paid message needs files to unlock');
}

async function fileIdsOf(tx: Tx, messageId: string): Promise<string[]> {
  const rows = await tx.select({ fileId: messageFiles.fileId }).from(messageFiles).where(eq(messageFiles.messageId, messageId)).orderBy(asc(messageFiles.position));
  return rows.map((row) => row.fileId);
}

/**
 * The stored message of this (sender, clientId), when there is one. A deleted one is
 * answered as it is; otherwise it must be the same request (conversation, text, price,
 * files), else 409 `messages.client_id_conflict`.
 */
async function earlierSend(tx: Tx, conversationId: string, author: Author, input: StoreInput): Promise<MessageRow | null> {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, author.id), eq(messages.clientId, input.clientId)))
    .limit(1);
  if (!row) return null;
  if (row.deletedAt) return row;
  const same =
    row.conversationId === conversationId &&
    row.text === input.text &&
    row.priceCents === input.priceCents &&
    (await fileIdsOf(tx, row.id)).join(',') === input.fileIds.join(',');
  if (!same) throw conflict('messages.client_id_conflict', 'This clientId was already used for another message');
  return row;
}

/** The kinds of the files, in order; 422 `messages.files_invalid` unless each may be carried (see `FileRule`). */
async function checkFiles(tx: Tx, ownerId: string, fileIds: readonly string[], rule: FileRule): Promise<MediaKind[]> {
  if (fileIds.length === 0) return [];
  const [rows, usedByOthers] = await Promise.all([
    tx
      .select({ id: files.id, ownerId: files.ownerId, purpose: files.purpose, mimeType: files.mimeType, storagePath: files.storagePath })
      .from(files)
      .where(inArray(files.id, [...fileIds])),
    tx
      .selectDistinct({ id: messageFiles.fileId })
      .from(messageFiles)
      .innerJoin(messages, eq(messages.id, messageFiles.messageId))
      .where(and(inArray(messageFiles.fileId, [...fileIds]), ne(messages.senderId, ownerId))),
  ]);
  const taken = new Set(usedByOthers.map((row) => row.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return fileIds.map((fileId) => {
    const file = byId.get(fileId);
    const kind = file ? mediaKindOf(file) : null;
    const allowed = rule === 'message-uploads' ? MESSAGE_PURPOSES.includes(file?.purpose ?? '') : (file?.storagePath.startsWith('media/') ?? false);
    if (!file || !kind || file.ownerId !== ownerId || !allowed || taken.has(fileId)) {
      throw unprocessable('messages.files_invalid', 'body.fileIds: a file is not one of your message uploads, or is in another person’s message');
    }
    return kind;
  });
}

/**
 * Who may write here, and to whom it goes: a private conversation's members only (403
 * `conversations.not_participant`), not to a creator who blocked the writer (403
 * `conversations.blocked`); a stream chat anyone its creator has not blocked, free messages only.
 */
async function audienceOf(tx: Tx, conversation: ConversationRow, author: Author, input: StoreInput): Promise<string[]> {
  if (conversation.type === 'stream') {
    if (conversation.performerId && conversation.performerId !== author.id && (await isBlocked(tx, conversation.performerId, author.id))) {
      throw forbidden('conversations.blocked', 'This creator has blocked you');
    }
    if (input.priceCents > 0) throw unprocessable('messages.price_not_allowed', 'Messages in a stream chat are free');
    return [];
  }
  const members = await membersOf(tx, conversation.id);
  if (!members.includes(author.id)) throw forbidden('conversations.not_participant', NOT_PARTICIPANT);
  const recipients = members.filter((userId) => userId !== author.id);
  for (const recipientId of recipients) {
    if (await isBlocked(tx, recipientId, author.id)) throw forbidden('conversations.blocked', 'This creator has blocked you');
  }
  return recipients;
}

/**
 * A stream chat's writers take this transaction-scoped advisory lock of its room, never its
 * conversation row: messages of one room commit in `seq` order (stream-chat-writer.ts).
 */
const STREAM_ROOM_LOCK_CLASS = 23_007;
export const streamRoomLock = (conversationId: string) => sql`pg_advisory_xact_lock(${sql.raw(String(STREAM_ROOM_LOCK_CLASS))}, hashtext(${conversationId}))`;

/**
 * The conversation to write in, held so that sends in it commit in the order of their `seq`
 * (a client catching up with `sinceSeq` then never skips a message that committed after a
 * later one): a private conversation's row is locked; a stream chat (`room` says so, or its
 * row does) takes its room's lock instead, as its fast writer does.
 */
async function holdConversation(tx: Tx, conversationId: string, room?: { type: ConversationType }): Promise<ConversationRow> {
  if (room?.type === 'stream') {
    await tx.execute(sql`select ${streamRoomLock(conversationId)}`);
    return findConversation(tx, conversationId);
  }
  const conversation = await findConversation(tx, conversationId, { lock: true });
  if (conversation.type === 'stream') await tx.execute(sql`select ${streamRoomLock(conversationId)}`);
  return conversation;
}

/**
 * Stores one message (see the file's comment); `checkContent` first. `room`: the caller knows
 * the conversation is a stream chat (its row is then not locked).
 */
export async function storeMessage(ctx: AppContext, conversationId: string, author: Author, input: StoreInput, rule: FileRule, room?: { type: ConversationType }): Promise<Stored> {
  checkContent(author, input);
  return ctx.db.transaction(async (tx) => {
    const before = await earlierSend(tx, conversationId, author, input);
    if (before) return { row: before, created: false, conversation: await findConversation(tx, before.conversationId), recipientIds: [] };
    const conversation = await holdConversation(tx, conversationId, room);
    const recipientIds = await audienceOf(tx, conversation, author, input);
    if (input.priceCents > 0) await requireVerifiedCreator(tx, author.id);
    const kinds = await checkFiles(tx, author.id, input.fileIds, rule);
    const type: MessageType = kinds[0] ?? 'text';
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId,
        senderId: author.id,
        clientId: input.clientId,
        type,
        text: input.text,
        priceCents: input.priceCents,
        massId: input.massId ?? null,
        autoMessageId: input.autoMessageId ?? null,
      })
      .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
      .returning();
    if (!row) {
      // A concurrent copy of this send committed first: answer its row.
      const stored = await earlierSend(tx, conversationId, author, input);
      return { row: stored!, created: false, conversation, recipientIds: [] };
    }
    if (input.fileIds.length) await tx.insert(messageFiles).values(input.fileIds.map((fileId, position) => ({ messageId: row.id, fileId, position })));
    // A stream chat's last message is its newest message (streamLastMessage): its row is never rewritten per message.
    if (conversation.type !== 'stream') {
      await tx
        .update(conversations)
        .set({ lastMessage: input.text.slice(0, LAST_MESSAGE_MAX), lastMessageAt: row.createdAt, lastSenderId: author.id, updatedAt: row.createdAt })
        .where(eq(conversations.id, conversationId));
    }
    if (recipientIds.length) {
      await tx
        .update(conversationMembers)
        .set({ unread: sql`${conversationMembers.unread} + 1` })
        .where(and(eq(conversationMembers.conversationId, conversationId), inArray(conversationMembers.userId, recipientIds)));
    }
    return { row, created: true, conversation, recipientIds };
  });
}
