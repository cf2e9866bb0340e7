import type { StreamPresenceAnswer } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/helpers.js';
import { streams } from '../../db/schema/index.js';
import { call as privateCall, party as privateParty, requestOf } from '../private-streams/private-streams-test-kit.js';
import { call, listening, nextEvent, party, socketTo, subscribe, type Party } from './streaming-test-kit.js';

let t: TestApp;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ t, origin } = await listening());
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t?.close();
});

async function socketOf(who: { token: string } | null): Promise<Socket> {
  const socket = await socketTo(origin, who?.token);
  sockets.push(socket);
  return socket;
}

const send = (socket: Socket, event: string, payload?: unknown) =>
  (payload === undefined ? socket.emitWithAck(event) : socket.emitWithAck(event, payload)) as Promise<StreamPresenceAnswer>;
const rowOf = async (id: string) => (await t.ctx.db.select().from(streams).where(eq(streams.id, id)))[0]!;

async function publicStream(creator: Party, body: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/api/streaming/live', creator.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; conversationId: string };
}

/** A free private call the creator approved and started: its stream and the pair's conversation. */
async function startedCall() {
  const fan = await privateParty(t);
  const creator = await privateParty(t, { role: 'performer', priceCents: 0 });
  const req = await requestOf(t, fan, creator);
  expect((await privateCall(t, 'POST', `/streaming/private/${req._id}/approve`, creator)).statusCode).toBe(200);
  const started = await privateCall(t, 'POST', `/streaming/private/${req._id}/start`, creator);
  expect(started.statusCode, started.body).toBe(200);
  return { fan, creator, streamId: started.json().data.streamId as string, conversationId: req.conversationId };
}

describe('public-stream/live', () => {
  it('lets only the creator in as the model, never marks the stream broadcasting, and refuses everyone else with nothing changed', async () => {
    const creator = await party(t, 'performer');
    const fan = await party(t);
    const stream = await publicStream(creator);
    const before = await rowOf(stream._id);
    const [owner, other, anonymous] = await Promise.all([socketOf(creator), socketOf(fan), socketOf(null)]);

    expect(await send(other, 'public-stream/live', { streamId: stream._id })).toEqual({ ok: false, code: 'streaming.not_owner' });
    expect(await send(anonymous, 'public-stream/live', { streamId: stream._id })).toEqual({ ok: false, code: 'auth.sign_in_required' });
    // The creator's stream chat names it too: still not the fan's.
    expect(await send(other, 'public-stream/live', { conversationId: stream.conversationId })).toEqual({ ok: false, code: 'streaming.not_owner' });
    expect(await rowOf(stream._id)).toEqual(before);

    const live = await send(owner, 'public-stream/live', { streamId: stream._id });
    expect(live).toMatchObject({ ok: true, stream: { _id: stream._id, performerId: creator.id, state: 'created', viewerCount: 0 } });
    // Presence only: still not broadcasting, and the creator is not counted.
    expect(await rowOf(stream._id)).toMatchObject({ state: 'created', viewerCount: 0, startedAt: null });
    // The creator is in the room: a viewer's join reaches them.
    const joined = nextEvent<{ userId?: string; viewerCount: number }>(owner, 'member-joined');
    expect(await send(other, 'public-stream/join', { streamId: stream._id })).toMatchObject({ ok: true });
    expect(await joined).toMatchObject({ userId: fan.id, viewerCount: 1 });
    // The other kind's event is refused.
    expect(await send(owner, 'private-stream/live', { streamId: stream._id })).toEqual({ ok: false, code: 'streaming.request_not_found' });
  });
});

describe('public-stream/join and leave', () => {
  it('joins only entitled viewers of a subscribers-only stream, by id or by its conversation, and leave lowers the count', async () => {
    const creator = await party(t, 'performer');
    const fan = await party(t);
    const subscriber = await party(t);
    await subscribe(t.ctx, subscriber.id, creator.id);
    const stream = await publicStream(creator, { subscribersOnly: true });
    const [fanSocket, subscriberSocket, anonymous] = await Promise.all([socketOf(fan), socketOf(subscriber), socketOf(null)]);

    expect(await send(fanSocket, 'public-stream/join', { streamId: stream._id })).toEqual({ ok: false, code: 'streaming.subscribers_only' });
    expect(await send(anonymous, 'public-stream/join', { conversationId: stream.conversationId })).toEqual({ ok: false, code: 'auth.sign_in_required' });
    expect((await rowOf(stream._id)).viewerCount).toBe(0);

    // Legacy clients send the conversation and an empty streamId.
    const joined = await send(subscriberSocket, 'public-stream/join', { streamId: '', conversationId: stream.conversationId });
    expect(joined).toMatchObject({ ok: true, stream: { _id: stream._id, subscribersOnly: true } });
    await vi.waitFor(async () => expect((await rowOf(stream._id)).viewerCount).toBe(1));

    expect(await send(subscriberSocket, 'public-stream/leave', { conversationId: stream.conversationId })).toEqual({ ok: true });
    await vi.waitFor(async () => expect((await rowOf(stream._id)).viewerCount).toBe(0));
    // Leaving again changes nothing; a fan who never got in may leave too.
    expect(await send(subscriberSocket, 'public-stream/leave', { streamId: stream._id })).toEqual({ ok: true });
    expect(await send(fanSocket, 'public-stream/leave', { streamId: stream._id })).toEqual({ ok: true });
    expect((await rowOf(stream._id)).viewerCount).toBe(0);

    // A finished stream is joined by no one.
    await call(t.app, 'PUT', `/api/streaming/live/${stream._id}`, creator.token);
    expect(await send(subscriberSocket, 'public-stream/join', { streamId: stream._id })).toEqual({ ok: false, code: 'streaming.offline' });
  });
});

