/**
 * Messaging under a page scope (`server/src/http/page-scope.ts`): called through the bridge
 * from a page of creator X, the fan's private-conversation routes (`embed: 'page'` in the
 * contract) see only the private conversations whose creator side (`performerId`) owns the
 * page. Anything else is answered as if it did not exist: 404, never 403, so a page cannot
 * even learn that the fan talks to creator Y. Opening a conversation with someone outside
 * the scope is 403 `embeds.origin_not_owned` (the page knows whom it asked for). Stream
 * chats are public and stay readable; writing in one is scoped too (messages.routes.ts).
 * Without a scope (the platform's own site) every function here changes nothing.
 */
import { and, eq, inArray, sql, sum, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conversationMembers, conversations, messages } from './messaging.tables.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import type { PageScope } from '../../http/page-scope.js';
import { NO_SUCH_CONVERSATION, unreadTotal } from './messaging.queries.js';

export const NOT_THIS_PAGES_CREATOR = 'This page may only open conversations with the creators whose site it is';
const NO_SUCH_MESSAGE = 'Message not found';

interface ScopedFacts {
  type: string;
  performerId: string | null;
}

/** Whether a page with this scope may see the conversation. */
export function isInScope(scope: PageScope | null, conversation: ScopedFacts): boolean {
  if (!scope) return true;
  if (conversation.type === 'stream') return true;
  return conversation.type === 'private' && conversation.performerId !== null && scope.has(conversation.performerId);
}

/** The filter on `conversations` that keeps what the scope may see (for lists and totals); none without a scope. */
export function scopeCondition(scope: PageScope | null): SQL | undefined {
  if (!scope) return undefined;
  if (scope.size === 0) return sql`false`;
  return and(eq(conversations.type, 'private'), inArray(conversations.performerId, [...scope]));
}

/** 404 `conversations.not_found` for a conversation outside the scope (or none). */
export async function requireConversationInScope(db: DbOrTx, scope: PageScope | null, conversationId: string): Promise<void> {
  if (!scope) return;
  const [row] = await db.select({ type: conversations.type, performerId: conversations.performerId }).from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  if (!row || !isInScope(scope, row)) throw notFound('conversations.not_found', NO_SUCH_CONVERSATION);
}

/**
 * 404 `messages.not_found` for a message in a conversation outside the scope: the same
 * answer as for a message that does not exist, so a page cannot test message ids.
 */
export async function requireMessageInScope(db: DbOrTx, scope: PageScope | null, messageId: string): Promise<void> {
  if (!scope) return;
  const [row] = await db
    .select({ type: conversations.type, performerId: conversations.performerId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!row || !isInScope(scope, row)) throw notFound('messages.not_found', NO_SUCH_MESSAGE);
}

/**
 * 403 `embeds.origin_not_owned` unless the private conversation of `viewer` and `target`
 * would belong to a creator of the scope (its `performerId`: the creator side of the pair).
 */
export function requireOpenableInScope(scope: PageScope | null, viewer: Pick<AuthUser, 'id' | 'role'>, target: { id: string; role: string }): void {
  if (!scope) return;
  const performerId = target.role === 'performer' ? target.id : viewer.role === 'performer' ? viewer.id : null;
  if (!performerId || !scope.has(performerId)) throw forbidden('embeds.origin_not_owned', NOT_THIS_PAGES_CREATOR);
}

/** The user's unseen messages over the conversations the scope may see (all of them without a scope). */
export async function unreadTotalInScope(db: DbOrTx, userId: string, scope: PageScope | null): Promise<number> {
  const condition = scopeCondition(scope);
  if (!condition) return unreadTotal(db, userId);
  const [row] = await db
    .select({ total: sum(conversationMembers.unread) })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.userId, userId), condition));
  return Math.max(0, Number(row?.total ?? 0));
}
