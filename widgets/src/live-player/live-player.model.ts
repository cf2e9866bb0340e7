/**
 * One `<fan-live-player>`'s state: the creator's stream as this viewer may watch it
 * (`streaming.join`), kept current from the live channel (presence events for the viewer
 * count and the start and end of the stream, `change-stream-info`), the stream chat
 * (its page, what the socket brings, what this viewer sends, each message once), and a
 * tip in the stream through the pay action. After a reconnect it reads the join again
 * (the playlist link is short-lived) and what the chat missed. A viewer who may not watch
 * is kept out of the stream's room, so the join is read again on a timer, after a
 * reconnect, a sign-in or out, and a subscription to the creator taken on the page. A
 * view makes one per element (`useModel`); disposing it leaves the rooms and stops every
 * listener.
 */
import { MESSAGE_PAGE_SIZE, MESSAGE_TEXT_MAX, roomEvents, type MessageDto, type ServerEventName, type ServerEvents, type StreamDto, type StreamJoinDto } from '@fandeck/contract';
import { computed, createModel, effect, signal, untracked, type ReadonlySignal } from '@preact/signals-core';
import { errorCode, createPayKeys, isDeclined, runPay } from '../session/money-action.js';
import { failure, success, type ActionError, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import type { LiveChannel } from '../session/transport.js';
import { OFFLINE_CODES, fetchJoin, fetchStreamMessages, isRecord, mergeStreamMessages, newClientId, readPresence, readStreamMessage, sendStreamMessage } from './live-player-api.js';

export type PlayerState =
  | { status: 'loading' }
  /** Not live: `join` is the last stream when the server answered one. */
  | { status: 'offline'; join: StreamJoinDto | null }
  | { status: 'not-entitled'; join: StreamJoinDto; reason: 'subscribers_only' | 'sign_in' }
  | { status: 'live'; join: StreamJoinDto & { playlistUrl: string } }
  /** The stream this element showed ended while it was open. */
  | { status: 'ended'; join: StreamJoinDto }
  | { status: 'failed'; error: ActionError };

export type ChatState = { status: 'idle' | 'loading' | 'ready' } | { status: 'failed'; error: ActionError };

/** A message this viewer wrote that the platform has not stored yet. */
export interface PendingMessage {
  clientId: string;
  text: string;
  status: 'sending' | 'failed';
  error: ActionError | null;
}

export type TipStep = { step: 'idle' } | { step: 'sending' } | { step: 'sent'; price: number } | { step: 'declined' } | { step: 'failed'; error: ActionError };

/** Presence events that say a stream started or its room changed: an offline player reads the join again. */
export const STREAM_START_EVENTS = ['model-joined', 'public-room-changed'] as const;
/** Events that carry a viewer count. */
export const PRESENCE_EVENTS = ['model-joined', 'member-joined', 'public-room-changed'] as const;
/**
 * While offline, ended or not entitled, the join is read again this often besides the
 * events: a signed-out visitor has no live connection, a new stream's first events go to
 * its own room, which the player cannot know yet, and a viewer who may not watch is kept
 * out of the room, so never hears that the stream ended or was opened to everyone.
 */
export const OFFLINE_POLL_MS = 30_000;
export const STREAM_INFO_EVENT = 'change-stream-info';
/** The page event a `<fan-subscribe>` fires (subscribe-events.ts); named here so this bundle does not import that feature. */
export const SUBSCRIBED_EVENT = 'fan-subscribed';

/** The state a join answer puts the player in; `wasLive`: the stream shown was live until now. */
export function stateOfJoin(join: StreamJoinDto, wasLive: string | null): PlayerState {
  const { stream } = join;
  if (stream.state !== 'broadcasting' || join.reason === 'offline') {
    return wasLive === stream._id && stream.state === 'finished' ? { status: 'ended', join } : { status: 'offline', join };
  }
  if (join.canWatch && join.playlistUrl) return { status: 'live', join: { ...join, playlistUrl: join.playlistUrl } };
  return { status: 'not-entitled', join, reason: join.reason === 'sign_in' ? 'sign_in' : 'subscribers_only' };
}

export const LivePlayerModel = createModel((session: Session) => {
  const state = signal<PlayerState>({ status: 'loading' });
  const viewers = signal(0);
  const messages = signal<MessageDto[]>([]);
  const pending = signal<PendingMessage[]>([]);
  const chat = signal<ChatState>({ status: 'idle' });
  const tip = signal<TipStep>({ step: 'idle' });
  const payKeys = createPayKeys();
  let creator = '';
  let loads = 0;
  let loading: Promise<void> | null = null;

  const joined = computed(() => {
    const current = state.value;
    return current.status === 'live' ? current.join : null;
  });
  /** The stream the live channel follows: the one on screen, or the last one known. */
  const stream = computed((): StreamDto | null => {
    const current = state.value;
    return 'join' in current && current.join ? current.join.stream : null;
  });

  function load(): Promise<void> {
    const ref = creator;
    const load = ++loads;
    loading = (async () => {
      if (!ref) return;
      const before = state.peek();
      // An ended stream stays ended (not offline) when read again; a new one goes live.
      const wasLive = before.status === 'live' || before.status === 'ended' ? before.join.stream._id : null;
      const outcome = await fetchJoin(session, ref);
      // A later creator (a changed attribute) wins over a slower earlier answer.
      if (load !== loads) return;
      if (!outcome.ok) {
        const code = errorCode(outcome.error);
        if (code && OFFLINE_CODES.includes(code)) state.value = wasLive ? endedFrom(before) : { status: 'offline', join: null };
        else if (before.status === 'loading' || before.status === 'failed') state.value = { status: 'failed', error: outcome.error };
        // A failed refresh keeps what is shown: the next event or reconnect tries again.
        return;
      }
      const next = stateOfJoin(outcome.value, wasLive);
      if (next.status === 'live' && wasLive !== next.join.stream._id) resetChat();
      viewers.value = outcome.value.stream.viewerCount;
      state.value = next;
    })();
    const current = loading;
    return current.finally(() => {
      if (loading === current) loading = null;
    });
  }

  function endedFrom(before: PlayerState): PlayerState {
    return before.status === 'live' ? { status: 'ended', join: { ...before.join, stream: { ...before.join.stream, state: 'finished' } } } : before;
  }

  function resetChat(): void {
    messages.value = [];
    pending.value = [];
    chat.value = { status: 'idle' };
  }

  async function loadChat(conversationId: string): Promise<void> {
    if (chat.peek().status === 'loading') return;
    const held = messages.peek();
    chat.value = { status: 'loading' };
    const since = held.length > 0 ? held[held.length - 1]!.seq : null;
    const page = await fetchStreamMessages(session, conversationId, since === null ? { limit: MESSAGE_PAGE_SIZE } : { sinceSeq: since, limit: MESSAGE_PAGE_SIZE });
    if (joined.peek()?.stream.conversationId !== conversationId) return;
    if (!page.ok) {
      chat.value = held.length > 0 ? { status: 'ready' } : { status: 'failed', error: page.error };
      return;
    }
    received(page.value);
    chat.value = { status: 'ready' };
  }

  function received(incoming: readonly MessageDto[]): void {
    const conversationId = joined.peek()?.stream.conversationId;
    const mine = incoming.filter((message) => message.conversationId === conversationId);
    if (mine.length === 0) return;
    messages.value = mergeStreamMessages(messages.peek(), mine);
    const stored = new Set(mine.map((message) => message.clientId).filter(Boolean));
    if (pending.peek().some((entry) => stored.has(entry.clientId))) pending.value = pending.peek().filter((entry) => !stored.has(entry.clientId));
  }

  const matches = (payload: unknown, shown: StreamDto) => {
    const presence = readPresence(payload);
    // An event that names no stream is about the room this player is in.
    return (presence.streamId ?? shown._id) === shown._id || presence.conversationId === shown.conversationId;
  };

  function listen(channel: LiveChannel, shown: StreamDto | null, status: PlayerState['status']): () => void {
    const offs: (() => void)[] = [];
    const on = <E extends ServerEventName>(event: E, handler: (payload: ServerEvents[E]) => void) => offs.push(channel.on(event, handler));
    const join = (room: string) => {
      channel.joinRoom(room);
      offs.push(() => channel.leaveRoom(room));
    };
    if (status === 'offline' || status === 'ended' || status === 'not-entitled') {
      for (const event of STREAM_START_EVENTS) on(event, () => void load());
      // A stream not finished (its camera dropped) comes back in its own room.
      if (shown && shown.state !== 'finished' && status !== 'not-entitled') join(`stream:${shown._id}`);
    }
    if (shown && status === 'live') {
      for (const event of PRESENCE_EVENTS) {
        on(event, (payload) => {
          const presence = readPresence(payload);
          if (matches(payload, shown) && presence.viewerCount !== undefined) viewers.value = presence.viewerCount;
        });
      }
      // The creator left: ended, or only their camera dropped (the stream is back to `created`); the join says which.
      on('model-left', (payload) => {
        if (matches(payload, shown)) void load();
      });
      on('admin-end-session-stream', (payload) => {
        if (matches(payload, shown)) state.value = endedFrom(state.peek());
      });
      on(STREAM_INFO_EVENT, (payload) => {
        if (!matches(payload, shown) || !isRecord(payload)) return;
        const current = state.peek();
        if (current.status !== 'live') return;
        if (typeof payload.subscribersOnly === 'boolean' && payload.subscribersOnly !== current.join.stream.subscribersOnly) return void load();
        const info = {
          ...(typeof payload.title === 'string' ? { title: payload.title } : {}),
          ...(typeof payload.description === 'string' ? { description: payload.description } : {}),
        };
        state.value = { ...current, join: { ...current.join, stream: { ...current.join.stream, ...info } } };
      });
      on(roomEvents.messageCreated(shown.conversationId), (payload) => {
        const message = readStreamMessage(payload);
        if (message) received([message]);
      });
      join(`stream:${shown._id}`);
      join(`conversation:${shown.conversationId}`);
    }
    return () => offs.forEach((off) => off());
  }

  // Listeners and rooms follow the connection and the stream on screen; the server forgets
  // rooms with a connection, so they are joined again after each reconnect.
  const watchedKey = computed(() => `${state.value.status}|${stream.value?._id ?? ''}`);
  let wasConnected = false;
  effect(() => {
    const channel = session.live.channel.value;
    const connected = session.live.status.value === 'connected';
    watchedKey.value;
    if (!channel || !connected) return;
    return untracked(() => listen(channel, stream.peek(), state.peek().status));
  });
  // A reconnect: the join again (a fresh link, the stream may have ended), then what the chat missed.
  effect(() => {
    const connected = session.live.status.value === 'connected';
    if (!connected) return;
    untracked(() => {
      if (!wasConnected) return void (wasConnected = true);
      const status = state.peek().status;
      if (status === 'loading') return;
      void load().then(() => {
        const live = joined.peek();
        if (live) void loadChat(live.stream.conversationId);
      });
    });
  });
  // Signing in or out changes what this viewer may watch (sign_in, subscribers_only).
  let signedIn = session.auth.loggedIn.peek();
  effect(() => {
    const now = session.auth.loggedIn.value;
    if (now === signedIn) return;
    signedIn = now;
    untracked(() => {
      if (state.peek().status !== 'loading' && creator) void load();
    });
  });
  // A subscription taken on this page (`fan-subscribed` from a `<fan-subscribe>`) may let this viewer in; the session has no signal for it.
  const lockedOut = computed(() => {
    const current = state.value;
    return current.status === 'not-entitled' ? current.join.stream.performerId : null;
  });
  effect(() => {
    const performerId = lockedOut.value;
    if (!performerId || typeof document === 'undefined') return;
    const onSubscribed = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (isRecord(detail) && detail.performerId === performerId) void load();
    };
    document.addEventListener(SUBSCRIBED_EVENT, onSubscribed);
    return () => document.removeEventListener(SUBSCRIBED_EVENT, onSubscribed);
  });
  const waiting = computed(() => state.value.status === 'offline' || state.value.status === 'ended' || state.value.status === 'not-entitled');
  effect(() => {
    if (!waiting.value) return;
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState === 'visible') void load();
    }, OFFLINE_POLL_MS);
    return () => clearInterval(timer);
  });
  // The chat's first page once a stream is on screen.
  effect(() => {
    const live = joined.value;
    if (!live) return;
    untracked(() => {
      if (chat.peek().status === 'idle') void loadChat(live.stream.conversationId);
    });
  });

  async function send(text: string, clientId = newClientId()): Promise<Outcome<MessageDto>> {
    const live = joined.peek();
    const body = text.trim();
    if (!live || !body || body.length > MESSAGE_TEXT_MAX) return failure({ status: -1, message: '' });
    const entry: PendingMessage = { clientId, text: body, status: 'sending', error: null };
    pending.value = [...pending.peek().filter((item) => item.clientId !== clientId), entry];
    const outcome = await sendStreamMessage(session, live.stream.conversationId, { clientId, text: body });
    if (outcome.ok) {
      received([outcome.value]);
      pending.value = pending.peek().filter((item) => item.clientId !== clientId);
    } else if (pending.peek().some((item) => item.clientId === clientId)) {
      pending.value = pending.peek().map((item) => (item.clientId === clientId ? { ...item, status: 'failed', error: outcome.error } : item));
    }
    return outcome;
  }

  return {
    state: state as ReadonlySignal<PlayerState>,
    viewers: viewers as ReadonlySignal<number>,
    messages: messages as ReadonlySignal<MessageDto[]>,
    pending: pending as ReadonlySignal<PendingMessage[]>,
    chat: chat as ReadonlySignal<ChatState>,
    tip: tip as ReadonlySignal<TipStep>,

    /** The creator whose stream to show, by id or username; reads the join when it changed. */
    setCreator(ref: string | undefined): Promise<void> {
      const next = ref?.trim() ?? '';
      if (next === creator && state.peek().status !== 'failed') return loading ?? Promise.resolve();
      creator = next;
      resetChat();
      state.value = next ? { status: 'loading' } : { status: 'offline', join: null };
      return load();
    },
    /** Reads the join again (after a failure, or a sign-in). */
    refresh: () => load(),
    /** A fresh playlist link (the last one expired, or the player gave up): the join again; null when no longer live. */
    async refreshLink(): Promise<string | null> {
      await load();
      const current = state.peek();
      return current.status === 'live' ? current.join.playlistUrl : null;
    },
    retryChat(): Promise<void> {
      const live = joined.peek();
      return live ? loadChat(live.stream.conversationId) : Promise.resolve();
    },
    /** Writes in the stream chat; shown at once as pending, once when stored. */
    send,
    /** Sends a refused message again with the same client id (stored once whatever happens). */
    resend(clientId: string): Promise<Outcome<MessageDto>> {
      const entry = pending.peek().find((item) => item.clientId === clientId);
      return entry ? send(entry.text, clientId) : Promise.resolve(failure({ status: -1, message: '' }));
    },
    /** A tip to the creator in this stream: `charge:tip` through the platform's confirm. */
    async sendTip(price: number): Promise<Outcome<unknown>> {
      const live = joined.peek();
      if (!live || tip.peek().step === 'sending' || !(price > 0)) return failure({ status: -1, message: '' });
      tip.value = { step: 'sending' };
      const outcome = await runPay<unknown>(session.transport, payKeys, {
        action: 'charge:tip',
        params: { id: live.stream.performerId },
        body: { price, conversationId: live.stream.conversationId },
      });
      if (outcome.ok) tip.value = { step: 'sent', price };
      else tip.value = isDeclined(outcome.error) ? { step: 'declined' } : { step: 'failed', error: outcome.error };
      return outcome.ok ? success(outcome.value) : outcome;
    },
    /** Back to the tip form. */
    tipAgain(): void {
      if (tip.peek().step !== 'sending') tip.value = { step: 'idle' };
    },
  };
});

export type LivePlayerModel = InstanceType<typeof LivePlayerModel>;