describe('private-stream events', () => {
  it('lets only the call’s creator be the model and only its two parties in; a stranger learns nothing; the fan cannot mark it live', async () => {
    const { fan, creator, streamId, conversationId } = await startedCall();
    const stranger = await privateParty(t);
    const before = await rowOf(streamId);
    const [fanSocket, creatorSocket, strangerSocket, anonymous] = await Promise.all([socketOf(fan), socketOf(creator), socketOf(stranger), socketOf(null)]);

    for (const socket of [strangerSocket, anonymous]) {
      expect(await send(socket, 'private-stream/live', { streamId })).toEqual({ ok: false, code: 'streaming.request_not_found' });
      expect(await send(socket, 'private-stream/join', { streamId })).toEqual({ ok: false, code: 'streaming.request_not_found' });
      expect(await send(socket, 'private-stream/join', { conversationId })).toEqual({ ok: false, code: 'streaming.request_not_found' });
      expect(await send(socket, 'private-stream/leave', { streamId })).toEqual({ ok: false, code: 'streaming.request_not_found' });
    }
    expect(await send(fanSocket, 'private-stream/live', { streamId })).toEqual({ ok: false, code: 'streaming.not_owner' });
    expect(await send(fanSocket, 'private-stream/live', { conversationId })).toEqual({ ok: false, code: 'streaming.not_owner' });
    expect(await rowOf(streamId)).toEqual(before);
    // A private call is not a public stream.
    expect(await send(fanSocket, 'public-stream/join', { streamId })).toEqual({ ok: false, code: 'streaming.not_found' });
    expect(await send(creatorSocket, 'public-stream/live', { streamId })).toEqual({ ok: false, code: 'streaming.not_found' });

    expect(await send(creatorSocket, 'private-stream/live', { streamId })).toMatchObject({ ok: true, stream: { _id: streamId, type: 'private' } });
    const joined = nextEvent<{ userId?: string }>(creatorSocket, 'member-joined');
    expect(await send(fanSocket, 'private-stream/join', { conversationId })).toMatchObject({ ok: true, stream: { _id: streamId } });
    expect(await joined).toMatchObject({ userId: fan.id, viewerCount: 1 });
    expect(await send(fanSocket, 'private-stream/leave', { streamId })).toEqual({ ok: true });
    await vi.waitFor(async () => expect((await rowOf(streamId)).viewerCount).toBe(0));
    expect((await rowOf(streamId)).state).toBe('broadcasting');
  });
});

describe('bad payloads', () => {
  it('answers request.invalid, never a throw, and an unknown stream is not found', async () => {
    const fan = await party(t);
    const socket = await socketOf(fan);
    const bad: unknown[] = [undefined, 'abc', 42, null, {}, { streamId: '' }, { streamId: 5 }, { conversationId: null }, { streamId: 'x'.repeat(65) }];
    for (const event of ['public-stream/live', 'public-stream/join', 'public-stream/leave', 'private-stream/live', 'private-stream/join', 'private-stream/leave']) {
      for (const payload of bad) expect(await send(socket, event, payload), `${event} ${JSON.stringify(payload)}`).toEqual({ ok: false, code: 'request.invalid' });
    }
    expect(await send(socket, 'public-stream/join', { streamId: 'not-an-id' })).toEqual({ ok: false, code: 'streaming.not_found' });
    expect(await send(socket, 'public-stream/join', { conversationId: '0123456789abcdef01234567' })).toEqual({ ok: false, code: 'streaming.not_found' });
    expect(await send(socket, 'private-stream/join', { streamId: '0123456789abcdef01234567' })).toEqual({ ok: false, code: 'streaming.request_not_found' });
    expect(socket.connected).toBe(true);
  });
});
