import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { conversations, streams } from '../../db/schema/index.js';
import { routes } from '@fandeck/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { signHlsPath } from './hls-links.js';
import { call, listening, nextEvent, party, socketTo, subscribe } from './streaming-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('going live', () => {
  it('creates one public stream per creator with its stream chat, answers it again, and ends it once', async () => {
    const creator = await party(t, 'performer');
    const first = await call(t.app, 'POST', '/api/streaming/live', creator.token, { title: 'Hello', subscribersOnly: false });
    expect(first.statusCode).toBe(200);
    const stream = first.json().data;
    expect(stream).toMatchObject({ performerId: creator.id, type: 'public', title: 'Hello', state: 'created', viewerCount: 0, startedAt: null });
    expect(stream.performerInfo._id).toBe(creator.id);
    const [chat] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, stream.conversationId));
    expect(chat).toMatchObject({ type: 'stream', performerId: creator.id, streamId: stream._id });

    // Concurrent and repeated calls meet on the partial unique index: still one stream.
    const again = await Promise.all([1, 2, 3].map(() => call(t.app, 'POST', '/api/streaming/live', creator.token, {})));
    expect(again.map((r) => r.json().data._id)).toEqual([stream._id, stream._id, stream._id]);
    expect(again[0]!.json().data.title).toBe('Hello');

    const ended = await call(t.app, 'PUT', `/api/streaming/live/${stream._id}`, creator.token);
    expect(ended.json().data).toMatchObject({ _id: stream._id, state: 'finished', viewerCount: 0 });
    expect(ended.json().data.endedAt).not.toBeNull();
    const endedAgain = await call(t.app, 'PUT', `/api/streaming/live/${stream._id}`, creator.token);
    expect(endedAgain.json().data.endedAt).toBe(ended.json().data.endedAt);

    // After the end, going live makes a new stream in the same chat.
    const next = (await call(t.app, 'POST', '/api/streaming/live', creator.token, {})).json().data;
    expect(next._id).not.toBe(stream._id);
    expect(next.conversationId).toBe(stream.conversationId);
  });

  it('refuses fans, unverified creators, and another creator’s stream', async () => {
    const fan = await party(t);
    expect((await call(t.app, 'POST', '/api/streaming/live', fan.token, {})).statusCode).toBe(403);
    const unverified = await party(t, 'performer', { verifiedDocument: false });
    const refused = await call(t.app, 'POST', '/api/streaming/live', unverified.token, {});
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'performers.not_verified']);

    const owner = await party(t, 'performer');
    const other = await party(t, 'performer');
    const stream = (await call(t.app, 'POST', '/api/streaming/live', owner.token, {})).json().data;
    const notOwner = await call(t.app, 'PUT', `/api/streaming/live/${stream._id}`, other.token);
    expect([notOwner.statusCode, notOwner.json().code]).toEqual([403, 'streaming.not_owner']);
    const notOwnerUpdate = await call(t.app, 'PUT', '/api/streaming/update', other.token, { streamId: stream._id, title: 'mine' });
    expect(notOwnerUpdate.json().code).toBe('streaming.not_owner');
    const [row] = await t.ctx.db.select().from(streams).where(eq(streams.id, stream._id));
    expect(row!.state).toBe('created');
    expect((await call(t.app, 'PUT', '/api/streaming/update', other.token, { title: 'x' })).json().code).toBe('streaming.not_found');
  });

  it('updates the current stream’s info and planned duration', async () => {
    const creator = await party(t, 'performer');
    const stream = (await call(t.app, 'POST', '/api/streaming/live', creator.token, {})).json().data;
    const updated = await call(t.app, 'PUT', '/api/streaming/update', creator.token, { title: ' New ', description: 'About', subscribersOnly: true });
    expect(updated.json().data).toMatchObject({ _id: stream._id, title: 'New', description: 'About', subscribersOnly: true });
    const duration = await call(t.app, 'PUT', '/api/streaming/set-duration', creator.token, { duration: 45 });
    expect(duration.json().data).toMatchObject({ _id: stream._id, duration: 45, title: 'New' });
    expect((await call(t.app, 'PUT', '/api/streaming/set-duration', creator.token, { duration: 0 })).statusCode).toBe(400);
  });
});

