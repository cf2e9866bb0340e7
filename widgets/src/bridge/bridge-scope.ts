/**
 * Which live events the bridge forwards to its page. The fan's socket hears everything
 * about the fan: messages with every creator, notifications naming each of them. A page of
 * creator X may only see what the server showed it: the conversations in the answers of its
 * page-scoped calls (`embed: 'page'`, which the server limits to the creators who own the
 * page's origin), public stream chats, and the chat of a stream the page is let watch (a
 * `streaming.join` answer with `canWatch`: what a live player shows). So the bridge remembers those conversation ids
 * and forwards a message event only when it is about one of them. Notifications go only
 * to a page the server accepted as one of the signed-in creator's own sites (an `'owner'`
 * call answered): the creator's dashboard there listens to them.
 *
 * Deliberately small and table-free: it is part of the bridge's first chunk.
 */
import { bridgePaths, type RouteSpec } from '@fandeck/contract';
import type { TransportResult } from '../session/transport.js';
import { isRecord } from './protocol.js';

const CONVERSATION_EVENTS = new Set(['message_created', 'message_deleted']);
const READ_EVENT = 'nofify_read_messages_in_conversation';
const NOTIFICATION_EVENT = 'send_notification';
/** Events named after a conversation (contract `roomEvents`), with the id after the prefix. */
const NAMED_EVENT = /^(?:message_created_conversation_|message_deleted_conversation_|clear_all_messages_|user_joined_)(.+)$/;
const CONVERSATION_ROOM = 'conversation:';

/** What an allowed call said about itself: its route's template and kind. */
export interface AnsweredCall {
  template: string;
  embed: NonNullable<RouteSpec['embed']>;
}

export class PageScope {
  /** Conversations the page was shown. */
  private readonly conversations = new Set<string>();
  /** The server accepted this page as one of the signed-in creator's own sites. */
  private ownSite = false;

  /** Learns from a call's answer what the page may hear about. */
  noteAnswer(call: AnsweredCall, result: TransportResult<unknown>): void {
    if (!result.ok) return;
    if (call.embed === 'owner') {
      this.ownSite = true;
      return;
    }
    if (call.template === bridgePaths.streamJoin) {
      // Exactly the chat of the stream shown, and only when this fan may watch it.
      const join = result.data;
      if (isRecord(join) && join.canWatch === true && isRecord(join.stream)) this.add(join.stream.conversationId);
      return;
    }
    const conversationAnswer = bridgePaths.conversations.includes(call.template);
    for (const item of itemsOf(result.data)) {
      if (call.embed === 'page') {
        this.add(item.conversationId);
        if (conversationAnswer) this.add(item._id);
      } else if (conversationAnswer && item.type === 'stream') {
        // A stream chat, from its public route: anyone may read it.
        this.add(item._id);
      }
    }
  }

  /** Another account, or none: nothing learnt for the last one counts. */
  forget(): void {
    this.conversations.clear();
    this.ownSite = false;
  }

  /** The payload to forward for a socket event, or null to drop it. */
  filter(event: string, payload: unknown): { payload: unknown } | null {
    if (CONVERSATION_EVENTS.has(event)) return isRecord(payload) && this.knows(payload.conversationId) ? { payload } : null;
    // The total counts the fan's unread over every creator: the page gets only which conversation was read.
    if (event === READ_EVENT) return isRecord(payload) && this.knows(payload.conversationId) ? { payload: { conversationId: payload.conversationId } } : null;
    if (event === NOTIFICATION_EVENT) return this.ownSite ? { payload } : null;
    const named = NAMED_EVENT.exec(event);
    if (named) return this.knows(named[1]) ? { payload } : null;
    return { payload };
  }

  /** A conversation's room only for a conversation the page was shown. */
  mayJoin(room: string): boolean {
    return !room.startsWith(CONVERSATION_ROOM) || this.knows(room.slice(CONVERSATION_ROOM.length));
  }

  private knows(id: unknown): boolean {
    return typeof id === 'string' && this.conversations.has(id);
  }

  private add(id: unknown): void {
    if (typeof id === 'string' && id) this.conversations.add(id);
  }
}

/** The objects of an answer: a list's items (`{ data: [...] }` or an array), else the answer itself. */
function itemsOf(data: unknown): Record<string, unknown>[] {
  const list = Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.data) ? data.data : [data];
  return list.filter(isRecord);
}
