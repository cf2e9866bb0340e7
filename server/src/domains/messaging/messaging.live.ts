/**
 * What goes out after a messaging transaction commits: socket events (each participant gets
 * the message as they may see it, links signed for them), the conversation room's event, and
 * the recipient's notification. Nothing here runs before the commit.
 */
import type { MessageDeletedEvent, MessageDto } from '@fandeck/contract';
import { DELETED_MESSAGE_TEXT, roomEvents, SERVER_EVENTS } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import type { NotificationsExtension } from '../notifications/index.js';
import type { Stored } from './message-store.js';
import { loadParts, presentMessage, type ConversationRow, type MessageRow } from './messaging.presenter.js';

/** The socket room of a conversation: its members join it (anyone, for a stream chat). */
export const CONVERSATION_ROOM_PREFIX = 'conversation:';
export const conversationRoom = (conversationId: string) => `${CONVERSATION_ROOM_PREFIX}${conversationId}`;

/** The notifications domain's extension point; null leaves messages unnotified (nothing else depends on it). */
export type Notifier = () => NotificationsExtension | null;

const NOTHING_BOUGHT: ReadonlySet<string> = new Set();

/**
 * Answers the stored message as its sender sees it and, when it was stored now, sends it:
 * `message_created` to each participant of a private conversation (their own view) and
 * `message_created_conversation_{id}` to the room (a stream chat: the public view; a private
 * one: without links, as either participant may hold the room), then notifies the recipients.
 */
export async function deliverMessage(ctx: AppContext, stored: Stored, notifier: Notifier): Promise<MessageDto> {
  const { row, conversation } = stored;
  const parts = await loadParts(ctx.db, [row]);
  // Nobody has bought a message just sent; a resend answers its sender, who never sees it locked.
  const view = (viewerId: string | null, links = true) => presentMessage(ctx, row, parts, { viewerId, bought: NOTHING_BOUGHT, links });
  const answer = view(row.senderId);
  if (!stored.created) return answer;
  const room = conversationRoom(conversation.id);
  if (conversation.type === 'stream') {
    ctx.realtime.emitToRoom(room, roomEvents.messageCreated(conversation.id), view(null));
    return answer;
  }
  ctx.realtime.emitToUser(row.senderId, SERVER_EVENTS.messageCreated, answer);
  for (const recipientId of stored.recipientIds) ctx.realtime.emitToUser(recipientId, SERVER_EVENTS.messageCreated, view(recipientId));
  ctx.realtime.emitToRoom(room, roomEvents.messageCreated(conversation.id), view(null, false));
  const notifications = notifier();
  if (notifications) {
    const actorName = answer.senderInfo?.name ?? '';
    for (const recipientId of stored.recipientIds) {
      void notifications
        .notify({ userId: recipientId, type: 'message.received', data: { actorId: row.senderId, actorName, conversationId: conversation.id, messageId: row.id } })
        .catch(() => undefined);
    }
  }
  return answer;
}

/** `message_deleted` to the members of a private conversation, and the room's `message_deleted_conversation_{id}`. */
export function announceDeleted(ctx: AppContext, row: MessageRow, conversation: ConversationRow, memberIds: readonly string[]): void {
  const event: MessageDeletedEvent = { _id: row.id, conversationId: conversation.id, text: DELETED_MESSAGE_TEXT, isDeleted: true };
  if (conversation.type !== 'stream') for (const userId of memberIds) ctx.realtime.emitToUser(userId, SERVER_EVENTS.messageDeleted, event);
  ctx.realtime.emitToRoom(conversationRoom(conversation.id), roomEvents.messageDeleted(conversation.id), event);
}

/** `nofify_read_messages_in_conversation` (the contract's spelling) to the reader: their unread over all conversations. */
export function announceRead(ctx: AppContext, userId: string, total: number, conversationId: string): void {
  ctx.realtime.emitToUser(userId, SERVER_EVENTS.readMessages, { total, conversationId });
}

/** `clear_all_messages_{id}` to a stream chat's room. */
export function announceCleared(ctx: AppContext, conversationId: string): void {
  ctx.realtime.emitToRoom(conversationRoom(conversationId), roomEvents.cleared(conversationId), { conversationId });
}
