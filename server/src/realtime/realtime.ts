import type { Server as HttpServer } from 'node:http';
import type { ServerEventName, ServerEvents } from '@fandeck/contract';
import { Server, type Namespace, type Socket } from 'socket.io';

/** Who may join which room is decided here, never by the client's say-so (contract section 3). */
export type RoomPolicy = (userId: string | null, room: string) => Promise<boolean>;
/** Told when a socket enters a room its policy let it join, and when it leaves it (leaveRoom or its disconnect). */
export interface RoomPresence {
  joined(userId: string | null, room: string): void;
  left(userId: string | null, room: string): void;
}
/** Who a token belongs to, and which token it is (its sockets end when it is revoked). */
export type TokenResolver = (token: string) => Promise<{ userId: string; tokenId?: string } | null>;

/**
 * What a client event handler may do on the socket that sent the event: enter and leave rooms
 * by the same path as `joinRoom` and `leaveRoom` (the room's policy decides, presence is told).
 */
export interface ClientSocketContext {
  /** Joins the room if its policy lets this socket's user in now; true when in. */
  join(room: string): Promise<boolean>;
  leave(room: string): Promise<void>;
}

/**
 * Serves one client event for a domain: `userId` is null when the socket is not signed in; the
 * answer goes to the ack. `socket` lets the handler join or leave rooms for this socket.
 */
export type ClientEventHandler = (userId: string | null, payload: unknown, socket: ClientSocketContext) => Promise<unknown>;

/** Serves an event another server process sent (`serverSideEmit`); the answer goes back to it. */
export type ServerEventHandler = (payload: unknown) => Promise<unknown>;

/** How long `serverSideEmit` waits for the other processes' answers (the Redis adapter's request timeout). */
export const SERVER_EVENT_TIMEOUT_MS = 10_000;

export interface Realtime {
  /** Sends a contract event (`ServerEvents`) to every socket of the user; the payload must be the one the contract declares. */
  emitToUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEvents[E]): void;
  /** Sends a contract event to every socket in the room; typed like `emitToUser`. */
  emitToRoom<E extends ServerEventName>(room: string, event: E, payload: ServerEvents[E]): void;
  addRoomPolicy(prefix: string, policy: RoomPolicy, presence?: RoomPresence): void;
  attach(server: HttpServer, resolveToken: TokenResolver): Promise<Server>;
  /** A domain serves this client event on every socket; the handler checks who may do what. Optional: test doubles may lack it. */
  onClientEvent?(name: string, handler: ClientEventHandler): void;
  /**
   * Sends an event to every other server process (through Redis) and resolves with the answers
   * that came within `SERVER_EVENT_TIMEOUT_MS`, one per process that answered in time. One
   * process (no Redis) has no others: `[]`. Optional: test doubles may lack it.
   */
  serverSideEmit?(event: string, payload: unknown): Promise<unknown[]>;
  /** Serves an event other processes send with `serverSideEmit`. Optional: test doubles may lack it. */
  onServerEvent?(name: string, handler: ServerEventHandler): void;
  /** Disconnects at once every socket signed in with this token (logout), on every process. */
  disconnectToken(tokenId: string): void;
  /** Disconnects at once every socket of this user (all tokens revoked: a password change or reset). */
  disconnectUser(userId: string): void;
  close(): Promise<void>;
}

export const userRoom = (userId: string) => `user:${userId}`;
/** Existing clients connect to the API's address, so socket.io sees this namespace; it is served like `/`. */
export const API_NAMESPACE = '/api';
/** Server-only room of the sockets signed in with one token; no client may join it (no policy). */
const tokenRoom = (tokenId: string) => `token:${tokenId}`;

export interface RealtimeOptions {
  /** With a Redis URL, events reach sockets connected to any server process. */
  redisUrl?: string | undefined;
}