describe('who may watch', () => {
  it('gives a subscribers-only stream’s playlist only to subscribers, the creator and staff', async () => {
    const creator = await party(t, 'performer');
    const subscriber = await party(t);
    const expired = await party(t);
    const stranger = await party(t);
    const admin = await party(t, 'admin');
    await subscribe(t.ctx, subscriber.id, creator.id);
    await subscribe(t.ctx, expired.id, creator.id, -1);
    const stream = (await call(t.app, 'POST', '/api/streaming/live', creator.token, { subscribersOnly: true })).json().data;
    await t.ctx.db.update(streams).set({ state: 'broadcasting' }).where(eq(streams.id, stream._id));

    const join = async (who?: string) => (await call(t.app, 'GET', `/api/streaming/join/${stream._id}`, who)).json().data;
    for (const who of [subscriber, creator, admin]) {
      const answer = await join(who.token);
      expect(answer).toMatchObject({ canWatch: true, reason: null });
      expect(answer.playlistUrl).toMatch(new RegExp(`^http://fandeck.test/api/streaming/hls/${stream._id}/index.m3u8\\?v=${who.id}&e=\\d+&s=`));
    }
    for (const who of [expired, stranger]) expect(await join(who.token)).toMatchObject({ canWatch: false, reason: 'subscribers_only', playlistUrl: null });
    expect(await join()).toMatchObject({ canWatch: false, reason: 'sign_in', playlistUrl: null });
    // By the creator's id or username too.
    for (const name of [creator.id, creator.username.toUpperCase()]) {
      expect((await call(t.app, 'GET', `/api/streaming/join/${name}`, subscriber.token)).json().data).toMatchObject({ stream: { _id: stream._id }, canWatch: true });
    }
    expect((await call(t.app, 'GET', '/api/streaming/join/nobody-here')).json().code).toBe('streaming.not_found');
  });

  it('refuses the HLS route to a viewer with a forged, expired or someone else’s link', async () => {
    const creator = await party(t, 'performer');
    const subscriber = await party(t);
    const stranger = await party(t);
    await subscribe(t.ctx, subscriber.id, creator.id);
    const stream = (await call(t.app, 'POST', '/api/streaming/live', creator.token, { subscribersOnly: true })).json().data;
    await t.ctx.db.update(streams).set({ state: 'broadcasting' }).where(eq(streams.id, stream._id));
    const url = (await call(t.app, 'GET', `/api/streaming/join/${stream._id}`, subscriber.token)).json().data.playlistUrl.replace('http://fandeck.test', '');

    const refused = async (path: string, token?: string) => {
      const res = await call(t.app, 'GET', path, token);
      expect([res.statusCode, res.json().code]).toEqual([403, 'media.link_invalid']);
    };
    await refused(url, stranger.token);
    await refused(url);
    await refused(url.replace(`v=${subscriber.id}`, `v=${stranger.id}`), stranger.token);
    await refused(url.replace(/e=\d+/, (e: string) => `e=${Number(e.slice(2)) + 1000}`), subscriber.token);
    await refused(signHlsPath('another-secret', stream._id, 'index.m3u8', stranger.id), stranger.token);
    await refused(signHlsPath(t.ctx.config.mediaUrlSecret, stream._id, 'index.m3u8', subscriber.id, Date.now() - 3_600_000), subscriber.token);
    // The right viewer with the right link reaches the stream (not ingesting here: offline).
    const own = await call(t.app, 'GET', url, subscriber.token);
    expect([own.statusCode, own.json().code]).toEqual([404, 'streaming.offline']);
    expect((await call(t.app, 'GET', url.replace('index.m3u8', 'other.m3u8'), subscriber.token)).statusCode).toBe(400);
  });

  it('lists live streams with their creators, and says offline for one not broadcasting', async () => {
    const creator = await party(t, 'performer');
    const stream = (await call(t.app, 'POST', '/api/streaming/live', creator.token, { title: 'zebra-unique-title' })).json().data;
    const search = async () => (await call(t.app, 'GET', '/api/streaming/user/search?q=zebra-unique')).json().data;
    expect(await search()).toEqual({ data: [], total: 0 });
    expect((await call(t.app, 'GET', `/api/streaming/join/${stream._id}`)).json().data).toMatchObject({ canWatch: false, reason: 'offline', playlistUrl: null });
    await t.ctx.db.update(streams).set({ state: 'broadcasting', startedAt: new Date() }).where(eq(streams.id, stream._id));
    const found = await search();
    expect(found.total).toBe(1);
    expect(found.data[0]).toMatchObject({ _id: stream._id, state: 'broadcasting', performerInfo: { _id: creator.id } });
    expect((await call(t.app, 'GET', `/api/streaming/join/${stream._id}`)).json().data).toMatchObject({ canWatch: true, reason: null });
  });

  it('lets staff with stream.update end a stream', async () => {
    const creator = await party(t, 'performer');
    const admin = await party(t, 'admin');
    const fan = await party(t);
    const stream = (await call(t.app, 'POST', '/api/streaming/live', creator.token, {})).json().data;
    expect((await call(t.app, 'POST', `/api/admin/streaming/${stream._id}/end`, fan.token)).statusCode).toBe(403);
    const ended = await call(t.app, 'POST', `/api/admin/streaming/${stream._id}/end`, admin.token);
    expect(ended.json().data).toMatchObject({ _id: stream._id, state: 'finished' });
  });

  it('serves every streaming route of the contract (the private ones are another domain’s)', () => {
    const mine = Object.entries(routes).filter(([name]) => (name.startsWith('streaming.') || name === 'admin.streaming.end') && !/private|agoraToken/.test(name));
    expect(mine).toHaveLength(12);
    for (const [, route] of mine) expect(t.app.hasRoute({ method: route.method, url: `/api${route.path}` })).toBe(true);
  });
});

