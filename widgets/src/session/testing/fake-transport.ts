/**
 * Test stand-ins: a scripted Transport and a LiveChannel whose status and server
 * events the test drives. Only tests import this file.
 */
import type { LiveConnection } from '../../live/live-connection.js';
import type { HttpMethod, LiveStatus, RequestOptions, Transport, TransportResult, UploadOptions } from '../transport.js';

export interface RecordedCall {
  method: HttpMethod;
  path: string;
  options: RequestOptions;
}

type Reply = TransportResult<unknown> | ((call: RecordedCall) => TransportResult<unknown> | Promise<TransportResult<unknown>>);

export interface FakeLiveChannel extends LiveConnection {
  /** The test plays the server: sets the status listeners hear. */
  setStatus(status: LiveStatus): void;
  /** The test plays the server: delivers an event to the page's listeners. */
  serverEmit(event: string, payload?: unknown): void;
  listenerCount(event: string): number;
  readonly joined: string[];
  readonly left: string[];
  readonly emitted: { event: string; payload: unknown }[];
  readonly closed: boolean;
}

export interface FakeTransport extends Transport {
  readonly calls: RecordedCall[];
  /** Answers calls to `method path` (query excluded); later scripts win. */
  respond(method: HttpMethod, path: string, reply: Reply): void;
  /** Whether a credential is held; login/logout/clearCredential change it. */
  credential: boolean;
  readonly loginCalls: { username: string; password: string; remember?: boolean }[];
  loginReply: TransportResult<{ token?: string }>;
  /** The channel of the latest live() call. */
  readonly channel: FakeLiveChannel | null;
  readonly liveOpened: number;
  /** Tells the session a credential changed elsewhere (another tab). */
  credentialChangedElsewhere(hasCredential: boolean): void;
}

export const ok = <T>(data: T, status = 200): TransportResult<T> => ({ ok: true, status, data });
export const fail = (status: number, body?: unknown): TransportResult<never> => ({ ok: false, status, body });

export function createFakeTransport(init: { credential?: boolean; origin?: string } = {}): FakeTransport {
  const replies = new Map<string, Reply>();
  const credentialListeners = new Set<(has: boolean) => void>();
  const calls: RecordedCall[] = [];
  let channel: FakeLiveChannel | null = null;
  let liveOpened = 0;

  async function answer(call: RecordedCall): Promise<TransportResult<unknown>> {
    calls.push(call);
    const reply = replies.get(`${call.method} ${call.path}`);
    if (!reply) return fail(404, { statusCode: 404, message: `Route ${call.method} /api${call.path} not found`, error: 'Not Found' });
    return typeof reply === 'function' ? reply(call) : reply;
  }

  const transport: FakeTransport = {
    kind: 'direct',
    origin: init.origin ?? 'http://platform.test',
    calls,
    credential: init.credential ?? false,
    loginCalls: [],
    loginReply: ok({ token: 'fake-token' }),
    get channel() {
      return channel;
    },
    get liveOpened() {
      return liveOpened;
    },
    respond(method, path, reply) {
      replies.set(`${method} ${path}`, reply);
    },
    request<T>(method: HttpMethod, path: string, options: RequestOptions = {}) {
      return answer({ method, path, options }) as Promise<TransportResult<T>>;
    },
    upload<T>(path: string, options: UploadOptions) {
      return answer({ method: 'POST', path, options: { body: options.form } }) as Promise<TransportResult<T>>;
    },
    async login(credentials) {
      transport.loginCalls.push(credentials);
      await Promise.resolve();
      if (transport.loginReply.ok) transport.credential = true;
      return transport.loginReply;
    },
    async logout() {
      transport.closeLive();
      transport.credential = false;
    },
    clearCredential() {
      transport.closeLive();
      transport.credential = false;
    },
    hasCredential: () => transport.credential,
    live() {
      if (!channel || channel.closed) {
        channel = createFakeLiveChannel();
        liveOpened += 1;
      }
      return channel;
    },
    closeLive() {
      channel?.close();
    },
    confirm: async () => true,
    onCredentialChange(listener) {
      credentialListeners.add(listener);
      return () => credentialListeners.delete(listener);
    },
    credentialChangedElsewhere(hasCredential) {
      transport.credential = hasCredential;
      for (const listener of credentialListeners) listener(hasCredential);
    },
  };
  return transport;
}

export function createFakeLiveChannel(initial: LiveStatus = 'initialized'): FakeLiveChannel {
  let status = initial;
  let closed = false;
  const statusListeners = new Set<(status: LiveStatus) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const joined: string[] = [];
  const left: string[] = [];
  const emitted: { event: string; payload: unknown }[] = [];

  return {
    get status() {
      return status;
    },
    get closed() {
      return closed;
    },
    joined,
    left,
    emitted,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    emit(event, payload) {
      emitted.push({ event, payload });
    },
    joinRoom: (room) => joined.push(room),
    leaveRoom: (room) => left.push(room),
    onStatus(listener) {
      statusListeners.add(listener);
      listener(status);
      return () => statusListeners.delete(listener);
    },
    close() {
      closed = true;
      statusListeners.clear();
      listeners.clear();
    },
    setStatus(next) {
      status = next;
      for (const listener of [...statusListeners]) listener(next);
    },
    serverEmit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
  };
}

/** A current user as GET /users/me answers it. */
export const demoFan = {
  _id: 'fan-1',
  avatar: 'http://platform.test/files/defaults/avatar.svg',
  cover: null,
  name: 'Fan One',
  email: 'fan1@fandeck.local',
  username: 'fan.one',
  isPerformer: false,
  balance: 20,
  role: 'user' as const,
};
