/**
 * A call whose two parties reach different server processes: two real processes (`src/main.ts`)
 * on one PostgreSQL and one Redis, the fan's socket on one, the creator's on the other. The
 * room lives in the process that claimed it first; the other forwards its signaling there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PrivateCallAnswer, ServerEvents } from '@fandeck/contract';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lacks } from '../../../../test/tools.js';
import { testDatabaseKind, workerDatabaseUrl } from '../../../../test/databases.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { startServerProcess, type Started } from '../../../../test/server-process.js';
import { party, startedCall, type Party } from '../private-streams-test-kit.js';
import { loadDataChannel } from './sfu.js';
import { exchangeMedia, testPeer, type TestPeer } from './sfu-test-peer.js';

const dc = await loadDataChannel();
const databaseUrl = workerDatabaseUrl();
const redisUrl = process.env.TEST_REDIS_URL;

const sockets: Socket[] = [];
const peers: TestPeer[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
  for (const p of peers.splice(0)) p.close();
});

function socketOf(origin: string, who: Party | null): Promise<Socket> {
  const socket = connect(origin, { path: '/socket.io', transports: ['websocket'], ...(who ? { auth: { token: who.token } } : {}), reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function peer(name: string) {
  const p = await testPeer(dc!, name);
  peers.push(p);
  return p;
}

const offer = (socket: Socket, streamId: string, sdp: string) => socket.emitWithAck('private-call/offer', { streamId, sdp }) as Promise<PrivateCallAnswer>;
const closedOn = (socket: Socket) => new Promise<ServerEvents['private-call/closed']>((resolve) => socket.once('private-call/closed', resolve));

/** Offers a new peer's SDP and takes the answer at once, as a browser does. */
async function joinAs(socket: Socket, streamId: string, name: string): Promise<TestPeer> {
  const p = await peer(name);
  const answer = await offer(socket, streamId, p.offer);
  if (!answer.ok) throw new Error(`${name} refused: ${answer.code}`);
  p.accept(answer.sdp);
  return p;
}


// The postgres project with TEST_REDIS_URL (CI) runs this; elsewhere it is skipped.
// The postgres project runs it (the embedded database is one process's); there every tool must be here.
describe.skipIf(testDatabaseKind() !== 'postgres' || lacks({ 'node-datachannel': dc, PostgreSQL: databaseUrl, Redis: redisUrl }))('private calls across two server processes on Redis', () => {
  let t: TestApp;
  let redis: ReturnType<typeof createClient>;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'fandeck-sfu-cluster-'));
  const servers: Started[] = [];
  let a: Started;
  let b: Started;

  beforeAll(async () => {
    // Fixtures (accounts, tokens, calls) are written through an in-process app on the same database.
    t = await createTestApp();
    redis = createClient({ url: redisUrl! });
    await redis.connect();
    const env = { DATA_DIR: path.join(scratch, 'data'), DATABASE_URL: databaseUrl!, REDIS_URL: redisUrl!, SEED: 'none' };
    for (const name of ['a', 'b'] as const) {
      const server = startServerProcess(env);
      servers.push(server);
      await server.ready;
      if (name === 'a') a = server;
      else b = server;
    }
  });
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await redis?.quit();
    await t?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const ownerOf = (streamId: string) => redis.get(`fandeck:sfu:room:${streamId}`);


  it('forwards the other process’s signaling to the room’s owner: media flows, strangers are refused, leave works', async () => {
    const fan = await party(t);
    const creator = await party(t, { role: 'performer', priceCents: 0 });
    const stranger = await party(t);
    const streamId = await startedCall(t, fan, creator);
    const [fanSocket, creatorSocket] = await Promise.all([socketOf(a.origin(), fan), socketOf(b.origin(), creator)]);

    // The fan's offer reaches A first: A claims the room.
    const fanPeer = await joinAs(fanSocket, streamId, 'fan');
    const owner = await ownerOf(streamId);
    expect(owner).toBeTruthy();
    // The creator's offer reaches B, which forwards it: the claim stays A's.
    const creatorPeer = await joinAs(creatorSocket, streamId, 'creator');
    expect(await ownerOf(streamId)).toBe(owner);
    await exchangeMedia(fanPeer, creatorPeer);

    // A trickled candidate through B reaches the creator's connection on A.
    const candidate = creatorPeer.candidates[0]!;
    expect(await creatorSocket.emitWithAck('private-call/candidate', { streamId, candidate, mid: 'video' })).toEqual({ ok: true });

    // A stranger is refused on the process that does not own the room too, as is a signed-out socket.
    const strangerSocket = await socketOf(b.origin(), stranger);
    expect(await offer(strangerSocket, streamId, (await peer('stranger')).offer)).toEqual({ ok: false, code: 'streaming.request_not_found' });
    expect(await strangerSocket.emitWithAck('private-call/candidate', { streamId, candidate, mid: 'video' })).toEqual({ ok: false });
    const anonymous = await socketOf(b.origin(), null);
    expect(await offer(anonymous, streamId, (await peer('anonymous')).offer)).toEqual({ ok: false, code: 'streaming.request_not_found' });

    // The creator leaves through B: A drops them and tells them so on B.
    const creatorClosed = closedOn(creatorSocket);
    expect(await creatorSocket.emitWithAck('private-call/leave', { streamId })).toEqual({ ok: true });
    expect(await creatorClosed).toEqual({ streamId, reason: 'left' });
    // The creator's candidate now finds no connection on the owner.
    expect(await creatorSocket.emitWithAck('private-call/candidate', { streamId, candidate, mid: 'video' })).toEqual({ ok: false });

    // The last one out closes the room, and its claim is released.
    const fanClosed = closedOn(fanSocket);
    expect(await fanSocket.emitWithAck('private-call/leave', { streamId })).toEqual({ ok: true });
    expect(await fanClosed).toEqual({ streamId, reason: 'left' });
    await vi.waitFor(async () => expect(await ownerOf(streamId)).toBeNull(), { interval: 50 });
  });

  it('when the owner process dies, the next offer claims the room on the survivor', async () => {
    const fan = await party(t);
    const creator = await party(t, { role: 'performer', priceCents: 0 });
    const streamId = await startedCall(t, fan, creator);
    const fanOnA = await socketOf(a.origin(), fan);
    const creatorOnB = await socketOf(b.origin(), creator);
    const first = await offer(fanOnA, streamId, (await peer('fan-on-a')).offer);
    expect(first).toMatchObject({ ok: true });
    const dead = await ownerOf(streamId);
    expect(dead).toBeTruthy();

    a.child.kill('SIGKILL');
    await a.exited;

    // The claim has not expired yet; B finds its owner silent, drops the claim and takes the room.
    expect(await ownerOf(streamId)).toBe(dead);
    const fanOnB = await socketOf(b.origin(), fan);
    const fanPeer = await joinAs(fanOnB, streamId, 'fan-on-b');
    const survivor = await ownerOf(streamId);
    expect(survivor).toBeTruthy();
    expect(survivor).not.toBe(dead);
    const creatorPeer = await joinAs(creatorOnB, streamId, 'creator-on-b');
    await exchangeMedia(fanPeer, creatorPeer);
    expect(await ownerOf(streamId)).toBe(survivor);
  });
});
