/**
 * How the session reaches the platform. Same origin (the host site) uses the network
 * directly; a third-party page uses the bridge iframe on the platform origin, which holds
 * the credential. Models only ever talk to a Transport, so they run unchanged in both.
 */
import type { HttpMethod, PayRequest, Query, ServerEventName, ServerEvents } from '@fandeck/contract';

export type { HttpMethod, PayQuote, PayRequest, Query, QueryValue } from '@fandeck/contract';

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Data-list fetches never retry (spec section 8); the default is no retry at all. */
  retry?: number;
}

export interface UploadOptions {
  /** Fields and files of the multipart body. */
  form: FormData;
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number) => void;
}

/** The answer of a call: the envelope's `data`, or the error as the server sent it. */
export type TransportResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; body: unknown };

export type LiveStatus = 'initialized' | 'connected' | 'disconnect' | 'reconnecting' | 'failed';

export interface LiveChannel {
  /**
   * Subscribes to a server event of the contract (`ServerEvents`); the listener gets the payload
   * the contract declares for it. Returns the unsubscribe function.
   */
  on<E extends ServerEventName>(event: E, listener: (payload: ServerEvents[E]) => void): () => void;
  emit(event: string, payload?: unknown): void;
  /**
   * Sends an event and resolves with the server's ack (rejects after `timeoutMs`, default
   * 10 s, or when the connection closes). Only the platform's own pages have it: a partner
   * page's channel goes through the bridge, which relays no acked events.
   */
  ask?(event: string, payload: unknown, timeoutMs?: number): Promise<unknown>;
  joinRoom(room: string): void;
  leaveRoom(room: string): void;
  /** Calls the listener with the current status at once, then on every change. */
  onStatus(listener: (status: LiveStatus) => void): () => void;
}

/** Options of a `pay` call. */
export interface PayOptions {
  signal?: AbortSignal;
}

export interface Transport {
  readonly kind: 'direct' | 'bridge';
  /** The platform origin, e.g. `http://localhost:8080`. */
  readonly origin: string;
  /** `path` is the API path without the `/api` prefix, e.g. `/users/me` (spec section 7). */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<TransportResult<T>>;
  upload<T>(path: string, options: UploadOptions): Promise<TransportResult<T>>;
  /** Signs in; the credential stays inside the transport (a cookie, or the bridge). */
  login(credentials: { username: string; password: string; remember?: boolean }): Promise<TransportResult<{ token?: string }>>;
  logout(): Promise<void>;
  /**
   * Drops the credential locally without calling the server: after a 401/403 the token is
   * already worthless (spec section 8). Optional; without it the session calls `logout`.
   */
  clearCredential?(): void;
  /** True when a credential is held (the token itself is never exposed by a bridge). */
  hasCredential(): boolean;
  /** Opens the live connection while signed in; closed by `close`. */
  live(): LiveChannel;
  closeLive(): void;
  /**
   * Runs one money action (contract `moneyActions`) exactly as declared: the transport
   * asks the server for the quote of this request, has the fan confirm that quote (the
   * platform's own dialog, bridge/confirm-dialog.ts: inside the bridge on a third-party page,
   * over the page on the platform's site), then sends this same request with the quote and the Idempotency-Key.
   * A fan who says no answers `{ ok: false, status: -1, body: { code: 'bridge.not_confirmed' } }`.
   */
  pay<T>(request: PayRequest, options?: PayOptions): Promise<TransportResult<T>>;
  /**
   * A media link the platform signed for the fan (`media.file`: served only with the
   * fan's session), as this page can show it. The link itself when the page loads it with
   * the session (the platform's own origin: the cookie goes along), and for any link that
   * is not a platform media link; else (a third-party page) the file's bytes, which the
   * bridge fetched with the credential, or null when they could not be had (refused,
   * unreachable, aborted). `useMediaUrl` (ui/use-media-url.ts) turns either into a src.
   */
  media(url: string, signal?: AbortSignal): string | Promise<Blob | null>;
  /** Credential changes made elsewhere (another tab, the sign-in popup). */
  onCredentialChange(listener: (hasCredential: boolean) => void): () => void;
}