export function createRealtime(options: RealtimeOptions = {}): Realtime {
  let io: Server | null = null;
  let redisClients: { quit(): Promise<unknown> }[] = [];
  const policies = new Map<string, RoomPolicy>();
  const presences = new Map<string, RoomPresence>();
  const clientEvents = new Map<string, ClientEventHandler>();
  const serverEvents = new Map<string, ServerEventHandler>();
  const presenceOf = (room: string) => [...presences].find(([prefix]) => room.startsWith(prefix))?.[1];

  async function mayJoin(userId: string | null, room: string): Promise<boolean> {
    for (const [prefix, policy] of policies) if (room.startsWith(prefix)) return policy(userId, room);
    return false;
  }

  type Ack = ((answer: { ok: boolean }) => void) | undefined;

  /**
   * The namespaces clients use: `/` (our clients) and `/api` (clients that connect to the API
   * address). Each socket is in one namespace and its rooms, so it hears an event once; each
   * namespace is one broadcast. Alone (no Redis) a namespace with no socket here has no one to
   * reach and is skipped; with Redis another process may hold its sockets, so both go out.
   */
  function everywhere(act: (space: Namespace) => void): void {
    if (!io) return;
    for (const space of [io.of('/'), io.of(API_NAMESPACE)]) {
      if (redisClients.length === 0 && space.sockets.size === 0) continue;
      act(space);
    }
  }

  function bind(socket: Socket, resolveToken: TokenResolver) {
    // The handshake token was resolved by the middleware, so the room is joined before any event.
    const data = socket.data as { userId?: string; tokenId?: string };
    let userId: string | null = data.userId ?? null;
    let tokenId: string | null = data.tokenId ?? null;
    if (userId) void socket.join(userRoom(userId));
    if (tokenId) void socket.join(tokenRoom(tokenId));

    socket.on('auth/login', async (payload: { token?: unknown } | undefined, ack: Ack) => {
      const token = payload?.token;
      const found = typeof token === 'string' && token.length > 0 && token.length <= 512 ? await resolveToken(token).catch(() => null) : null;
      if (userId && userId !== found?.userId) await socket.leave(userRoom(userId));
      if (tokenId && tokenId !== found?.tokenId) await socket.leave(tokenRoom(tokenId));
      userId = found?.userId ?? null;
      tokenId = found?.tokenId ?? null;
      if (userId) await socket.join(userRoom(userId));
      if (tokenId) await socket.join(tokenRoom(tokenId));
      if (typeof ack === 'function') ack({ ok: userId !== null });
    });
    socket.on('auth/logout', async (ack: Ack) => {
      if (userId) await socket.leave(userRoom(userId));
      if (tokenId) await socket.leave(tokenRoom(tokenId));
      userId = null;
      tokenId = null;
      if (typeof ack === 'function') ack({ ok: true });
    });
    // Rooms with presence this socket is in, and who it was when it joined.
    const present = new Map<string, string | null>();
    // The one path into a room, for joinRoom and for domain handlers alike.
    const enter = async (room: unknown): Promise<boolean> => {
      if (typeof room !== 'string' || room.length > 200) return false;
      if (!(await mayJoin(userId, room).catch(() => false))) return false;
      // Gone while the policy was asked: its disconnect already told presence all it will.
      if (socket.disconnected) return false;
      await socket.join(room);
      const presence = presenceOf(room);
      if (presence && !present.has(room)) {
        present.set(room, userId);
        presence.joined(userId, room);
      }
      return true;
    };
    const leftRoom = (room: string) => {
      if (!present.has(room)) return;
      const who = present.get(room) ?? null;
      present.delete(room);
      presenceOf(room)?.left(who, room);
    };
    const exit = async (room: unknown): Promise<void> => {
      if (typeof room !== 'string') return;
      await socket.leave(room);
      leftRoom(room);
    };
    const context: ClientSocketContext = { join: enter, leave: exit };
    socket.on('joinRoom', async (room: unknown, ack: Ack) => {
      const allowed = await enter(room);
      if (typeof ack === 'function') ack({ ok: allowed });
    });
    socket.on('leaveRoom', async (room: unknown, ack: Ack) => {
      await exit(room);
      if (typeof ack === 'function') ack({ ok: true });
    });
    socket.on('disconnect', () => [...present.keys()].forEach(leftRoom));
    for (const [name, handler] of clientEvents) {
      socket.on(name, (...args: unknown[]) => {
        // An event sent without a payload has its ack first.
        const ack = args[args.length - 1];
        const payload = args.length > 1 || typeof args[0] !== 'function' ? args[0] : undefined;
        void Promise.resolve()
          .then(() => handler(userId, payload, context))
          .catch(() => ({ ok: false }))
          .then((answer) => {
            if (typeof ack === 'function') (ack as (a: unknown) => void)(answer);
          });
      });
    }
  }

  function serveServerEvent(server: Server, name: string, handler: ServerEventHandler): void {
    server.of('/').on(name, (...args: unknown[]) => {
      const ack = args[args.length - 1];
      const payload = args.length > 1 ? args[0] : undefined;
      void Promise.resolve()
        .then(() => handler(payload))
        .catch(() => null)
        .then((answer) => {
          if (typeof ack === 'function') (ack as (a: unknown) => void)(answer ?? null);
        });
    });
  }

  return {
    emitToUser: (userId, event, payload) => everywhere((space) => space.to(userRoom(userId)).emit(event, payload)),
    emitToRoom: (room, event, payload) => everywhere((space) => space.to(room).emit(event, payload)),
    addRoomPolicy: (prefix, policy, presence) => {
      policies.set(prefix, policy);
      if (presence) presences.set(prefix, presence);
    },
    onClientEvent: (name, handler) => {
      clientEvents.set(name, handler);
    },
    serverSideEmit: (event, payload) =>
      new Promise<unknown[]>((resolve) => {
        // socket.io's in-memory adapter never acks a server-side event: with one process there is no one to ask.
        if (!io || redisClients.length === 0) return resolve([]);
        io.of('/').serverSideEmit(event, payload, (_error: Error | null, responses: unknown[] | undefined) => resolve(responses ?? []));
      }),
    onServerEvent: (name, handler) => {
      serverEvents.set(name, handler);
      if (io) serveServerEvent(io, name, handler);
    },
    disconnectToken: (tokenId) => everywhere((space) => space.in(tokenRoom(tokenId)).disconnectSockets(true)),
    disconnectUser: (userId) => everywhere((space) => space.in(userRoom(userId)).disconnectSockets(true)),
    async attach(server, resolveToken) {
      io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      if (options.redisUrl) {
        // Loaded only when configured: the embedded default never pays for the Redis client.
        const [{ createAdapter }, { createClient }] = await Promise.all([import('@socket.io/redis-adapter'), import('redis')]);
        const pub = createClient({ url: options.redisUrl });
        const sub = pub.duplicate();
        await Promise.all([pub.connect(), sub.connect()]);
        redisClients = [pub, sub];
        io.adapter(createAdapter(pub, sub, { requestsTimeout: SERVER_EVENT_TIMEOUT_MS }));
      }
      for (const [name, handler] of serverEvents) serveServerEvent(io, name, handler);
      // The token comes in the handshake's auth payload or the auth/login event, never the URL;
      // on the `/api` namespace also in the handshake query, as existing clients send it
      // (sockets only: HTTP never reads a token from a URL). socket.io's requests never reach
      // Fastify's logger, and nothing here logs a handshake, so the token is in no log.
      const authenticate = (acceptQuery: boolean) => (socket: Socket, next: (error?: Error) => void) => {
        const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
        const fromQuery = acceptQuery ? (socket.handshake.query as { token?: unknown }).token : undefined;
        const token = typeof fromAuth === 'string' && fromAuth ? fromAuth : fromQuery;
        if (typeof token !== 'string' || token.length === 0 || token.length > 512) return next();
        resolveToken(token)
          .then((found) => {
            if (found) Object.assign(socket.data as object, { userId: found.userId, tokenId: found.tokenId });
            next();
          })
          .catch(() => next());
      };
      io.use(authenticate(false));
      io.on('connection', (socket) => bind(socket, resolveToken));
      const api = io.of(API_NAMESPACE);
      api.use(authenticate(true));
      api.on('connection', (socket) => bind(socket, resolveToken));
      return io;
    },
    async close() {
      // The HTTP server belongs to Fastify, which closes it; only our side is shut here.
      // Closing the transports (not a server "disconnect") lets clients reconnect to the next process.
      if (io) io.engine.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
      redisClients = [];
      io = null;
    },
  };
}
