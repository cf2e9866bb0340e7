/**
 * Test stand-ins: a scripted Transport and a LiveChannel whose status and server
 * events the test drives. Only tests import this file.
 */
import type { LiveConnection } from '../../live/live-connection.js';
import type {
  HttpMethod,
  LiveStatus,
  PayOptions,
  PayQuote,
  PayRequest,
  RequestOptions,
  Transport,
  TransportResult,
  UploadOptions,
} from '../transport.js';

export interface RecordedCall {
  method: HttpMethod;
  path: string;
  options: RequestOptions;
}

type Reply = TransportResult<unknown> | ((call: RecordedCall) => TransportResult<unknown> | Promise<TransportResult<unknown>>);

/** A `pay` call as the fake saw it: the request, the quote the fan was shown (null when quoting failed), and their answer. */
export interface RecordedPay {
  request: PayRequest;
  options: PayOptions;
  quote: PayQuote | null;
  confirmed: boolean;
}

/** What the server answers a confirmed `pay` of one action; a function sees the request. */
export type PayReply = TransportResult<unknown> | ((request: PayRequest) => TransportResult<unknown> | Promise<TransportResult<unknown>>);
/** The quote of one action: a fixed one, or built from the request. */
export type QuoteReply = PayQuote | TransportResult<never> | ((request: PayRequest) => PayQuote | TransportResult<never>);

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
  /** Every `pay` call, confirmed or not, in order. */
  readonly payCalls: RecordedPay[];
  /** Answers a confirmed `pay` of `action`; unscripted actions answer 404 like an unknown route. */
  respondPay(action: string, reply: PayReply): void;
  /** Scripts the quote of `action` (default: `fakeQuote(request)`), or the error the quote call answers. */
  quotePay(action: string, reply: QuoteReply): void;
  /** The fan's answer to the confirm dialog; default yes. A no answers `bridge.not_confirmed` and sends nothing. */
  confirmPay: (quote: PayQuote, request: PayRequest) => boolean | Promise<boolean>;
  /** Every `media` call, in order, with the signal it was given. */
  readonly mediaCalls: { url: string; signal: AbortSignal | undefined }[];
  /**
   * Plays the bridge for `media(url)`: its bytes (or null, refused), now or when the
   * promise settles. Unscripted urls answer as on the platform's own origin: unchanged.
   */
  respondMedia(url: string, reply: Blob | null | Promise<Blob | null>): void;
}

export const ok = <T>(data: T, status = 200): TransportResult<T> => ({ ok: true, status, data });
export const fail = (status: number, body?: unknown): TransportResult<never> => ({ ok: false, status, body });

/** What every transport answers when the fan declines the confirm dialog. */
export const notConfirmed = (): TransportResult<never> =>
  fail(-1, { statusCode: -1, code: 'bridge.not_confirmed', message: 'The payment was not confirmed', error: 'Not Confirmed' });

/**
 * A plausible quote of `request`: the price from the body's `price` or `amount` (decimal
 * units, as the API speaks), the recipient from the `id` parameter.
 */
export function fakeQuote(request: PayRequest, overrides: Partial<PayQuote> = {}): PayQuote {
  const body = request.body;
  const price = Number(body.price ?? body.amount ?? 0);
  const topup = request.action === 'topup';
  const id = request.params.id ?? null;
  return {
    action: request.action,
    kind: topup ? 'topup' : request.action === 'charge:tip' ? 'tip' : 'unlock',
    itemId: id,
    recipient: id && !topup ? { _id: id, name: 'Ana Lima', username: 'ana.lima' } : null,
    description: null,
    price: Number.isFinite(price) ? price : 0,
    credit: topup ? (Number.isFinite(price) ? price : 0) : null,
    currency: 'BRL',
    quote: `fake-quote-${request.idempotencyKey}`,
    expiresAt: new Date(Date.now() + 120_000).toISOString(),
    ...overrides,
  };
}

const isQuote = (value: PayQuote | TransportResult<never>): value is PayQuote => 'quote' in value;

export function createFakeTransport(init: { credential?: boolean; origin?: string } = {}): FakeTransport {
  const replies = new Map<string, Reply>();
  const credentialListeners = new Set<(has: boolean) => void>();
  const calls: RecordedCall[] = [];
  const payReplies = new Map<string, PayReply>();
  const quoteReplies = new Map<string, QuoteReply>();
  const mediaReplies = new Map<string, Blob | null | Promise<Blob | null>>();
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
    payCalls: [],
    respondPay(action, reply) {
      payReplies.set(action, reply);
    },
    quotePay(action, reply) {
      quoteReplies.set(action, reply);
    },
    confirmPay: () => true,
    async pay<T>(request: PayRequest, options: PayOptions = {}) {
      const scripted = quoteReplies.get(request.action);
      const quoted = typeof scripted === 'function' ? scripted(request) : (scripted ?? fakeQuote(request));
      if (!isQuote(quoted)) {
        transport.payCalls.push({ request, options, quote: null, confirmed: false });
        return quoted;
      }
      const confirmed = await transport.confirmPay(quoted, request);
      transport.payCalls.push({ request, options, quote: quoted, confirmed });
      if (!confirmed) return notConfirmed();
      const reply = payReplies.get(request.action);
      if (!reply) return fail(404, { statusCode: 404, code: 'route.not_found', message: `No pay reply scripted for ${request.action}`, error: 'Not Found' });
      return (typeof reply === 'function' ? await reply(request) : reply) as TransportResult<T>;
    },
    mediaCalls: [],
    respondMedia(url, reply) {
      mediaReplies.set(url, reply);
    },
    media(url: string, signal?: AbortSignal) {
      transport.mediaCalls.push({ url, signal });
      return mediaReplies.has(url) ? Promise.resolve(mediaReplies.get(url)!) : url;
    },
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
  const relay = (event: string, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => void set.delete(listener);
  };

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
    // The test plays the server and sends what it likes (`serverEmit`); listeners take it as the contract's payload.
    on: (event, listener) => relay(event, listener as (payload: unknown) => void),
    relay,
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
