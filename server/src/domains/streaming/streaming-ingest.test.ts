import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lacks } from '../../../test/tools.js';
import { streamRecordings, streams } from '../../db/schema/index.js';
import type { TestApp } from '../../../test/helpers.js';
import { INGEST_CLOSE } from './ingest.js';
import { call, canEncode, ingest, listening, party, sampleRecording, slicesOf, subscribe, type Party } from './streaming-test-kit.js';

describe.skipIf(lacks({ 'ffmpeg with libx264': canEncode }))('ingest to HLS (ffmpeg)', () => {
  let t: TestApp;
  let port: number;
  let creator: Party;
  let subscriber: Party;
  let stranger: Party;
  beforeAll(async () => {
    ({ t, port } = await listening());
    creator = await party(t, 'performer');
    subscriber = await party(t);
    stranger = await party(t);
    await subscribe(t.ctx, subscriber.id, creator.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('turns the creator’s slices into a signed live playlist, then a recording when it ends', async () => {
    const stream = (await call(t.app, 'POST', '/api/streaming/live', creator.token, { subscribersOnly: true })).json().data;

    // Only its creator may feed it; not in the URL, not with a bad hello.
    const strangers = ingest(port, { token: stranger.token, streamId: stream._id });
    expect(await strangers.answer).toEqual({ ok: false, code: 'streaming.not_owner' });
    expect((await strangers.closed).code).toBe(INGEST_CLOSE.forbidden);
    const bad = ingest(port, { streamId: stream._id });
    expect((await bad.closed).code).toBe(INGEST_CLOSE.badHello);

    // 100 ms slices of a 4 s recording: 40 messages, sent right behind the hello.
    const slices = slicesOf(sampleRecording(), 40);
    const feed = ingest(port, { token: creator.token, streamId: stream._id, mimeType: 'video/webm;codecs=h264,opus' }, slices);
    expect(await feed.answer).toEqual({ ok: true, streamId: stream._id });
    const second = ingest(port, { token: creator.token, streamId: stream._id });
    expect(await second.answer).toEqual({ ok: false, code: 'streaming.already_live' });
    const [row] = await t.ctx.db.select().from(streams).where(eq(streams.id, stream._id));
    expect(row).toMatchObject({ state: 'broadcasting' });
    expect(row!.startedAt).not.toBeNull();


    const join = (await call(t.app, 'GET', `/api/streaming/join/${stream._id}`, subscriber.token)).json().data;
    expect(join).toMatchObject({ canWatch: true, reason: null });
    const playlistPath = join.playlistUrl.replace('http://fandeck.test', '');
    const playlist = await vi.waitFor(
      async () => {
        const res = await call(t.app, 'GET', playlistPath, subscriber.token);
        expect(res.statusCode).toBe(200);
        expect(res.body).toMatch(/seg_\d{5}\.m4s\?v=/);
        return res;
      },
      { interval: 100 },
    );
    expect(playlist.headers['cache-control']).toBe('private, no-cache');
    const query = new URL(join.playlistUrl).search;
    expect(playlist.body).toContain(`#EXT-X-MAP:URI="init.mp4${query}"`);
    const base = playlistPath.slice(0, playlistPath.lastIndexOf('/') + 1);
    const segment = playlist.body.split('\n').find((line) => line.startsWith('seg_'))!;
    const served = await call(t.app, 'GET', base + segment, subscriber.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.subarray(4, 8).toString()).toMatch(/styp|moof/);
    const init = await call(t.app, 'GET', `${base}init.mp4${query}`, subscriber.token);
    expect(init.rawPayload.subarray(4, 8).toString()).toBe('ftyp');

    // Someone else holding the subscriber's link gets nothing; nor does the fan once the stream is closed to them.
    expect((await call(t.app, 'GET', base + segment, stranger.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', playlistPath, stranger.token)).statusCode).toBe(403);
    const creatorJoin = (await call(t.app, 'GET', `/api/streaming/join/${stream._id}`, creator.token)).json().data;
    expect((await call(t.app, 'GET', creatorJoin.playlistUrl.replace('http://fandeck.test', ''), creator.token)).statusCode).toBe(200);

    // Opened to everyone, the stranger gets a link of their own; closed again, that link stops working.
    await call(t.app, 'PUT', '/api/streaming/update', creator.token, { subscribersOnly: false });
    const strangerUrl = (await call(t.app, 'GET', `/api/streaming/join/${stream._id}`, stranger.token)).json().data.playlistUrl.replace('http://fandeck.test', '');
    expect((await call(t.app, 'GET', strangerUrl, stranger.token)).statusCode).toBe(200);
    await call(t.app, 'PUT', '/api/streaming/update', creator.token, { subscribersOnly: true });
    const closed = await call(t.app, 'GET', strangerUrl, stranger.token);
    expect([closed.statusCode, closed.json().code]).toEqual([403, 'streaming.subscribers_only']);

    // The end stops ffmpeg cleanly and stores the recording.
    const ended = await call(t.app, 'PUT', `/api/streaming/live/${stream._id}`, creator.token);
    expect(ended.json().data.state).toBe('finished');
    expect((await feed.closed).code).toBe(1000);
    const [recording] = await t.ctx.db.select().from(streamRecordings).where(eq(streamRecordings.streamId, stream._id));
    expect(recording).toMatchObject({ performerId: creator.id });
    expect(recording!.sizeBytes).toBeGreaterThan(10_000);
    expect(recording!.durationSeconds).toBeGreaterThan(3);
    expect((await call(t.app, 'GET', playlistPath, subscriber.token)).json().code).toBe('streaming.offline');

    const listed = (await call(t.app, 'GET', '/api/streaming/agora/performer/recording', creator.token)).json().data;
    expect(listed.data).toEqual([expect.objectContaining({ _id: recording!.id, streamId: stream._id })]);
    const download = await call(t.app, 'GET', `/api/streaming/agora/download/${recording!.id}`, creator.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(recording!.sizeBytes);
    const other = await party(t, 'performer');
    expect((await call(t.app, 'GET', `/api/streaming/agora/download/${recording!.id}`, other.token)).json().code).toBe('streaming.recording_not_found');
    expect((await call(t.app, 'DELETE', `/api/streaming/agora/delete/${recording!.id}`, other.token)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/streaming/agora/delete/${recording!.id}`, creator.token)).json().data).toEqual({ success: true });
    expect((await call(t.app, 'GET', `/api/streaming/agora/download/${recording!.id}`, creator.token)).statusCode).toBe(404);
  });

  it('stores the recording when the app closes during a broadcast', async () => {
    const other = await listening();
    const owner = await party(other.t, 'performer');
    const stream = (await call(other.t.app, 'POST', '/api/streaming/live', owner.token, {})).json().data;
    const feed = ingest(other.port, { token: owner.token, streamId: stream._id }, [sampleRecording()]);
    expect((await feed.answer).ok).toBe(true);
    const url = (await call(other.t.app, 'GET', `/api/streaming/join/${stream._id}`)).json().data.playlistUrl.replace('http://fandeck.test', '');
    await vi.waitFor(async () => expect((await call(other.t.app, 'GET', url)).body).toContain('.m4s'), { interval: 100 });
    await other.t.close();
    expect((await feed.closed).code).toBe(1000);
    const rows = await t.ctx.db.select().from(streamRecordings).where(eq(streamRecordings.streamId, stream._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.durationSeconds).toBeGreaterThan(3);
  });

  it('goes back to created when the socket drops, and a new ingest resumes the stream', async () => {
    const other = await party(t, 'performer');
    const stream = (await call(t.app, 'POST', '/api/streaming/live', other.token, {})).json().data;
    const first = ingest(port, { token: other.token, streamId: stream._id });
    expect((await first.answer).ok).toBe(true);
    first.socket.close();
    await vi.waitFor(async () => expect((await t.ctx.db.select().from(streams).where(eq(streams.id, stream._id)))[0]!.state).toBe('created'));
    // Nothing was sent: no recording.
    expect(await t.ctx.db.select().from(streamRecordings).where(eq(streamRecordings.streamId, stream._id))).toEqual([]);
    const again = ingest(port, { token: other.token, streamId: stream._id });
    expect((await again.answer).ok).toBe(true);
    again.socket.close();
    await again.closed;
  });
});
