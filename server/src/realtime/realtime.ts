import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';

/** Who may join which room is decided here, never by the client's say-so (contract section 3). */
export type RoomPolicy = (userId: string | null, room: string) => Promise<boolean>;
export type TokenResolver = (token: string) => Promise<{ userId: string } | null>;

export interface Realtime {
  emitToUser(userId: string, event: string, payload: unknown): void;
  emitToRoom(room: string, event: string, payload: unknown): void;
  addRoomPolicy(prefix: string, policy: RoomPolicy): void;
  attach(server: HttpServer, resolveToken: TokenResolver): Server;
  close(): Promise<void>;
}

export const userRoom = (userId: string) => `user:${userId}`;

export function createRealtime(): Realtime {
  let io: Server | null = null;
  const policies = new Map<string, RoomPolicy>();

  async function mayJoin(userId: string | null, room: string): Promise<boolean> {
    for (const [prefix, policy] of policies) if (room.startsWith(prefix)) return policy(userId, room);
    return false;
  }

  function bind(socket: Socket, resolveToken: TokenResolver) {
    let userId: string | null = null;
    const login = async (token: unknown) => {
      if (typeof token !== 'string' || token.length === 0 || token.length > 512) return;
      const found = await resolveToken(token);
      if (userId && userId !== found?.userId) await socket.leave(userRoom(userId));
      userId = found?.userId ?? null;
      if (userId) await socket.join(userRoom(userId));
    };
    // The token comes in the handshake's auth payload or the auth/login event, never the URL.
    const handshakeToken = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    void login(handshakeToken).catch(() => undefined);
    socket.on('auth/login', (payload: { token?: unknown } | undefined) => void login(payload?.token).catch(() => undefined));
    socket.on('auth/logout', async () => {
      if (userId) await socket.leave(userRoom(userId));
      userId = null;
    });
    socket.on('joinRoom', async (room: unknown) => {
      if (typeof room !== 'string' || room.length > 200) return;
      if (await mayJoin(userId, room).catch(() => false)) await socket.join(room);
    });
    socket.on('leaveRoom', async (room: unknown) => {
      if (typeof room === 'string') await socket.leave(room);
    });
  }

  return {
    emitToUser: (userId, event, payload) => io?.to(userRoom(userId)).emit(event, payload),
    emitToRoom: (room, event, payload) => io?.to(room).emit(event, payload),
    addRoomPolicy: (prefix, policy) => void policies.set(prefix, policy),
    attach(server, resolveToken) {
      io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      io.on('connection', (socket) => bind(socket, resolveToken));
      return io;
    },
    async close() {
      if (io) await io.close();
      io = null;
    },
  };
}
