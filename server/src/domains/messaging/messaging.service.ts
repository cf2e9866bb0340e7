/**
 * Conversations opened between two users, and what a participant does to messages: delete
 * their own, read a whole conversation, mark a message opened. Sending is message-store.ts.
 */
import type { ConversationDto, MessageDto } from '@fandeck/contract';
import { DELETED_MESSAGE_TEXT } from '@fandeck/contract';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { isBlocked } from '../../content/blocks.js';
import type { DbOrTx } from '../../db/client.js';
import { isId } from '../../db/schema/ids.js';
import { users, type Role } from '../accounts/accounts.tables.js';
import { conversationMembers, conversations, messages } from './messaging.tables.js';
import { forbidden, notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import type { PageScope } from '../../http/page-scope.js';
import { announceDeleted, announceRead } from './messaging.live.js';
import { presentMessages, type ConversationRow, type MessageRow } from './messaging.presenter.js';
import { conversationFor, findConversation, isMember, membersOf, readableConversation, unreadTotal } from './messaging.queries.js';
import { requireOpenableInScope } from './page-scope.js';

export interface Party {
  id: string;
  role: Role;
}

/** The pair's key: both ids sorted, joined by `:` (one private conversation per pair). */
export const pairKeyOf = (a: string, b: string) => [a, b].sort().join(':');

/** An active account by id or username (case-insensitive). */
export async function findAccount(db: DbOrTx, idOrUsername: string): Promise<{ id: string; role: Role } | null> {
  const match = isId(idOrUsername) ? eq(users.id, idOrUsername) : eq(sql`lower(${users.username})`, idOrUsername.toLowerCase());
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(match, eq(users.status, 'active')))
    .limit(1);
  return row ?? null;
}

/**
 * The private conversation of two users, created with both members if it does not exist.
 * Race-safe: the pair's unique key decides (ON CONFLICT DO NOTHING, then read back), so
 * two first messages at once open one conversation.
 */
export async function ensurePrivateConversation(ctx: AppContext, a: Party, b: Party): Promise<ConversationRow> {
  const pairKey = pairKeyOf(a.id, b.id);
  const performerId = b.role === 'performer' ? b.id : a.role === 'performer' ? a.id : null;
  return ctx.db.transaction(async (tx) => {
    await tx.insert(conversations).values({ type: 'private', pairKey, performerId }).onConflictDoNothing({ target: conversations.pairKey });
    const [row] = await tx.select().from(conversations).where(eq(conversations.pairKey, pairKey)).limit(1);
    await tx
      .insert(conversationMembers)
      .values([
        { conversationId: row!.id, userId: a.id },
        { conversationId: row!.id, userId: b.id },
      ])
      .onConflictDoNothing();
    return row!;
  });
}

/**
 * `POST /conversations`: opens (or finds) the viewer's private conversation with a creator
 * (`source: 'performer'`) or a fan (`'user'`), named by id or username. Refused with
 * yourself (422 `conversations.self`), with a creator who blocked you (403 `conversations.blocked`)
 * and, from a page, with anyone but its creators (403 `embeds.origin_not_owned`, page-scope.ts).
 */
export async function openConversation(
  ctx: AppContext,
  viewer: AuthUser,
  input: { source: 'performer' | 'user'; sourceId: string },
  scope: PageScope | null = null,
): Promise<ConversationDto> {
  const target = await findAccount(ctx.db, input.sourceId);
  if (!target || (input.source === 'performer' ? target.role !== 'performer' : target.role !== 'user')) {
    throw notFound('conversations.recipient_not_found', 'There is no such account to write to');
  }
  if (target.id === viewer.id) throw unprocessable('conversations.self', 'You cannot open a conversation with yourself');
  requireOpenableInScope(scope, viewer, target);
  if (await isBlocked(ctx.db, target.id, viewer.id)) throw forbidden('conversations.blocked', 'This creator has blocked you');
  const row = await ensurePrivateConversation(ctx, viewer, target);
  return conversationFor(ctx, viewer, row.id);
}

async function findMessage(db: DbOrTx, id: string): Promise<MessageRow> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  if (!row) throw notFound('messages.not_found', 'Message not found');
  return row;
}

