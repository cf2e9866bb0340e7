/** Reads: a conversation and who may read it, the viewer's conversations, a conversation's messages, unread totals. */
import type { ConversationDto, MessageDto } from '@fandeck/contract';
import { DELETED_MESSAGE_TEXT } from '@fandeck/contract';
import { and, asc, count, desc, eq, exists, gt, ilike, lt, ne, or, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import { blockedSql } from '../../content/blocks.js';
import { subscribedCreatorIds } from '../../content/entitlement.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../accounts/accounts.tables.js';
import { userBlocks } from '../blocks/blocks.tables.js';
import { subscriptions } from '../subscriptions/subscriptions.tables.js';
import { conversationMembers, conversations, messages } from './messaging.tables.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { escapeLike, sortColumnOf, toPage } from '../../http/pagination.js';
import { presentConversation, presentMessages, type ConversationRow, type MessageRow } from './messaging.presenter.js';
import { DEFAULT_PAGE, SINCE_PAGE_MAX, type ConversationListQuery, type MessageListQuery } from './messaging.schemas.js';

export const NO_SUCH_CONVERSATION = 'Conversation not found';
export const NOT_PARTICIPANT = 'You are not in this conversation';
/** The longest text a conversation keeps as its last message (lists show the start). */
export const LAST_MESSAGE_MAX = 200;

/** `lock`: FOR UPDATE, in a transaction (a send holds its conversation until it commits). */
export async function findConversation(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<ConversationRow> {
  const query = db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('conversations.not_found', NO_SUCH_CONVERSATION);
  return row;
}

/** The user ids of a conversation's members. */
export async function membersOf(db: DbOrTx, conversationId: string): Promise<string[]> {
  const rows = await db.select({ userId: conversationMembers.userId }).from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId));
  return rows.map((row) => row.userId);
}

export async function isMember(db: DbOrTx, conversationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The conversation, when this viewer may read it: a stream chat anyone may, a private one
 * only its two members (403 `conversations.not_participant`).
 */
export async function readableConversation(db: DbOrTx, id: string, viewerId: string | null): Promise<ConversationRow> {
  const row = await findConversation(db, id);
  if (row.type === 'stream') return row;
  if (!viewerId || !(await isMember(db, row.id, viewerId))) throw forbidden('conversations.not_participant', NOT_PARTICIPANT);
  return row;
}

/** A stream chat by id (404 for any other conversation). */
export async function findStreamConversation(db: DbOrTx, id: string): Promise<ConversationRow> {
  const row = await findConversation(db, id);
  if (row.type !== 'stream') throw notFound('conversations.not_found', NO_SUCH_CONVERSATION);
  return row;
}

const me = alias(conversationMembers, 'me');
const them = alias(conversationMembers, 'them');
const other = alias(users, 'other');
const otherColumns = { id: other.id, name: other.name, username: other.username, avatarPath: other.avatarPath };

/**
 * Either party blocked the other: the other participant (a creator) blocked the viewer (the
 * rule every content query uses, staff never blocked) or the viewer (a creator) blocked them.
 */
function blockedEitherWay(db: DbOrTx, viewer: AuthUser): SQL<boolean> {
  const viewerBlockedOther = exists(db.select({ one: sql`1` }).from(userBlocks).where(and(eq(userBlocks.performerId, viewer.id), eq(userBlocks.userId, other.id))));
  return sql<boolean>`(${blockedSql(db, viewer, other.id)} or ${viewerBlockedOther})`;
}

/**
 * The fan of the conversation holds an active subscription to its creator (`performerId`):
 * for a fan, they subscribe to the creator they write to; for the creator, the fan they write
 * with subscribes to them. In a stream chat: the viewer subscribes to its creator, or owns it.
 * Clients disable the composer unless this is true (api-contract section 7).
 */
function subscribedSql(db: DbOrTx, now: Date): SQL<boolean> {
  const fanSubscribes = exists(
    db
      .select({ one: sql`1` })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.performerId, conversations.performerId),
          or(eq(subscriptions.userId, me.userId), eq(subscriptions.userId, them.userId)),
          eq(subscriptions.status, 'active'),
          gt(subscriptions.expiredAt, now),
        ),
      ),
  );
  return sql<boolean>`((${conversations.type} = 'stream' and ${conversations.performerId} = ${me.userId}) or ${fanSubscribes})`;
}

const conversationSort = {
  updatedAt: conversations.updatedAt,
  createdAt: conversations.createdAt,
  lastMessageCreatedAt: conversations.lastMessageAt,
} as const;

