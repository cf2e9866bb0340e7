import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { lacks, services } from '../../test/tools.js';
import { testDatabaseKind } from '../../test/databases.js';
import { createTestApp, createUser, signIn, TEST_PASSWORD, type TestApp } from '../../test/helpers.js';

const sockets: Socket[] = [];
const apps: TestApp[] = [];

async function listening(env: Record<string, string> = {}) {
  const t = await createTestApp({}, env);
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, origin: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

function socketTo(origin: string, token?: string): Promise<Socket> {
  const socket = connect(origin, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const nextEvent = <T>(socket: Socket, name: string) => new Promise<T>((resolve) => socket.once(name, resolve));

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(async () => {
  for (const t of apps) await t.close();
});

/** A room event of the contract with a recognisable payload. */
const presence = (viewerCount: number) => ({ streamId: 'stream-1', conversationId: 'conversation-1', viewerCount });

describe('live connection', () => {
  it('delivers a user event only to that user, with the token from the handshake payload', async () => {
    const { t, origin } = await listening();
    const fan = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const mine = await socketTo(origin, await signIn(t.app, fan.email));
    const theirs = await socketTo(origin, await signIn(t.app, other.email));
    let leaked = false;
    theirs.on('update_balance', () => (leaked = true));
    const received = nextEvent<{ token: number }>(mine, 'update_balance');
    t.ctx.realtime.emitToUser(fan.id, 'update_balance', { token: 12.5, balance: 12.5 });
    expect(await received).toEqual({ token: 12.5, balance: 12.5 });
    // theirs got a later event, so had the first one leaked it would have arrived before.
    const later = nextEvent(theirs, 'payment_status_callback');
    t.ctx.realtime.emitToUser(other.id, 'payment_status_callback', { redirectUrl: '/' });
    await later;
    expect(leaked).toBe(false);
  });

  it('signs in over auth/login, refuses a bad token, and refuses rooms no policy allows', async () => {
    const { t, origin } = await listening();
    const fan = await createUser(t.ctx);
    const socket = await socketTo(origin);
    expect(await socket.emitWithAck('auth/login', { token: 'not-a-token' })).toEqual({ ok: false });
    expect(await socket.emitWithAck('auth/login', { token: await signIn(t.app, fan.email) })).toEqual({ ok: true });
    expect(await socket.emitWithAck('joinRoom', `user:${fan.id}x`)).toEqual({ ok: false });
    t.ctx.realtime.addRoomPolicy('public:', async () => true);
    expect(await socket.emitWithAck('joinRoom', 'public:lobby')).toEqual({ ok: true });
    const event = nextEvent(socket, 'public-room-changed');
    t.ctx.realtime.emitToRoom('public:lobby', 'public-room-changed', presence(1));
    expect(await event).toEqual(presence(1));
  });

  it('lets a client event handler join and leave rooms through the same policy and presence as joinRoom', async () => {
    const { t, origin } = await listening();
    const fan = await createUser(t.ctx);
    const told: string[] = [];
    t.ctx.realtime.addRoomPolicy('club:', async (userId, room) => userId !== null && room === 'club:open', {
      joined: (userId, room) => void told.push(`joined ${userId} ${room}`),
      left: (userId, room) => void told.push(`left ${userId} ${room}`),
    });
    t.ctx.realtime.onClientEvent!('test/enter', async (_userId, payload, socket) => ({ ok: await socket.join(String(payload)) }));
    t.ctx.realtime.onClientEvent!('test/exit', async (_userId, payload, socket) => {
      await socket.leave(String(payload));
      return { ok: true };
    });
    const anonymous = await socketTo(origin);
    expect(await anonymous.emitWithAck('test/enter', 'club:open')).toEqual({ ok: false });
    const socket = await socketTo(origin, await signIn(t.app, fan.email));
    expect(await socket.emitWithAck('test/enter', 'club:closed')).toEqual({ ok: false });
    expect(await socket.emitWithAck('test/enter', `user:${fan.id}`)).toEqual({ ok: false });
    expect(await socket.emitWithAck('test/enter', 'club:open')).toEqual({ ok: true });
    // The room is really joined, and joinRoom after it counts once.
    const event = nextEvent(socket, 'public-room-changed');
    t.ctx.realtime.emitToRoom('club:open', 'public-room-changed', presence(2));
    expect(await event).toEqual(presence(2));
    expect(await socket.emitWithAck('joinRoom', 'club:open')).toEqual({ ok: true });
    expect(told).toEqual([`joined ${fan.id} club:open`]);
    expect(await socket.emitWithAck('test/exit', 'club:open')).toEqual({ ok: true });
    expect(await socket.emitWithAck('leaveRoom', 'club:open')).toEqual({ ok: true });
    expect(told).toEqual([`joined ${fan.id} club:open`, `left ${fan.id} club:open`]);
    // Joined by the handler, left by the disconnect.
    expect(await socket.emitWithAck('test/enter', 'club:open')).toEqual({ ok: true });
    socket.disconnect();
    await vi.waitFor(() => expect(told).toHaveLength(4));
    expect(told.slice(2)).toEqual([`joined ${fan.id} club:open`, `left ${fan.id} club:open`]);
  });

  // The production configuration's test: the postgres project runs it (so every test on the
  // shared Redis runs in one process, one file at a time), on CI's local Redis.
  it.skipIf(testDatabaseKind() !== 'postgres' || lacks({ Redis: services.Redis() }))('spreads events across two server processes through Redis', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL! };
    const one = await listening(env);
    const two = await listening(env);
    const fan = await createUser(one.t.ctx);
    const socket = await socketTo(two.origin, await signIn(two.t.app, fan.email));
    const received = nextEvent(socket, 'update_balance');
    one.t.ctx.realtime.emitToUser(fan.id, 'update_balance', { token: -10, balance: 5 });
    expect(await received).toEqual({ token: -10, balance: 5 });
  });
});

describe('revoked tokens', () => {
  it('disconnects the sockets of a token at once when it signs out, and leaves its other sessions connected', async () => {
    const { t, origin } = await listening();
    const fan = await createUser(t.ctx);
    const leaving = await signIn(t.app, fan.email);
    const staying = await signIn(t.app, fan.email);
    const [gone, kept, viaEvent] = await Promise.all([socketTo(origin, leaving), socketTo(origin, staying), socketTo(origin)]);
    // A token given over auth/login counts the same as one in the handshake.
    expect(await viaEvent.emitWithAck('auth/login', { token: leaving })).toEqual({ ok: true });
    const dropped = Promise.all([nextEvent<string>(gone, 'disconnect'), nextEvent<string>(viaEvent, 'disconnect')]);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: leaving } });
    expect(out.statusCode).toBe(200);
    expect(await dropped).toEqual(['io server disconnect', 'io server disconnect']);
    // The other session still gets its events.
    const received = nextEvent<{ token: number }>(kept, 'update_balance');
    t.ctx.realtime.emitToUser(fan.id, 'update_balance', { token: 1, balance: 1 });
    expect(await received).toEqual({ token: 1, balance: 1 });
    expect(kept.connected).toBe(true);
  });

  it('disconnects every socket of the account when the password changes', async () => {
    const { t, origin } = await listening();
    const fan = await createUser(t.ctx);
    const token = await signIn(t.app, fan.email);
    const other = await signIn(t.app, fan.email);
    const sockets = await Promise.all([socketTo(origin, token), socketTo(origin, other)]);
    const dropped = Promise.all(sockets.map((socket) => nextEvent<string>(socket, 'disconnect')));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/users/me/password',
      headers: { authorization: token },
      payload: { currentPassword: TEST_PASSWORD, password: 'another long secret' },
    });
    expect(res.statusCode).toBe(200);
    expect(await dropped).toEqual(['io server disconnect', 'io server disconnect']);
  });
});
