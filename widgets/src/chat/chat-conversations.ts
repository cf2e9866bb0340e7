/**
 * The signed-in user's conversations: the list (newest activity first) with each one's
 * unread badge, the total unread, and the conversations opened outside the page held
 * (by id or with a creator). Messages and read receipts move them as they arrive.
 */
import type { ConversationDto, MessageDto } from '@fandeck/contract';
import { batch, signal, type ReadonlySignal } from '@preact/signals-core';
import type { ActionError } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { fetchConversations, fetchTotalUnread } from './chat-api.js';

/** How many conversations a page of the list holds. */
export const CONVERSATION_PAGE_SIZE = 25;

export type ConversationsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; error: ActionError }
  | { status: 'ready'; items: ConversationDto[]; total: number; more: { status: 'idle' | 'loading' } | { status: 'failed'; error: ActionError } };

export interface Conversations {
  readonly state: ReadonlySignal<ConversationsState>;
  /** Conversations known outside the list's pages, by id. */
  readonly extra: ReadonlySignal<ReadonlyMap<string, ConversationDto>>;
  /** Unread messages over every conversation (the server's count, kept current). */
  readonly totalUnread: ReadonlySignal<number>;
  /** The first page and the total unread; `quiet` keeps the list shown meanwhile (a refresh). */
  load(quiet?: boolean): Promise<void>;
  loadMore(): Promise<void>;
  find(conversationId: string): ConversationDto | undefined;
  /** Keeps a conversation opened by id or with a creator. */
  remember(conversation: ConversationDto): void;
  /** A message arrived or was sent: the conversation moves up with it; `unread` adds to its badge. False when the conversation is not known. */
  bump(message: MessageDto, unread: boolean): boolean;
  /** Sets a conversation's badge (and the total by the difference). */
  setBadge(conversationId: string, count: number): void;
  /** Changes a known conversation. */
  patch(conversationId: string, change: (conversation: ConversationDto) => ConversationDto): void;
  setTotal(total: number): void;
  clear(): void;
}

export function createConversations(session: Session): Conversations {
  const state = signal<ConversationsState>({ status: 'idle' });
  const extra = signal<ReadonlyMap<string, ConversationDto>>(new Map());
  const totalUnread = signal(0);
  let turn = 0;

  const items = () => {
    const current = state.peek();
    return current.status === 'ready' ? current.items : null;
  };
  const find = (conversationId: string) => items()?.find((item) => item._id === conversationId) ?? extra.peek().get(conversationId);

  function patch(conversationId: string, change: (conversation: ConversationDto) => ConversationDto): void {
    const current = state.peek();
    batch(() => {
      if (current.status === 'ready' && current.items.some((item) => item._id === conversationId)) {
        state.value = { ...current, items: current.items.map((item) => (item._id === conversationId ? change(item) : item)) };
      }
      const known = extra.peek().get(conversationId);
      if (known) extra.value = new Map(extra.peek()).set(conversationId, change(known));
    });
  }

  async function load(quiet = false): Promise<void> {
    const mine = ++turn;
    if (!quiet || state.peek().status !== 'ready') state.value = { status: 'loading' };
    const [page, total] = await Promise.all([fetchConversations(session, 0, CONVERSATION_PAGE_SIZE), fetchTotalUnread(session)]);
    if (mine !== turn) return;
    batch(() => {
      if (!page.ok) {
        if (!quiet || state.peek().status !== 'ready') state.value = { status: 'failed', error: page.error };
        return;
      }
      state.value = { status: 'ready', items: page.value.data, total: page.value.total, more: { status: 'idle' } };
      // Without the server's count, the badges of the first page are the best guess.
      totalUnread.value = total.ok ? total.value : page.value.data.reduce((sum, item) => sum + item.totalNotSeenMessages, 0);
    });
  }

  return {
    state,
    extra,
    totalUnread,
    load,
    async loadMore() {
      const current = state.peek();
      if (current.status !== 'ready' || current.more.status === 'loading' || current.items.length >= current.total) return;
      const mine = turn;
      state.value = { ...current, more: { status: 'loading' } };
      const page = await fetchConversations(session, current.items.length, CONVERSATION_PAGE_SIZE);
      const now = state.peek();
      if (mine !== turn || now.status !== 'ready') return;
      if (!page.ok) {
        state.value = { ...now, more: { status: 'failed', error: page.error } };
        return;
      }
      const held = new Set(now.items.map((item) => item._id));
      state.value = { ...now, items: [...now.items, ...page.value.data.filter((item) => !held.has(item._id))], total: page.value.total, more: { status: 'idle' } };
    },
    find,
    remember(conversation) {
      extra.value = new Map(extra.peek()).set(conversation._id, find(conversation._id) ?? conversation);
    },
    bump(message, unread) {
      const known = find(message.conversationId);
      if (!known) return false;
      const moved: ConversationDto = {
        ...known,
        lastMessage: message.text,
        lastMessageCreatedAt: message.createdAt,
        lastSenderId: message.senderId,
        totalNotSeenMessages: known.totalNotSeenMessages + (unread ? 1 : 0),
      };
      const current = state.peek();
      batch(() => {
        if (current.status === 'ready') {
          const rest = current.items.filter((item) => item._id !== moved._id);
          const added = rest.length === current.items.length ? 1 : 0;
          state.value = { ...current, items: [moved, ...rest], total: current.total + added };
        }
        if (extra.peek().has(moved._id)) extra.value = new Map(extra.peek()).set(moved._id, moved);
        if (unread) totalUnread.value += 1;
      });
      return true;
    },
    setBadge(conversationId, count) {
      const before = find(conversationId)?.totalNotSeenMessages ?? 0;
      batch(() => {
        patch(conversationId, (item) => ({ ...item, totalNotSeenMessages: count }));
        totalUnread.value = Math.max(0, totalUnread.peek() + count - before);
      });
    },
    patch,
    setTotal(total) {
      totalUnread.value = Math.max(0, total);
    },
    clear() {
      turn += 1;
      batch(() => {
        state.value = { status: 'idle' };
        extra.value = new Map();
        totalUnread.value = 0;
      });
    },
  };
}