/** The viewer's conversations (those they are a member of), each with the other participant, their unread count and whether they are blocked. */
export async function listConversations(
  ctx: AppContext,
  viewer: AuthUser,
  query: ConversationListQuery,
  /** Narrows the list further (a page's scope: page-scope.ts). */
  only?: SQL,
): Promise<{ items: ConversationDto[]; total: number }> {
  const page = toPage(query);
  const filters: (SQL | undefined)[] = [eq(me.userId, viewer.id), only];
  if (query.type) filters.push(eq(conversations.type, query.type));
  const words = query.q || query.keyword;
  if (words) {
    const pattern = `%${escapeLike(words)}%`;
    filters.push(or(ilike(other.name, pattern), ilike(other.username, pattern)));
  }
  const where = and(...filters);
  const from = () =>
    ctx.db
      .select({ conversation: conversations, unread: me.unread, other: otherColumns, blocked: blockedEitherWay(ctx.db, viewer), subscribed: subscribedSql(ctx.db, ctx.now()) })
      .from(me)
      .innerJoin(conversations, eq(conversations.id, me.conversationId))
      .leftJoin(them, and(eq(them.conversationId, me.conversationId), ne(them.userId, me.userId)))
      .leftJoin(other, eq(other.id, them.userId));
  const column = sortColumnOf(conversationSort, page, conversations.updatedAt);
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      .orderBy(page.sort === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`, asc(conversations.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db
      .select({ total: count() })
      .from(me)
      .innerJoin(conversations, eq(conversations.id, me.conversationId))
      .leftJoin(them, and(eq(them.conversationId, me.conversationId), ne(them.userId, me.userId)))
      .leftJoin(other, eq(other.id, them.userId))
      .where(where),
  ]);
  const items = rows.map((row) =>
    presentConversation(ctx, row.conversation, { unread: row.unread, other: row.other?.id ? row.other : null, blocked: row.blocked === true, subscribed: row.subscribed === true }),
  );
  return { items, total: total?.total ?? 0 };
}

/**
 * A stream chat with its last message filled in from its newest message: sends never rewrite
 * a stream chat's row (stream-chat-writer.ts). A deleted one reads `Message deleted!`, unless
 * its creator cleared the chat since (the row's `updatedAt`), which reads empty. Any other
 * conversation is answered as it is.
 */
export async function streamLastMessage(db: DbOrTx, row: ConversationRow): Promise<ConversationRow> {
  if (row.type !== 'stream') return row;
  const [last] = await db
    .select({ text: messages.text, senderId: messages.senderId, createdAt: messages.createdAt, deletedAt: messages.deletedAt })
    .from(messages)
    .where(eq(messages.conversationId, row.id))
    .orderBy(desc(messages.seq))
    .limit(1);
  if (!last) return { ...row, lastMessage: '', lastMessageAt: null, lastSenderId: null };
  const cleared = last.deletedAt !== null && last.deletedAt <= row.updatedAt;
  const text = cleared ? '' : last.deletedAt ? DELETED_MESSAGE_TEXT : last.text.slice(0, LAST_MESSAGE_MAX);
  return { ...row, lastMessage: text, lastMessageAt: last.createdAt, lastSenderId: last.senderId };
}

/** One conversation as the viewer sees it (a private one: members only). */
export async function conversationFor(ctx: AppContext, viewer: AuthUser | null, id: string): Promise<ConversationDto> {
  const row = await streamLastMessage(ctx.db, await readableConversation(ctx.db, id, viewer?.id ?? null));
  if (!viewer) return presentConversation(ctx, row, { unread: 0, other: null, blocked: false, subscribed: false });
  const [facts] = await ctx.db
    .select({ unread: me.unread, other: otherColumns, blocked: blockedEitherWay(ctx.db, viewer), subscribed: subscribedSql(ctx.db, ctx.now()) })
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .leftJoin(them, and(eq(them.conversationId, me.conversationId), ne(them.userId, me.userId)))
    .leftJoin(other, eq(other.id, them.userId))
    .where(and(eq(me.conversationId, row.id), eq(me.userId, viewer.id)))
    .limit(1);
  if (facts) {
    const other = facts.other?.id ? facts.other : null;
    return presentConversation(ctx, row, { unread: facts.unread, other, blocked: facts.blocked === true, subscribed: facts.subscribed === true });
  }
  // A stream chat the viewer is not a member of: blocked when its creator blocked them; subscribed as its fan, or its owner.
  if (!row.performerId) return presentConversation(ctx, row, { unread: 0, other: null, blocked: false, subscribed: false });
  const blocked = (await ctx.db.select({ blocked: blockedSql(ctx.db, viewer, users.id) }).from(users).where(eq(users.id, row.performerId)))[0]?.blocked === true;
  const subscribed = row.performerId === viewer.id || (await subscribedCreatorIds(ctx.db, viewer.id, [row.performerId], ctx.now())).has(row.performerId);
  return presentConversation(ctx, row, { unread: 0, other: null, blocked, subscribed });
}

/**
 * A page of a conversation's messages, each page oldest first. By default the newest page,
 * `offset` counted from the newest (older history: a larger offset); `beforeSeq`: the newest
 * page before that message; `sinceSeq`: everything after that message, oldest first, up to
 * `SINCE_PAGE_MAX` a call. `total` counts all that match (without the page).
 */
export async function listMessages(ctx: AppContext, conversationId: string, viewerId: string | null, query: MessageListQuery): Promise<{ items: MessageDto[]; total: number }> {
  const filters: SQL[] = [eq(messages.conversationId, conversationId)];
  const since = query.sinceSeq !== undefined;
  if (since) filters.push(gt(messages.seq, query.sinceSeq!));
  if (query.beforeSeq !== undefined) filters.push(lt(messages.seq, query.beforeSeq));
  const where = and(...filters);
  const limit = since ? Math.min(query.limit ?? SINCE_PAGE_MAX, SINCE_PAGE_MAX) : (query.limit ?? DEFAULT_PAGE);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(messages)
      .where(where)
      .orderBy(since ? asc(messages.seq) : desc(messages.seq))
      .limit(limit)
      .offset(query.offset ?? 0),
    ctx.db.select({ total: count() }).from(messages).where(where),
  ]);
  const ordered: MessageRow[] = since ? rows : rows.reverse();
  return { items: await presentMessages(ctx, viewerId, ordered), total: total?.total ?? 0 };
}

/** The user's unseen messages over all their conversations (never below 0). */
export async function unreadTotal(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ total: sum(conversationMembers.unread) }).from(conversationMembers).where(eq(conversationMembers.userId, userId));
  return Math.max(0, Number(row?.total ?? 0));
}
