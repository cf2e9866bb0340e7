/**
 * Existing clients connect to the API address (namespace `/api`) with the token in the
 * handshake query (api-contract.md section 7): served like `/`, token for sockets only,
 * and in no log.
 */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../test/helpers.js';

const sockets: Socket[] = [];
const logged: string[] = [];
let t: TestApp;
let origin: string;

const open = (url: string, options: Parameters<typeof connect>[1]): Promise<Socket> => {
  const socket = connect(url, { path: '/socket.io', reconnection: false, forceNew: true, ...options });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
};
const nextEvent = <T>(socket: Socket, name: string) => new Promise<T>((resolve) => socket.once(name, resolve));

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t?.close());

describe('socket.io under the API address', () => {
  it('serves /api like /, with the token from the handshake query, over polling and websocket', async () => {
    t = await createTestApp({}, {}, { logger: { level: 'trace', stream: { write: (line: string) => void logged.push(line) } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const fan = await createUser(t.ctx);
    const token = await signIn(t.app, fan.email);
    for (const transports of [['polling'], ['websocket']] as const) {
      const socket = await open(`${origin}/api`, { transports: [...transports], query: { token } });
      const received = nextEvent<{ token: number }>(socket, 'update_balance');
      t.ctx.realtime.emitToUser(fan.id, 'update_balance', { token: 3, balance: 3 });
      expect(await received).toEqual({ token: 3, balance: 3 });
      // auth/login after a reconnect works there too.
      expect(await socket.emitWithAck('auth/login', { token })).toEqual({ ok: true });
    }
    // No log line carries the token, though the polling requests had it in their URL.
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((line) => line.includes(token))).toEqual([]);
  });

  it('takes a query token on /api only: our own namespace reads the auth payload alone', async () => {
    const fan = await createUser(t.ctx);
    const token = await signIn(t.app, fan.email);
    const plain = await open(origin, { transports: ['websocket'], query: { token } });
    let leaked = false;
    plain.on('update_balance', () => (leaked = true));
    t.ctx.realtime.addRoomPolicy('everyone-', async () => true);
    expect(await plain.emitWithAck('joinRoom', 'everyone-test')).toEqual({ ok: true });
    t.ctx.realtime.emitToUser(fan.id, 'update_balance', { token: 1, balance: 1 });
    // Sent after the user event: had that reached this socket, it would have come first.
    const marker = nextEvent(plain, 'public-room-changed');
    t.ctx.realtime.emitToRoom('everyone-test', 'public-room-changed', { streamId: 's', conversationId: 'c', viewerCount: 0 });
    await marker;
    expect(leaked).toBe(false);
  });

  it('delivers each user and room event once to a socket on / and once to one on /api', async () => {
    const fan = await createUser(t.ctx);
    const token = await signIn(t.app, fan.email);
    const ours = await open(origin, { transports: ['websocket'], auth: { token } });
    const theirs = await open(`${origin}/api`, { transports: ['websocket'], query: { token } });
    t.ctx.realtime.addRoomPolicy('both-', async () => true);
    const heard = new Map<Socket, string[]>([
      [ours, []],
      [theirs, []],
    ]);
    for (const [socket, events] of heard) {
      expect(await socket.emitWithAck('joinRoom', 'both-room')).toEqual({ ok: true });
      for (const name of ['update_balance', 'public-room-changed', 'payment_status_callback']) socket.on(name, () => events.push(name));
    }
    const presence = { streamId: 's', conversationId: 'c', viewerCount: 2 };
    t.ctx.realtime.emitToUser(fan.id, 'update_balance', { token: 1, balance: 1 });
    t.ctx.realtime.emitToRoom('both-room', 'public-room-changed', presence);
    // Sent last to the user: once both sockets have it, a second copy of the others would have come before.
    const done = [ours, theirs].map((socket) => nextEvent(socket, 'payment_status_callback'));
    t.ctx.realtime.emitToUser(fan.id, 'payment_status_callback', { redirectUrl: '/' });
    await Promise.all(done);
    for (const events of heard.values()) expect(events).toEqual(['update_balance', 'public-room-changed', 'payment_status_callback']);
  });

  it('never reads a token from an HTTP URL', async () => {
    const fan = await createUser(t.ctx);
    const token = await signIn(t.app, fan.email);
    const res = await fetch(`${origin}/api/users/me?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(401);
  });
});
