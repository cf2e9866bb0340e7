/**
 * Direct messages as the session knows them, shared by every inbox on the page: the
 * conversations with their unread badges and total, each open thread's messages, and
 * the outbox of messages written but not yet stored. It keeps itself current from the
 * live channel (`message_created`, `message_deleted`, the read receipts and purchases)
 * and, after a reconnect, reads what the socket missed (`sinceSeq`) and sends what the
 * outbox still holds. Registered on first `session.use(chatFeature)`; disposed with the
 * session.
 */
import {
  DELETED_MESSAGE_TEXT,
  MESSAGE_FILES_MAX,
  MESSAGE_TEXT_MAX,
  SERVER_EVENTS,
  type ConversationDto,
  type MessageDto,
  type MessageUploadDto,
} from '@fandeck/contract';
import { computed, createModel, effect, signal, untracked, type ReadonlySignal } from '@preact/signals-core';
import { defineFeature } from '../session/feature.js';
import { failure, success, type ActionError, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import type { LiveStatus } from '../session/transport.js';
import { createUnlocks } from '../session/unlocks.js';
import { deleteMessage, fetchConversation, fetchMessages, markConversationRead, markMessageOpened, openConversation, readMessage, readTotal, sendMessage } from './chat-api.js';
import { createConversations } from './chat-conversations.js';
import { asDeleted, lastSeq, threadItems, type ThreadItem } from './chat-messages.js';
import { createSender, defaultRetryDelay, loadOutbox, newClientId, saveOutbox, type OutboxEntry } from './chat-outbox.js';
import { createThread, type Thread } from './chat-thread.js';

export type { ConversationsState } from './chat-conversations.js';
export type { ThreadState } from './chat-thread.js';

/** What the composer hands over: the text, the files already uploaded, a creator's price. */
export interface Draft {
  text: string;
  files: MessageUploadDto[];
  /** Decimal units; 0 or absent: free. */
  price?: number;
}

/** Deleting a message of one's own. */
export type MessageAction = { status: 'busy' } | { status: 'failed'; error: ActionError };

/** A message the server stored from this user's outbox; `origin` is the `send` caller's tag (absent after a reload). */
export interface SentMessage {
  message: MessageDto;
  origin: string | undefined;
}

export interface ChatOptions {
  /** Milliseconds before the `attempt`-th resend of a message that met network or server trouble. */
  retryDelay?: (attempt: number) => number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
const notReady = (): Outcome<never> => failure({ status: -1, message: '' });

export const ChatModel = createModel((session: Session, options: ChatOptions = {}) => {
  const userId = computed(() => (session.auth.loggedIn.value ? (session.user.current.value?._id ?? null) : null));
  const conversations = createConversations(session);
  const outbox = signal<readonly OutboxEntry[]>([]);
  const actions = signal<ReadonlyMap<string, MessageAction>>(new Map());
  const threads = new Map<string, Thread>();
  const items = new Map<string, ReadonlySignal<ThreadItem[]>>();
  const watched = new Map<string, number>();
  const needsRead = new Set<string>();
  const opened = new Set<string>();
  const origins = new Map<string, string>();
  const sentListeners = new Set<(sent: SentMessage) => void>();
  let owner: string | null = null;

  function setOutbox(next: readonly OutboxEntry[]): void {
    outbox.value = next;
    if (owner) saveOutbox(owner, next);
  }
  const dropEntry = (clientId: string) => {
    if (outbox.peek().some((entry) => entry.clientId === clientId)) setOutbox(outbox.peek().filter((entry) => entry.clientId !== clientId));
  };

  const fetchPage = (conversationId: string, query: Parameters<typeof fetchMessages>[2]) => fetchMessages(session, conversationId, query);
  function threadOf(conversationId: string): Thread {
    let thread = threads.get(conversationId);
    if (!thread) {
      thread = createThread(conversationId, fetchPage);
      threads.set(conversationId, thread);
    }
    return thread;
  }

  function setAction(messageId: string, action: MessageAction | null): void {
    const next = new Map(actions.peek());
    if (action) next.set(messageId, action);
    else next.delete(messageId);
    actions.value = next;
  }

  /** Sends a read-all for a conversation shown in a visible page that has something unread. */
  function readIfSeen(conversationId: string): void {
    if (!watched.has(conversationId) || !visible()) return;
    const badge = conversations.find(conversationId)?.totalNotSeenMessages ?? 0;
    if (badge === 0 && !needsRead.has(conversationId)) return;
    needsRead.delete(conversationId);
    conversations.setBadge(conversationId, 0);
    void markConversationRead(session, conversationId);
  }

  /** A message arrived (socket or send answer): into its thread, its conversation up the list. */
  function received(message: MessageDto): void {
    const mine = message.senderId === owner;
    threads.get(message.conversationId)?.merge([message]);
    // Ours, stored: the socket may be quicker than the send's answer; the outbox copy goes.
    if (mine && message.clientId) dropEntry(message.clientId);
    const seen = watched.has(message.conversationId) && visible();
    const unread = !mine && !seen;
    if (!conversations.bump(message, unread)) {
      if (unread) conversations.setTotal(conversations.totalUnread.peek() + 1);
      if (conversations.state.peek().status === 'ready') void conversations.load(true);
    }
    if (!mine && watched.has(message.conversationId)) {
      needsRead.add(message.conversationId);
      readIfSeen(message.conversationId);
    }
  }

  function deleted(payload: unknown): void {
    if (!isRecord(payload) || typeof payload._id !== 'string' || typeof payload.conversationId !== 'string') return;
    const thread = threads.get(payload.conversationId);
    const messages = thread?.state.peek().messages ?? [];
    thread?.patch(payload._id, asDeleted);
    if (messages.length > 0 && messages[messages.length - 1]!._id === payload._id) {
      conversations.patch(payload.conversationId, (conversation) => ({ ...conversation, lastMessage: DELETED_MESSAGE_TEXT }));
    }
  }

  function threadHolding(messageId: string): Thread | undefined {
    for (const thread of threads.values()) if (thread.find(messageId)) return thread;
    return undefined;
  }

  /** Reads one message again (after a purchase: its files come as links made for this fan). */
  async function reloadMessage(messageId: string): Promise<true | ActionError> {
    const thread = threadHolding(messageId);
    const held = thread?.find(messageId);
    if (!thread || !held) return { status: 404, code: 'messages.not_found', message: '' };
    const page = await fetchMessages(session, thread.conversationId, { sinceSeq: held.seq - 1, limit: 1 });
    if (!page.ok) return page.error;
    const fresh = page.value.find((message) => message._id === messageId);
    if (!fresh) return { status: 404, code: 'messages.not_found', message: '' };
    thread.merge([fresh]);
    return true;
  }

  const unlocks = createUnlocks(session, 'message', reloadMessage);

  const sender = createSender({
    entries: () => outbox.peek(),
    update(clientId, patch) {
      if (outbox.peek().some((entry) => entry.clientId === clientId)) setOutbox(outbox.peek().map((entry) => (entry.clientId === clientId ? { ...entry, ...patch } : entry)));
    },
    send: (entry) =>
      sendMessage(session, entry.conversationId, {
        clientId: entry.clientId,
        ...(entry.text ? { text: entry.text } : {}),
        ...(entry.files.length > 0 ? { fileIds: entry.files.map((file) => file._id) } : {}),
        ...(entry.price > 0 ? { price: entry.price } : {}),
      }),
    onAck(entry, message) {
      dropEntry(entry.clientId);
      received(message);
      const origin = origins.get(entry.clientId);
      origins.delete(entry.clientId);
      for (const listener of [...sentListeners]) listener({ message, origin });
    },
    retryDelay: options.retryDelay ?? defaultRetryDelay,
  });

  // Another account (or none): nothing of the last one's stays; this one's outbox goes out.
  effect(() => {
    const id = userId.value;
    untracked(() => {
      if (id === owner) return;
      sender.stop();
      owner = id;
      threads.clear();
      items.clear();
      needsRead.clear();
      opened.clear();
      origins.clear();
      conversations.clear();
      actions.value = new Map();
      outbox.value = id ? loadOutbox(id) : [];
      if (id) sender.flush();
    });
  });

  effect(() => {
    const channel = session.live.channel.value;
    if (!channel || !userId.value) return;
    return untracked(() => {
      const offs = [
        channel.on(SERVER_EVENTS.messageCreated, (payload) => {
          const message = readMessage(payload);
          if (message) received(message);
        }),
        channel.on(SERVER_EVENTS.messageDeleted, deleted),
        channel.on(SERVER_EVENTS.readMessages, (payload) => {
          const total = readTotal(payload);
          // On a third-party page the bridge leaves out the total (it counts every creator): the badge's drop then adjusts it.
          if (isRecord(payload) && typeof payload.conversationId === 'string') conversations.setBadge(payload.conversationId, 0);
          if (total !== null) conversations.setTotal(total);
        }),
        // Bought here or in another tab: the message's files open now.
        channel.on(SERVER_EVENTS.transactionSuccess, (payload) => {
          if (!isRecord(payload) || payload.target !== 'message' || typeof payload.targetId !== 'string') return;
          if (threadHolding(payload.targetId)?.find(payload.targetId)?.isLocked) void reloadMessage(payload.targetId);
        }),
      ];
      return () => offs.forEach((off) => off());
    });
  });

  // Back from a lost connection: what the socket missed, then what the outbox holds.
  let lastStatus: LiveStatus | null = null;
  effect(() => {
    const status = session.live.status.value;
    untracked(() => {
      const before = lastStatus;
      lastStatus = status;
      if (status !== 'connected' || before === 'connected' || !owner) return;
      for (const id of watched.keys()) void threads.get(id)?.catchUp();
      if (before !== null && before !== 'initialized' && conversations.state.peek().status === 'ready') void conversations.load(true);
      sender.flush();
    });
  });

  // A page shown again reads the threads it shows; the network back sends the outbox.
  effect(() => {
    if (typeof window === 'undefined') return;
    const onVisible = () => watched.forEach((_count, id) => readIfSeen(id));
    const onOnline = () => sender.flush();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
      sender.stop();
    };
  });

  return {
    /** The signed-in user's id; null while signed out. */
    userId: userId as ReadonlySignal<string | null>,
    conversations: conversations.state,
    /** Conversations opened by id or with a creator that the list's pages may not hold. */
    extraConversations: conversations.extra,
    totalUnread: conversations.totalUnread,
    outbox: outbox as ReadonlySignal<readonly OutboxEntry[]>,
    /** Deletions under way or refused, by message id. */
    actions: actions as ReadonlySignal<ReadonlyMap<string, MessageAction>>,
    /** Unlocks under way, declined or refused, by message id. */
    unlocks: unlocks.steps,

    /** Loads the list (once; again after a failure). */
    loadConversations(): Promise<void> {
      const status = conversations.state.peek().status;
      return status === 'idle' || status === 'failed' ? conversations.load() : Promise.resolve();
    },
    loadMoreConversations: () => conversations.loadMore(),
    conversation: (conversationId: string) => conversations.find(conversationId),

    /** The conversation with a creator (by id or username), started when there is none. */
    async openWithCreator(creator: string): Promise<Outcome<ConversationDto>> {
      if (!owner) return notReady();
      const outcome = await openConversation(session, { source: 'performer', sourceId: creator });
      if (outcome.ok) conversations.remember(outcome.value);
      return outcome;
    },

    /** A conversation by id, from what is held or from the server. */
    async openById(conversationId: string): Promise<Outcome<ConversationDto>> {
      if (!owner) return notReady();
      const known = conversations.find(conversationId);
      if (known) return success(known);
      const outcome = await fetchConversation(session, conversationId);
      if (outcome.ok) conversations.remember(outcome.value);
      return outcome;
    },

    /** A conversation's thread (its stored messages); `watch` loads it. */
    thread: (conversationId: string) => threadOf(conversationId),

    /** What a thread shows: stored messages, then ours still in the outbox. */
    items(conversationId: string): ReadonlySignal<ThreadItem[]> {
      let found = items.get(conversationId);
      if (!found) {
        const thread = threadOf(conversationId);
        found = computed(() => threadItems(thread.state.value.messages, outbox.value, conversationId));
        items.set(conversationId, found);
      }
      return found;
    },

    /**
     * A view shows this conversation: its thread loads, it is read while the page is
     * visible, and it catches up after a reconnect. Call the answer when it is gone.
     */
    watch(conversationId: string): () => void {
      watched.set(conversationId, (watched.get(conversationId) ?? 0) + 1);
      void threadOf(conversationId).load();
      needsRead.add(conversationId);
      readIfSeen(conversationId);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (watched.get(conversationId) ?? 1) - 1;
        if (left > 0) watched.set(conversationId, left);
        else watched.delete(conversationId);
      };
    },

    /**
     * Writes a message: shown at once as pending, kept in the outbox (it survives a
     * reload) and sent; `origin` comes back with it in `onSent`.
     */
    send(conversationId: string, draft: Draft, origin?: string): Outcome<OutboxEntry> {
      const text = draft.text.trim();
      if (!owner) return notReady();
      if (!text && draft.files.length === 0) return failure({ status: 400, code: 'messages.empty', message: '' });
      if (text.length > MESSAGE_TEXT_MAX || draft.files.length > MESSAGE_FILES_MAX) return failure({ status: 400, code: 'request.invalid', message: '' });
      const entry: OutboxEntry = {
        clientId: newClientId(),
        conversationId,
        text,
        files: draft.files,
        price: draft.price && draft.price > 0 ? draft.price : 0,
        createdAt: new Date().toISOString(),
        status: 'queued',
        retrying: false,
        error: null,
      };
      if (origin) origins.set(entry.clientId, origin);
      setOutbox([...outbox.peek(), entry]);
      sender.flush();
      return success(entry);
    },

    /** Sends a refused message again, with its own `clientId`. */
    retry(clientId: string): void {
      const entry = outbox.peek().find((item) => item.clientId === clientId);
      if (!entry || entry.status !== 'failed') return;
      setOutbox(outbox.peek().map((item) => (item.clientId === clientId ? { ...item, status: 'queued', retrying: false, error: null } : item)));
      sender.flush();
    },

    /** Gives up a refused message. */
    discard(clientId: string): void {
      if (outbox.peek().find((item) => item.clientId === clientId)?.status === 'failed') dropEntry(clientId);
    },

    /** Deletes a message of one's own; it then shows as deleted. */
    async remove(messageId: string): Promise<Outcome<unknown>> {
      const thread = threadHolding(messageId);
      const message = thread?.find(messageId);
      if (!thread || !message || message.isDeleted || message.senderId !== owner || actions.peek().get(messageId)?.status === 'busy') return notReady();
      setAction(messageId, { status: 'busy' });
      const outcome = await deleteMessage(session, messageId);
      if (!outcome.ok) {
        setAction(messageId, { status: 'failed', error: outcome.error });
        return outcome;
      }
      setAction(messageId, null);
      deleted({ _id: messageId, conversationId: thread.conversationId });
      return outcome;
    },

    /** Buys a paid message (`charge:message`, confirmed by the platform); its files open after. */
    unlock: (messageId: string) => unlocks.unlock(messageId),

    /** The reader saw a paid or media message from the other side: tells the server once. */
    markOpened(message: MessageDto): void {
      const media = message.price > 0 || message.files.length > 0;
      if (!media || message.opened || message.isLocked || message.isDeleted || message.senderId === owner || opened.has(message._id)) return;
      opened.add(message._id);
      threads.get(message.conversationId)?.patch(message._id, (held) => ({ ...held, opened: true }));
      void markMessageOpened(session, message._id);
    },

    /** Calls `listener` each time the server stored a message from this user's outbox. */
    onSent(listener: (sent: SentMessage) => void): () => void {
      sentListeners.add(listener);
      return () => {
        sentListeners.delete(listener);
      };
    },

    /** The last `seq` a thread holds (tests and views read it). */
    lastSeq: (conversationId: string) => lastSeq(threads.get(conversationId)?.state.peek().messages ?? []),
  };
});

export type ChatModel = InstanceType<typeof ChatModel>;

export const chatFeature = defineFeature('chat', (session) => new ChatModel(session));

/** Under this name `ensureFeature(session, 'chat')` finds it (kit/lazy-features.ts). */
export const feature = chatFeature;
