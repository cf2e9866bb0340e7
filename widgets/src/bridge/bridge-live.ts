/**
 * The live connection of a third-party page, held by the bridge: the same socket.io
 * connection the host site uses (live/live-connection.ts: token in the handshake's auth
 * payload, `auth/login` on every connect, the spec's reconnection), reading the token the
 * bridge holds. The page subscribes to event names and gets their payloads forwarded; it
 * never sees the socket or the token.
 */
import { CLIENT_EVENTS } from '@fandeck/contract';
import type { LiveConnection } from '../live/live-connection.js';
import { LIVE_EVENTS } from '../live/live-options.js';
import type { LiveStatus } from '../session/transport.js';
import type { BridgeCredential } from './bridge-credential.js';
import { redact } from './bridge-policy.js';
import type { PageScope } from './bridge-scope.js';

/**
 * Events a page may not send: they carry or end the credential, or (a stream chat message) would
 * write as the fan past the page scope the HTTP route checks, so a page writes through that route.
 */
const RESERVED_EVENTS = new Set<string>([LIVE_EVENTS.login, LIVE_EVENTS.logout, CLIENT_EVENTS.streamChatSend, 'connect', 'disconnect', 'connect_error']);

export interface LiveSink {
  status(status: LiveStatus): void;
  event(event: string, payload: unknown): void;
}

export class BridgeLive {
  private connection: LiveConnection | null = null;
  /** The connection code on its way (fetched only when a page opens the live channel); null once there or closed. */
  private opening: Promise<void> | null = null;
  /** Event names the page listens to, with the unsubscribe of the open connection's listener. */
  private readonly forwarded = new Map<string, (() => void) | null>();
  /** Rooms the page asked for before the scope knew them (the join's answer may come after): joined once it does. */
  private readonly waiting = new Set<string>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly platformOrigin: string,
    private readonly credential: BridgeCredential,
    private readonly sink: LiveSink,
    /** What the page was shown: only those conversations' events reach it (bridge-scope.ts). */
    private readonly scope: PageScope,
  ) {
    // A sign-in or sign-out while connected re-authenticates the open socket.
    this.unsubscribe = credential.onChange(() => {
      const connection = this.connection;
      if (!connection || connection.status !== 'connected') return;
      const token = credential.token;
      if (token) connection.emit(LIVE_EVENTS.login, { token });
      else connection.emit(LIVE_EVENTS.logout);
    });
  }

  open(): void {
    if (this.connection || this.opening) return;
    // socket.io-client comes with this import: a signed-out page never opens the channel, so never fetches it.
    const opening = import('../live/live-connection.js').then(({ createLiveConnection }) => {
      // Closed while the code was on its way.
      if (this.opening !== opening) return;
      this.opening = null;
      const connection = createLiveConnection({ origin: this.platformOrigin, getToken: () => this.credential.token ?? undefined });
      this.connection = connection;
      connection.onStatus((status) => this.sink.status(status));
      for (const event of this.forwarded.keys()) this.forwarded.set(event, this.listen(connection, event));
    });
    this.opening = opening;
  }

  close(): void {
    this.opening = null;
    if (!this.connection) return;
    this.connection.close();
    this.connection = null;
    this.forwarded.clear();
    this.waiting.clear();
    this.sink.status('disconnect');
  }

  on(event: string): void {
    if (RESERVED_EVENTS.has(event) || this.forwarded.has(event)) return;
    this.forwarded.set(event, this.connection ? this.listen(this.connection, event) : null);
  }

  off(event: string): void {
    if (!this.forwarded.has(event)) return;
    this.forwarded.get(event)?.();
    this.forwarded.delete(event);
  }

  emit(event: string, payload: unknown): void {
    if (RESERVED_EVENTS.has(event)) return;
    // A join spelt as a plain emit is still a join.
    if (event === LIVE_EVENTS.joinRoom && (typeof payload !== 'string' || !this.scope.mayJoin(payload))) return;
    this.connection?.emit(event, payload);
  }

  joinRoom(room: string): void {
    if (!this.scope.mayJoin(room)) {
      this.waiting.add(room);
      return;
    }
    this.connection?.joinRoom(room);
  }

  leaveRoom(room: string): void {
    this.waiting.delete(room);
    this.connection?.leaveRoom(room);
  }

  /** The scope learnt from an answer: a room the page asked for and may now hear is joined. */
  scopeGrew(): void {
    for (const room of this.waiting) {
      if (!this.scope.mayJoin(room)) continue;
      this.waiting.delete(room);
      this.connection?.joinRoom(room);
    }
  }

  dispose(): void {
    this.unsubscribe();
    this.close();
  }

  private listen(connection: LiveConnection, event: string): () => void {
    return connection.relay(event, (payload) => {
      const allowed = this.scope.filter(event, payload);
      if (allowed) this.sink.event(event, redact(allowed.payload, this.credential.token));
    });
  }
}
