/**
 * A creator's stream chat: one `stream` conversation per creator (a partial unique index on
 * `performer_id`), found or created on first ask. Anyone may read it and join its room;
 * anyone signed in whom the creator has not blocked may write (free messages, no unread
 * counts); the creator may clear it. The streaming domain builds on it (`streamId`).
 */
import type { ConversationDto } from '@fandeck/contract';
import { DELETED_MESSAGE_TEXT } from '@fandeck/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { conversations, messages } from './messaging.tables.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { announceCleared } from './messaging.live.js';
import { presentConversation, type ConversationRow } from './messaging.presenter.js';
import { conversationFor, findStreamConversation, streamLastMessage } from './messaging.queries.js';
import { findAccount } from './messaging.service.js';

const NOT_OWNER = 'Only the stream’s creator may do this';

/** The creator's stream chat (by the creator's id or username), created if it does not exist yet. */
export async function streamOfPerformer(ctx: AppContext, viewer: AuthUser | null, creatorIdOrUsername: string): Promise<ConversationDto> {
  const creator = await findAccount(ctx.db, creatorIdOrUsername);
  if (!creator || creator.role !== 'performer') throw notFound('performers.not_found', 'Creator not found');
  await ctx.db
    .insert(conversations)
    .values({ type: 'stream', performerId: creator.id })
    .onConflictDoNothing({ target: conversations.performerId, where: sql`${conversations.type} = 'stream'` });
  const [row] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.performerId, creator.id), eq(conversations.type, 'stream')))
    .limit(1);
  return conversationFor(ctx, viewer, row!.id);
}

async function ownStream(ctx: AppContext, viewer: AuthUser, id: string): Promise<ConversationRow> {
  const row = await findStreamConversation(ctx.db, id);
  if (row.performerId !== viewer.id) throw forbidden('conversations.not_participant', NOT_OWNER);
  return row;
}

/** `PUT /conversations/stream/{id}/update`: its creator touches it, and may name the stream it belongs to. */
export async function updateStream(ctx: AppContext, viewer: AuthUser, id: string, input: { streamId?: string | null | undefined }): Promise<ConversationDto> {
  await ownStream(ctx, viewer, id);
  const [row] = await ctx.db
    .update(conversations)
    .set({ updatedAt: ctx.now(), ...(input.streamId !== undefined ? { streamId: input.streamId } : {}) })
    .where(eq(conversations.id, id))
    .returning();
  // Its owner: never blocked from it, and may write in it.
  return presentConversation(ctx, await streamLastMessage(ctx.db, row!), { unread: 0, other: null, blocked: false, subscribed: true });
}

/** `DELETE /messages/stream/{id}/remove-all-message`: its creator deletes every message (soft); `clear_all_messages_{id}` to the room. */
export async function clearStream(ctx: AppContext, viewer: AuthUser, id: string): Promise<number> {
  await ownStream(ctx, viewer, id);
  const now = ctx.now();
  const cleared = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({ deletedAt: now, text: DELETED_MESSAGE_TEXT, updatedAt: now })
      .where(and(eq(messages.conversationId, id), isNull(messages.deletedAt)))
      .returning({ id: messages.id });
    await tx.update(conversations).set({ lastMessage: '', updatedAt: now }).where(eq(conversations.id, id));
    return rows.length;
  });
  announceCleared(ctx, id);
  return cleared;
}