describe('presence', () => {
  it('counts viewers in stream:{id}, never the creator and never below 0, and refuses non-entitled sockets', async () => {
    const { t: live, origin } = await listening();
    const sockets: Socket[] = [];
    try {
      const creator = await party(live, 'performer');
      const fan = await party(live);
      const subscriber = await party(live);
      await subscribe(live.ctx, subscriber.id, creator.id);
      const stream = (await call(live.app, 'POST', '/api/streaming/live', creator.token, {})).json().data;
      const room = `stream:${stream._id}`;
      const count = async () => (await live.ctx.db.select().from(streams).where(eq(streams.id, stream._id)))[0]!.viewerCount;

      const owner = await socketTo(origin, creator.token);
      const a = await socketTo(origin, fan.token);
      const b = await socketTo(origin, subscriber.token);
      const anonymous = await socketTo(origin);
      sockets.push(owner, a, b, anonymous);
      expect(await owner.emitWithAck('joinRoom', room)).toEqual({ ok: true });
      const joined = nextEvent<{ viewerCount: number; userId?: string }>(owner, 'member-joined');
      expect(await a.emitWithAck('joinRoom', room)).toEqual({ ok: true });
      expect(await joined).toMatchObject({ streamId: stream._id, conversationId: stream.conversationId, viewerCount: 1, userId: fan.id });
      // Joining twice counts once.
      expect(await a.emitWithAck('joinRoom', room)).toEqual({ ok: true });
      expect(await anonymous.emitWithAck('joinRoom', room)).toEqual({ ok: true });
      await vi.waitFor(async () => expect(await count()).toBe(2));
      expect(await a.emitWithAck('leaveRoom', room)).toEqual({ ok: true });
      expect(await a.emitWithAck('leaveRoom', room)).toEqual({ ok: true });
      await vi.waitFor(async () => expect(await count()).toBe(1));
      anonymous.disconnect();
      await vi.waitFor(async () => expect(await count()).toBe(0));

      // Subscribers only: the fan may no longer join, the subscriber may.
      await call(live.app, 'PUT', '/api/streaming/update', creator.token, { subscribersOnly: true });
      expect(await a.emitWithAck('joinRoom', room)).toEqual({ ok: false });
      expect(await b.emitWithAck('joinRoom', room)).toEqual({ ok: true });
      await vi.waitFor(async () => expect(await count()).toBe(1));

      // The end reaches the room; leaving a finished stream changes nothing.
      const left = nextEvent<{ viewerCount: number }>(b, 'model-left');
      await call(live.app, 'PUT', `/api/streaming/live/${stream._id}`, creator.token);
      expect((await left).viewerCount).toBe(0);
      b.disconnect();
      expect(await owner.emitWithAck('leaveRoom', room)).toEqual({ ok: true });
      expect(await count()).toBe(0);
      expect(await a.emitWithAck('joinRoom', room)).toEqual({ ok: false });
    } finally {
      for (const s of sockets) s.disconnect();
      await live.close();
    }
  });
});
