import type { AddressInfo } from 'node:net';
import type { PrivateCallAnswer, ServerEvents } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lacks } from '../../../../test/tools.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { streams } from '../../../db/schema/index.js';
import { party, startedCall, type Party } from '../private-streams-test-kit.js';
import { loadDataChannel } from './sfu.js';
import { exchangeMedia, testPeer, type TestPeer } from './sfu-test-peer.js';

const dc = await loadDataChannel();

let t: TestApp;
let origin: string;
const sockets: Socket[] = [];
const peers: TestPeer[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
  for (const p of peers.splice(0)) p.close();
});
afterAll(async () => {
  await t?.close();
});

function socketOf(who: Party): Promise<Socket> {
  const socket = connect(origin, { path: '/socket.io', transports: ['websocket'], auth: { token: who.token }, reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function peer(name: string, codec: 'VP8' | 'H264' = 'VP8') {
  const p = await testPeer(dc!, name, codec);
  peers.push(p);
  return p;
}


const offer = (socket: Socket, streamId: string, sdp: string) => socket.emitWithAck('private-call/offer', { streamId, sdp }) as Promise<PrivateCallAnswer>;

describe.skipIf(lacks({ 'node-datachannel': dc }))('private-call signaling over the live connection', () => {
  it('connects the fan and the creator through the SFU and forwards each one’s VP8 to the other', async () => {
    const fan = await party(t);
    const creator = await party(t, { role: 'performer', priceCents: 0 });
    const streamId = await startedCall(t, fan, creator);
    const [fanSocket, creatorSocket] = await Promise.all([socketOf(fan), socketOf(creator)]);
    const fanPeer = await peer('fan');
    const creatorPeer = await peer('creator');

    const fanAnswer = await offer(fanSocket, streamId, fanPeer.offer);
    const creatorAnswer = await offer(creatorSocket, streamId, creatorPeer.offer);
    if (!fanAnswer.ok || !creatorAnswer.ok) throw new Error(`refused: ${JSON.stringify([fanAnswer, creatorAnswer])}`);
    fanPeer.accept(fanAnswer.sdp);
    creatorPeer.accept(creatorAnswer.sdp);
    await exchangeMedia(fanPeer, creatorPeer);

    // The creator leaves: told so on their own connection; the fan stays in the room.
    const closed = new Promise<ServerEvents['private-call/closed']>((resolve) => creatorSocket.once('private-call/closed', resolve));
    expect(await creatorSocket.emitWithAck('private-call/leave', { streamId })).toEqual({ ok: true });
    expect(await closed).toEqual({ streamId, reason: 'left' });
  });

  it('refuses another fan, a signed-out socket, an unknown id and a malformed offer', async () => {
    const fan = await party(t);
    const creator = await party(t, { role: 'performer', priceCents: 0 });
    const intruder = await party(t);
    const streamId = await startedCall(t, fan, creator);
    const intruderPeer = await peer('intruder');

    const intruderSocket = await socketOf(intruder);
    expect(await offer(intruderSocket, streamId, intruderPeer.offer)).toEqual({ ok: false, code: 'streaming.request_not_found' });
    expect(await intruderSocket.emitWithAck('private-call/candidate', { streamId, candidate: 'candidate:1 1 UDP 1 10.0.0.1 9 typ host', mid: 'video' })).toEqual({ ok: false });

    const anonymous = connect(origin, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(anonymous);
    expect(await offer(anonymous, streamId, intruderPeer.offer)).toEqual({ ok: false, code: 'streaming.request_not_found' });
    expect(await offer(intruderSocket, 'not-an-id', intruderPeer.offer)).toEqual({ ok: false, code: 'streaming.request_not_found' });
    expect(await offer(intruderSocket, streamId, '')).toEqual({ ok: false, code: 'request.invalid' });
    // The call's own fan is let in, and their trickled candidate taken.
    const fanSocket = await socketOf(fan);
    const fanPeer = await peer('fan');
    expect(await offer(fanSocket, streamId, fanPeer.offer)).toMatchObject({ ok: true });
    const candidate = fanPeer.candidates[0]!;
    expect(await fanSocket.emitWithAck('private-call/candidate', { streamId, candidate, mid: 'video' })).toEqual({ ok: true });
  });

  it('a second offer of the same person replaces the first connection, which is told so by its own connection id', async () => {
    const fan = await party(t);
    const creator = await party(t, { role: 'performer', priceCents: 0 });
    const streamId = await startedCall(t, fan, creator);
    const [firstTab, secondTab] = await Promise.all([socketOf(fan), socketOf(fan)]);
    const first = await firstTab.emitWithAck('private-call/offer', { streamId, sdp: (await peer('tab-1')).offer, connectionId: 'tab-1' });
    expect(first).toMatchObject({ ok: true });
    const closed = new Promise<ServerEvents['private-call/closed']>((resolve) => firstTab.once('private-call/closed', resolve));
    const second = await secondTab.emitWithAck('private-call/offer', { streamId, sdp: (await peer('tab-2')).offer, connectionId: 'tab-2' });
    expect(second).toMatchObject({ ok: true });
    // Every socket of the person hears it; the id says which connection went.
    expect(await closed).toEqual({ streamId, reason: 'replaced', connectionId: 'tab-1' });
    expect(await firstTab.emitWithAck('private-call/offer', { streamId, sdp: 'v=0', connectionId: 'x'.repeat(65) })).toEqual({ ok: false, code: 'request.invalid' });
  });

  it('answers an H264-only offer with its video rejected', async () => {
    const fan = await party(t);
    const creator = await party(t, { role: 'performer', priceCents: 0 });
    const streamId = await startedCall(t, fan, creator);
    const answer = await offer(await socketOf(fan), streamId, (await peer('h264', 'H264')).offer);
    if (!answer.ok) throw new Error(answer.code);
    const video = answer.sdp.split(/\r?\n(?=m=)/).find((s) => s.startsWith('m=video'));
    expect(video).toMatch(/^m=video 0 /);
    expect(video).not.toMatch(/H264|VP8/);
  });

  it('closes the room when the call’s stream is finished, and refuses new offers', async () => {
    const fan = await party(t);
    const creator = await party(t, { role: 'performer', priceCents: 0 });
    const streamId = await startedCall(t, fan, creator);
    const fanSocket = await socketOf(fan);
    const fanPeer = await peer('fan');
    const answer = await offer(fanSocket, streamId, fanPeer.offer);
    if (!answer.ok) throw new Error(answer.code);
    fanPeer.accept(answer.sdp);

    const closed = new Promise<ServerEvents['private-call/closed']>((resolve) => fanSocket.once('private-call/closed', resolve));
    await t.ctx.db.update(streams).set({ state: 'finished' }).where(eq(streams.id, streamId));
    expect(await closed).toEqual({ streamId, reason: 'ended' });
    expect(await offer(fanSocket, streamId, (await peer('again')).offer)).toEqual({ ok: false, code: 'streaming.request_invalid_state' });
  });
});
