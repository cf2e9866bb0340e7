import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { isBlocked } from '../../content/blocks.js';
import { isId } from '../../db/schema/ids.js';
import { users } from '../accounts/accounts.tables.js';
import { conversations } from './messaging.tables.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { conversationRoutes } from './conversations.routes.js';
import { messageHandler } from './message-handler.js';
import { storeMessage } from './message-store.js';
import { messageUploadRoutes } from './message-uploads.routes.js';
import { messageRoutes } from './messages.routes.js';
import type { MessagingExtension } from './messaging.extension.js';
import { CONVERSATION_ROOM_PREFIX, deliverMessage, type Notifier } from './messaging.live.js';
import { isMember } from './messaging.queries.js';
import { ensurePrivateConversation } from './messaging.service.js';
import { registerStreamChatSocket } from './stream-chat-socket.js';
import { createStreamChat } from './stream-chat-writer.js';

/** Who may join `conversation:{id}`: anyone for a stream chat, a private conversation's members only. */
function conversationRoomPolicy(ctx: AppContext) {
  return async (userId: string | null, room: string): Promise<boolean> => {
    const id = room.slice(CONVERSATION_ROOM_PREFIX.length);
    if (!isId(id)) return false;
    const [row] = await ctx.db.select({ type: conversations.type }).from(conversations).where(eq(conversations.id, id)).limit(1);
    if (!row) return false;
    if (row.type === 'stream') return true;
    return userId !== null && (await isMember(ctx.db, id, userId));
  };
}

/**
 * `sendDirect` for mass and automatic messages: the same store as the send route, into the
 * pair's private conversation (opened if needed), any of the sender's own private media as
 * files. A recipient blocked either way is skipped.
 */
function messagingExtension(ctx: AppContext, notifier: Notifier): MessagingExtension {
  const account = async (id: string) => (await ctx.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id)).limit(1))[0];
  return {
    async sendDirect(input) {
      const [sender, recipient] = await Promise.all([account(input.senderId), account(input.recipientId)]);
      if (!sender || !recipient) throw new Error(`sendDirect: no account ${!sender ? input.senderId : input.recipientId}`);
      if ((await isBlocked(ctx.db, sender.id, recipient.id)) || (await isBlocked(ctx.db, recipient.id, sender.id))) return { skipped: 'blocked' as const };
      const conversation = await ensurePrivateConversation(ctx, sender, recipient);
      const stored = await storeMessage(
        ctx,
        conversation.id,
        sender,
        { clientId: input.clientId, text: input.text, fileIds: input.fileIds, priceCents: input.priceCents, massId: input.massId ?? null, autoMessageId: input.autoMessageId ?? null },
        'own-media',
      );
      return { message: await deliverMessage(ctx, stored, notifier), created: stored.created };
    },
  };
}

/**
 * Messaging: private conversations between two users and creators' stream chats, messages
 * with media and a price, uploads, unread counts and live events. See README.md.
 */
async function register(api: ApiScope, ctx: AppContext, deps: DomainDeps): Promise<MessagingExtension> {
  const notifications = deps.get('notifications');
  const notifier: Notifier = () => notifications;
  deps.get('wallet').registerChargeHandler(messageHandler);
  ctx.realtime.addRoomPolicy(CONVERSATION_ROOM_PREFIX, conversationRoomPolicy(ctx));
  conversationRoutes(api, ctx);
  // One writer per process for both ways in, so a room's messages queue and go out in one order.
  const chat = createStreamChat(ctx);
  messageRoutes(api, ctx, notifier, chat);
  registerStreamChatSocket(ctx, chat);
  messageUploadRoutes(api, ctx);
  return messagingExtension(ctx, notifier);
}

export default defineDomain({ name: 'messaging', dependsOn: ['accounts', 'auth', 'wallet', 'media', 'notifications'], register });
