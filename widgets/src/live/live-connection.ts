import type { LiveChannel, LiveStatus } from '../session/transport.js';
import { LIVE_EVENTS, LIVE_RECONNECTION, LIVE_SOCKET_PATH, LIVE_TRANSPORTS } from './live-options.js';
import { initialLiveState, nextLiveState, type LiveEvent, type LiveState } from './live-status.js';
import { loadSocketClient, type Socket, type SocketClientLoader } from './socket-client.js';

export interface LiveConnectionOptions {
  /** The platform origin the socket connects to (the API endpoint). */
  origin: string;
  /** The stored token, read again on every (re)connection; the token never goes in a URL. */
  getToken: () => string | undefined;
  /** Default `/socket.io`. */
  path?: string;
  /** Where socket.io-client comes from; default a dynamic import (socket-client.ts). */
  loadClient?: SocketClientLoader;
}

/** A LiveChannel over socket.io-client, plus what its owner needs: the status and `close`. */
export interface LiveConnection extends LiveChannel {
  readonly status: LiveStatus;
  /**
   * `on` for a name known only at run time, its payload unread: the bridge relays the events
   * its page subscribed to by name. Everything that reads a payload uses the typed `on`.
   */
  relay(event: string, listener: (payload: unknown) => void): () => void;
  /** Ends the connection for good (logout); listeners are dropped. */
  close(): void;
}

/**
 * Opens the live connection (spec sections 4, 7 and 9). The token travels in the
 * handshake's auth payload (the server reads it there, never from the query string),
 * and `auth/login` is sent with the stored token on every connect, so a server that
 * restarted or lost the handshake learns who this socket is again after a reconnect.
 * Status follows the machine in live-status.ts. Room operations are sent only while
 * connected: the server forgets rooms when a connection drops, so joins are made again
 * on reconnect by their owners (see watchSocketEvent) rather than buffered.
 *
 * The connection is returned at once while socket.io-client is still being fetched: the
 * status stays `initialized` meanwhile, listeners and emits wait for the socket (emits
 * are buffered by socket.io until it connects anyway). A failed fetch counts as a failed
 * connection attempt and is retried on the reconnection delays.
 *
 * A server that shuts down gracefully (a restart, a deploy) disconnects every socket
 * itself, and socket.io-client never reconnects after a server-side disconnect. While
 * the page still wants the connection, this one does, after the same delays as
 * socket.io's own reconnection (1 s doubling to 10 s), so a restart looks like any
 * other dropped connection: disconnect, reconnecting, connected.
 */
export function createLiveConnection(options: LiveConnectionOptions): LiveConnection {
  let state: LiveState = initialLiveState;
  const statusListeners = new Set<(status: LiveStatus) => void>();
  let socket: Socket | null = null;
  const waiting: ((socket: Socket) => void)[] = [];
  let closed = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stableTimer: ReturnType<typeof setTimeout> | undefined;

  function apply(event: LiveEvent): void {
    const next = nextLiveState(state, event);
    const changed = next.status !== state.status;
    state = next;
    if (!changed) return;
    for (const listener of [...statusListeners]) listener(next.status);
  }

  /** Runs `use` with the socket now, or once it exists; never after `close`. */
  function withSocket(use: (socket: Socket) => void): void {
    if (socket) use(socket);
    else if (!closed) waiting.push(use);
  }

  // socket.io's own delays (1 s doubling to 10 s), for what socket.io does not retry itself.
  function retryAfterBackoff(attempt: () => void): void {
    const { reconnectionDelay, reconnectionDelayMax } = LIVE_RECONNECTION;
    const delay = Math.min(reconnectionDelay * 2 ** failures, reconnectionDelayMax);
    failures += 1;
    retryTimer = setTimeout(() => {
      if (closed) return;
      apply('reconnect_attempt');
      attempt();
    }, delay);
  }

  function open(): void {
    (options.loadClient ?? loadSocketClient)().then(
      (io) => {
        if (closed) return;
        failures = 0;
        socket = wire(io(options.origin, socketOptions(options)));
        for (const use of waiting.splice(0)) use(socket);
      },
      () => {
        if (closed) return;
        apply('connect_error');
        retryAfterBackoff(open);
      },
    );
  }

  function wire(live: Socket): Socket {
    // auth/login goes out before listeners hear "connected", so it precedes their room joins.
    live.on('connect', () => {
      const token = options.getToken();
      if (token) live.emit(LIVE_EVENTS.login, { token });
      apply('connect');
      // A connection that holds for a while resets the server-disconnect back-off.
      clearTimeout(stableTimer);
      stableTimer = setTimeout(() => (failures = 0), LIVE_RECONNECTION.reconnectionDelayMax);
    });
    live.on('disconnect', (reason) => {
      apply('disconnect');
      clearTimeout(stableTimer);
      if (reason === 'io server disconnect' && !closed) {
        retryAfterBackoff(() => {
          if (!live.connected) live.connect();
        });
      }
    });
    live.on('connect_error', () => apply('connect_error'));
    live.io.on('reconnect_attempt', () => apply('reconnect_attempt'));
    live.io.on('reconnect_error', () => apply('reconnect_error'));
    live.io.on('reconnect_failed', () => apply('reconnect_failed'));
    return live;
  }

  function relay(event: string, listener: (payload: unknown) => void): () => void {
    let attached: Socket | null = null;
    let dropped = false;
    withSocket((live) => {
      if (dropped) return;
      attached = live;
      live.on(event, listener);
    });
    return () => {
      dropped = true;
      attached?.off(event, listener);
    };
  }

  open();

  return {
    get status() {
      return state.status;
    },
    // The one place the wire meets the contract: the server's payloads are its `ServerEvents`.
    on: (event, listener) => relay(event, listener as (payload: unknown) => void),
    relay,
    emit(event, payload) {
      withSocket((live) => {
        if (payload === undefined) live.emit(event);
        else live.emit(event, payload);
      });
    },
    ask(event, payload, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        // One timer for the whole wait, the socket's fetch included, so a closed connection rejects too.
        const timer = setTimeout(() => reject(new Error(`No answer to ${event}`)), timeoutMs);
        withSocket((live) => {
          live.emit(event, payload, (answer: unknown) => {
            clearTimeout(timer);
            resolve(answer);
          });
        });
      });
    },
    joinRoom(room) {
      if (socket?.connected) socket.emit(LIVE_EVENTS.joinRoom, room);
    },
    leaveRoom(room) {
      if (socket?.connected) socket.emit(LIVE_EVENTS.leaveRoom, room);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      listener(state.status);
      return () => {
        statusListeners.delete(listener);
      };
    },
    close() {
      closed = true;
      waiting.length = 0;
      clearTimeout(retryTimer);
      clearTimeout(stableTimer);
      socket?.disconnect();
      apply('close');
      statusListeners.clear();
      socket?.removeAllListeners();
      socket?.io.removeAllListeners();
    },
  };
}

function socketOptions(options: LiveConnectionOptions) {
  return {
    path: options.path ?? LIVE_SOCKET_PATH,
    transports: [...LIVE_TRANSPORTS],
    // "Websocket, then polling": without this a failed websocket is never retried over polling.
    tryAllTransports: true,
    ...LIVE_RECONNECTION,
    // A connection of its own, so closing it never touches another socket on the page.
    forceNew: true,
    auth: (send: (data: object) => void) => {
      const token = options.getToken();
      send(token ? { token } : {});
    },
  };
}
