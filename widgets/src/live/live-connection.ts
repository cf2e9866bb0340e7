import { io, type Socket } from 'socket.io-client';
import type { LiveChannel, LiveStatus } from '../session/transport.js';
import { LIVE_EVENTS, LIVE_RECONNECTION, LIVE_SOCKET_PATH, LIVE_TRANSPORTS } from './live-options.js';
import { initialLiveState, nextLiveState, type LiveEvent, type LiveState } from './live-status.js';

export interface LiveConnectionOptions {
  /** The platform origin the socket connects to (the API endpoint). */
  origin: string;
  /** The stored token, read again on every (re)connection; the token never goes in a URL. */
  getToken: () => string | undefined;
  /** Default `/socket.io`. */
  path?: string;
}

/** A LiveChannel over socket.io-client, plus what its owner needs: the status and `close`. */
export interface LiveConnection extends LiveChannel {
  readonly status: LiveStatus;
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
 * A server that shuts down gracefully (a restart, a deploy) disconnects every socket
 * itself, and socket.io-client never reconnects after a server-side disconnect. While
 * the page still wants the connection, this one does, after the same delays as
 * socket.io's own reconnection (1 s doubling to 10 s), so a restart looks like any
 * other dropped connection: disconnect, reconnecting, connected.
 */
export function createLiveConnection(options: LiveConnectionOptions): LiveConnection {
  let state: LiveState = initialLiveState;
  const statusListeners = new Set<(status: LiveStatus) => void>();

  const socket: Socket = io(options.origin, {
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
  });

  function apply(event: LiveEvent): void {
    const next = nextLiveState(state, event);
    const changed = next.status !== state.status;
    state = next;
    if (!changed) return;
    for (const listener of [...statusListeners]) listener(next.status);
  }

  function sendLogin(): void {
    const token = options.getToken();
    if (token) socket.emit(LIVE_EVENTS.login, { token });
  }

  let closed = false;
  let serverDisconnects = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stableTimer: ReturnType<typeof setTimeout> | undefined;

  function reconnectAfterServerDisconnect(): void {
    const { reconnectionDelay, reconnectionDelayMax } = LIVE_RECONNECTION;
    const delay = Math.min(reconnectionDelay * 2 ** serverDisconnects, reconnectionDelayMax);
    serverDisconnects += 1;
    retryTimer = setTimeout(() => {
      if (closed || socket.connected) return;
      apply('reconnect_attempt');
      socket.connect();
    }, delay);
  }

  // auth/login goes out before listeners hear "connected", so it precedes their room joins.
  socket.on('connect', () => {
    sendLogin();
    apply('connect');
    // A connection that holds for a while resets the server-disconnect back-off.
    clearTimeout(stableTimer);
    stableTimer = setTimeout(() => (serverDisconnects = 0), LIVE_RECONNECTION.reconnectionDelayMax);
  });
  socket.on('disconnect', (reason) => {
    apply('disconnect');
    clearTimeout(stableTimer);
    if (reason === 'io server disconnect' && !closed) reconnectAfterServerDisconnect();
  });
  socket.on('connect_error', () => apply('connect_error'));
  socket.io.on('reconnect_attempt', () => apply('reconnect_attempt'));
  socket.io.on('reconnect_error', () => apply('reconnect_error'));
  socket.io.on('reconnect_failed', () => apply('reconnect_failed'));

  return {
    get status() {
      return state.status;
    },
    on(event, listener) {
      socket.on(event, listener);
      return () => {
        socket.off(event, listener);
      };
    },
    emit(event, payload) {
      if (payload === undefined) socket.emit(event);
      else socket.emit(event, payload);
    },
    joinRoom(room) {
      if (socket.connected) socket.emit(LIVE_EVENTS.joinRoom, room);
    },
    leaveRoom(room) {
      if (socket.connected) socket.emit(LIVE_EVENTS.leaveRoom, room);
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
      clearTimeout(retryTimer);
      clearTimeout(stableTimer);
      socket.disconnect();
      apply('close');
      statusListeners.clear();
      socket.removeAllListeners();
      socket.io.removeAllListeners();
    },
  };
}