/** A message the viewer may read (its conversation is readable by them). */
export async function readableMessage(db: DbOrTx, id: string, viewerId: string | null): Promise<{ row: MessageRow; conversation: ConversationRow }> {
  const row = await findMessage(db, id);
  const conversation = await readableConversation(db, row.conversationId, viewerId);
  return { row, conversation };
}

/**
 * Deletes the sender's own message (403 `messages.not_sender` for anyone else): kept as a
 * row, its text replaced by `DELETED_MESSAGE_TEXT` and its files no longer shown. A recipient
 * who had not read it yet has one unread fewer (never below 0). Deleting again changes nothing.
 */
export async function deleteMessage(ctx: AppContext, viewer: AuthUser, id: string): Promise<MessageDto> {
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
    if (!row) throw notFound('messages.not_found', 'Message not found');
    if (row.senderId !== viewer.id) throw forbidden('messages.not_sender', 'Only its sender may delete a message');
    if (row.deletedAt) return { row, fresh: false };
    const now = ctx.now();
    const [deleted] = await tx.update(messages).set({ deletedAt: now, text: DELETED_MESSAGE_TEXT, updatedAt: now }).where(eq(messages.id, row.id)).returning();
    // The conversation's row before the members' rows, in the order a send locks them. Still
    // its last message (a send committed meanwhile moved `lastMessageAt` on): show the deletion.
    await tx
      .update(conversations)
      .set({ lastMessage: DELETED_MESSAGE_TEXT })
      .where(and(eq(conversations.id, row.conversationId), eq(conversations.lastMessageAt, row.createdAt), eq(conversations.lastSenderId, row.senderId)));
    await tx
      .update(conversationMembers)
      .set({ unread: sql`greatest(${conversationMembers.unread} - 1, 0)` })
      .where(
        and(
          eq(conversationMembers.conversationId, row.conversationId),
          ne(conversationMembers.userId, row.senderId),
          or(isNull(conversationMembers.lastReadAt), lt(conversationMembers.lastReadAt, sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${row.id})`)),
        ),
      );
    return { row: deleted!, fresh: true };
  });
  if (done.fresh) {
    const conversation = await findConversation(ctx.db, done.row.conversationId);
    announceDeleted(ctx, done.row, conversation, conversation.type === 'stream' ? [] : await membersOf(ctx.db, conversation.id));
  }
  return (await presentMessages(ctx, viewer.id, [done.row]))[0]!;
}

/**
 * `POST /messages/read-all/{id}`: the reader has seen everything here; their unread count is
 * 0 and `nofify_read_messages_in_conversation { total, conversationId }` tells their other
 * tabs. Answers their unread over all conversations.
 */
export async function readAll(ctx: AppContext, viewer: AuthUser, conversationId: string): Promise<number> {
  const conversation = await readableConversation(ctx.db, conversationId, viewer.id);
  await ctx.db
    .update(conversationMembers)
    // The database's clock, as messages' `createdAt` (a deletion compares the two).
    .set({ unread: 0, lastReadAt: sql`now()` })
    .where(and(eq(conversationMembers.conversationId, conversation.id), eq(conversationMembers.userId, viewer.id)));
  const total = await unreadTotal(ctx.db, viewer.id);
  announceRead(ctx, viewer.id, total, conversation.id);
  return total;
}

/** The recipient opened a message: `openedAt` is set once (mass messages count these). The sender's own call changes nothing. */
export async function markOpened(ctx: AppContext, viewer: AuthUser, id: string): Promise<MessageDto> {
  const { row, conversation } = await readableMessage(ctx.db, id, viewer.id);
  let current = row;
  if (row.senderId !== viewer.id && row.openedAt === null && conversation.type !== 'stream' && (await isMember(ctx.db, conversation.id, viewer.id))) {
    const [opened] = await ctx.db
      .update(messages)
      .set({ openedAt: ctx.now() })
      .where(and(eq(messages.id, row.id), isNull(messages.openedAt)))
      .returning();
    current = opened ?? (await findMessage(ctx.db, row.id));
  }
  return (await presentMessages(ctx, viewer.id, [current]))[0]!;
}
