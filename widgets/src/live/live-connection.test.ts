import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveStatus } from '../session/transport.js';
import { createLiveConnection, type LiveConnection } from './live-connection.js';
import type { Socket, SocketFactory } from './socket-client.js';

type Handler = (...args: unknown[]) => void;

/** Just enough of a socket.io Socket for the connection: the test plays the server. */
class FakeSocket {
  readonly handlers = new Map<string, Set<Handler>>();
  readonly managerHandlers = new Map<string, Set<Handler>>();
  readonly emitted: { event: string; args: unknown[] }[] = [];
  connected = false;
  disconnected = false;
  readonly io = {
    on: (event: string, handler: Handler) => add(this.managerHandlers, event, handler),
    removeAllListeners: () => this.managerHandlers.clear(),
  };

  constructor(
    readonly uri: string,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, handler: Handler) {
    add(this.handlers, event, handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }

  serverConnect(): void {
    this.connected = true;
    this.fire('connect');
  }
  fire(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
  listenerCount(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }
}

function add(map: Map<string, Set<Handler>>, event: string, handler: Handler): void {
  map.set(event, new Set([...(map.get(event) ?? []), handler]));
}

/** A loader the test resolves or rejects, recording every socket the connection creates. */
function controlledLoader() {
  const sockets: FakeSocket[] = [];
  const io: SocketFactory = (uri, options) => {
    const socket = new FakeSocket(uri, options as Record<string, unknown>);
    sockets.push(socket);
    return socket as unknown as Socket;
  };
  const attempts: { resolve: (io: SocketFactory) => void; reject: (error: Error) => void }[] = [];
  const loadClient = () => new Promise<SocketFactory>((resolve, reject) => attempts.push({ resolve, reject }));
  return { sockets, attempts, loadClient, io };
}

let connection: LiveConnection | undefined;

afterEach(() => {
  connection?.close();
  connection = undefined;
  vi.useRealTimers();
});

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('createLiveConnection: socket.io-client loaded on first open', () => {
  it('stays initialized while the client loads, then connects with the token and replays what waited', async () => {
    const loader = controlledLoader();
    connection = createLiveConnection({ origin: 'http://platform.test', getToken: () => 'tok-1', loadClient: loader.loadClient });
    const statuses: LiveStatus[] = [];
    connection.onStatus((status) => statuses.push(status));
    const received: unknown[] = [];
    connection.on('update_balance', (payload) => received.push(payload));
    connection.emit('typing', { room: 'c:1' });
    connection.joinRoom('c:1');

    expect(loader.attempts).toHaveLength(1);
    expect(loader.sockets).toHaveLength(0);
    expect(connection.status).toBe('initialized');

    loader.attempts[0]?.resolve(loader.io);
    await settle();
    const socket = loader.sockets[0];
    if (!socket) throw new Error('no socket was created');
    expect(socket.uri).toBe('http://platform.test');
    expect(socket.options).toMatchObject({ path: '/socket.io', transports: ['websocket', 'polling'], forceNew: true });
    // The token goes in the handshake's auth payload, never in the URL.
    let auth: unknown;
    (socket.options.auth as (send: (data: object) => void) => void)((data) => (auth = data));
    expect(auth).toEqual({ token: 'tok-1' });
    expect(socket.listenerCount('update_balance')).toBe(1);
    // Emits waited for the socket; a room join while not connected is dropped, as before.
    expect(socket.emitted).toEqual([{ event: 'typing', args: [{ room: 'c:1' }] }]);
    expect(connection.status).toBe('initialized');

    socket.serverConnect();
    expect(socket.emitted.at(-1)).toEqual({ event: 'auth/login', args: [{ token: 'tok-1' }] });
    socket.fire('update_balance', { token: 5, balance: 25 });
    expect(received).toEqual([{ token: 5, balance: 25 }]);
    expect(statuses).toEqual(['initialized', 'connected']);
  });

  it('ask: the server\'s ack answers, also for an ask made while the client loaded; no ack rejects after the timeout', async () => {
    const loader = controlledLoader();
    connection = createLiveConnection({ origin: 'http://platform.test', getToken: () => 'tok-1', loadClient: loader.loadClient });
    const early = connection.ask?.('private-call/offer', { streamId: 's1', sdp: 'v=0' });
    loader.attempts[0]?.resolve(loader.io);
    await settle();
    const socket = loader.sockets[0]!;
    const sent = socket.emitted.find((e) => e.event === 'private-call/offer')!;
    expect(sent.args[0]).toEqual({ streamId: 's1', sdp: 'v=0' });
    (sent.args[1] as (answer: unknown) => void)({ ok: true, sdp: 'answer' });
    await expect(early).resolves.toEqual({ ok: true, sdp: 'answer' });

    vi.useFakeTimers();
    const unanswered = connection.ask?.('private-call/leave', { streamId: 's1' }, 500);
    const outcome = expect(unanswered).rejects.toThrow('No answer to private-call/leave');
    vi.advanceTimersByTime(501);
    await outcome;
  });

  it('a listener removed before the client arrived is never attached', async () => {
    const loader = controlledLoader();
    connection = createLiveConnection({ origin: 'http://platform.test', getToken: () => undefined, loadClient: loader.loadClient });
    const off = connection.on('message_created', () => undefined);
    off();
    loader.attempts[0]?.resolve(loader.io);
    await settle();
    expect(loader.sockets[0]?.listenerCount('message_created')).toBe(0);
  });

  it('closed while loading: no socket is ever opened and the status is disconnect', async () => {
    const loader = controlledLoader();
    connection = createLiveConnection({ origin: 'http://platform.test', getToken: () => 'tok-1', loadClient: loader.loadClient });
    connection.emit('typing');
    connection.close();
    expect(connection.status).toBe('disconnect');
    loader.attempts[0]?.resolve(loader.io);
    await settle();
    expect(loader.sockets).toHaveLength(0);
  });

  it('a failed fetch fails the connection, then retries on the reconnection delays', async () => {
    vi.useFakeTimers();
    const loader = controlledLoader();
    connection = createLiveConnection({ origin: 'http://platform.test', getToken: () => 'tok-1', loadClient: loader.loadClient });
    const statuses: LiveStatus[] = [];
    connection.onStatus((status) => statuses.push(status));

    loader.attempts[0]?.reject(new Error('chunk unreachable'));
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.status).toBe('failed');
    await vi.advanceTimersByTimeAsync(999);
    expect(loader.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loader.attempts).toHaveLength(2);
    expect(connection.status).toBe('reconnecting');

    // The second failure waits twice as long and stays "reconnecting" (no flicker to failed).
    loader.attempts[1]?.reject(new Error('still unreachable'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(loader.attempts).toHaveLength(2);
    expect(connection.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(loader.attempts).toHaveLength(3);

    loader.attempts[2]?.resolve(loader.io);
    await vi.advanceTimersByTimeAsync(0);
    loader.sockets[0]?.serverConnect();
    expect(statuses).toEqual(['initialized', 'failed', 'reconnecting', 'connected']);
  });

  it('reconnects itself after a server-side disconnect, which socket.io-client never retries', async () => {
    vi.useFakeTimers();
    const loader = controlledLoader();
    connection = createLiveConnection({ origin: 'http://platform.test', getToken: () => 'tok-1', loadClient: loader.loadClient });
    loader.attempts[0]?.resolve(loader.io);
    await vi.advanceTimersByTimeAsync(0);
    const socket = loader.sockets[0];
    if (!socket) throw new Error('no socket was created');
    const connect = vi.spyOn(socket, 'connect');
    socket.serverConnect();
    socket.connected = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(connection.status).toBe('disconnect');
    await vi.advanceTimersByTimeAsync(1000);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(connection.status).toBe('reconnecting');
  });
});
