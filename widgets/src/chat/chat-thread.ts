/**
 * One conversation's stored messages: the newest page first, older pages on demand
 * (`beforeSeq`), what was missed while the socket was down (`sinceSeq` = the last `seq`
 * held), and whatever the socket, a send's answer or an unlock brings in between, each
 * message shown once.
 */
import { MESSAGE_PAGE_SIZE, type MessageDto, type MessageListQuery } from '@fandeck/contract';
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { ActionError, Outcome } from '../session/outcome.js';
import { lastSeq, mergeMessages } from './chat-messages.js';

export interface ThreadState {
  status: 'loading' | 'ready' | 'failed';
  /** Why the first page failed. */
  error: ActionError | null;
  /** Stored messages, oldest first. */
  messages: MessageDto[];
  /** Older messages may exist before the first one held. */
  hasOlder: boolean;
  older: { status: 'idle' | 'loading' } | { status: 'failed'; error: ActionError };
}

export type FetchPage = (conversationId: string, query: MessageListQuery) => Promise<Outcome<MessageDto[]>>;

export interface Thread {
  readonly conversationId: string;
  readonly state: ReadonlySignal<ThreadState>;
  /** The newest page, once (again after a failure). */
  load(): Promise<void>;
  /** The page before the oldest message held. */
  loadOlder(): Promise<void>;
  /** Everything after the last message held (after a reconnect). */
  catchUp(): Promise<void>;
  merge(messages: readonly MessageDto[]): void;
  /** Changes one held message. */
  patch(messageId: string, change: (message: MessageDto) => MessageDto): void;
  find(messageId: string): MessageDto | undefined;
}

/** How many pages one catch-up reads at most; a longer absence reloads the newest page instead. */
const MAX_CATCH_UP_PAGES = 20;

export function createThread(conversationId: string, fetchPage: FetchPage): Thread {
  const state = signal<ThreadState>({ status: 'loading', error: null, messages: [], hasOlder: false, older: { status: 'idle' } });
  let loading: Promise<void> | null = null;
  let catching: Promise<void> | null = null;
  const set = (patch: Partial<ThreadState>): void => {
    state.value = { ...state.peek(), ...patch };
  };
  const merge = (messages: readonly MessageDto[]) => set({ messages: mergeMessages(state.peek().messages, messages) });

  function load(): Promise<void> {
    if (state.peek().status === 'ready') return Promise.resolve();
    loading ??= (async (): Promise<void> => {
      set({ status: 'loading', error: null });
      const page = await fetchPage(conversationId, { limit: MESSAGE_PAGE_SIZE });
      loading = null;
      if (!page.ok) return set({ status: 'failed', error: page.error });
      // Messages the socket brought while the page was on its way are kept.
      set({ status: 'ready', error: null, messages: mergeMessages(state.peek().messages, page.value), hasOlder: page.value.length >= MESSAGE_PAGE_SIZE });
    })();
    return loading;
  }

  async function loadOlder(): Promise<void> {
    const current = state.peek();
    const first = current.messages[0];
    if (current.status !== 'ready' || !current.hasOlder || current.older.status === 'loading' || !first) return;
    set({ older: { status: 'loading' } });
    const page = await fetchPage(conversationId, { beforeSeq: first.seq, limit: MESSAGE_PAGE_SIZE });
    if (!page.ok) return set({ older: { status: 'failed', error: page.error } });
    set({ messages: mergeMessages(state.peek().messages, page.value), hasOlder: page.value.length >= MESSAGE_PAGE_SIZE, older: { status: 'idle' } });
  }

  function catchUp(): Promise<void> {
    const current = state.peek();
    if (current.status === 'failed') return load();
    if (current.status !== 'ready') return loading ?? Promise.resolve();
    catching ??= (async (): Promise<void> => {
      for (let pages = 0; pages < MAX_CATCH_UP_PAGES; pages++) {
        const since = lastSeq(state.peek().messages) ?? 0;
        const page = await fetchPage(conversationId, { sinceSeq: since, limit: MESSAGE_PAGE_SIZE });
        // Nothing to be done about a failed catch-up here: the next reconnect tries again.
        if (!page.ok) break;
        merge(page.value);
        if (page.value.length < MESSAGE_PAGE_SIZE) break;
      }
      catching = null;
    })();
    return catching;
  }

  return {
    conversationId,
    state,
    load,
    loadOlder,
    catchUp,
    merge,
    patch(messageId, change) {
      const messages = state.peek().messages;
      if (!messages.some((message) => message._id === messageId)) return;
      set({ messages: messages.map((message) => (message._id === messageId ? change(message) : message)) });
    },
    find: (messageId) => state.peek().messages.find((message) => message._id === messageId),
  };
}
