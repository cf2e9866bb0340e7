/**
 * Two app instances on one database and one DATA_DIR, as two server processes behind a load
 * balancer: the stream is ingested by A, its viewers' HLS requests land on B, which has no
 * ingest of it and serves it through the marker A wrote.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lacks } from '../../../test/tools.js';
import { newId } from '../../db/schema/ids.js';
import { streams } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { signHlsPath } from './hls-links.js';
import { liveRootOf, MARKER_NAME, markedHlsDir, SHARED_DIR_TTL_MS, writeLiveMarker } from './live-marker.js';
import { call, canEncode, ingest, listening, party, sampleRecording, slicesOf, type Party } from './streaming-test-kit.js';

const SECRET = 'hls-shared-test-secret-of-at-least-32-chars';
const PLAYLIST = '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:1\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:1.0,\nseg_00001.m4s\n';

describe('HLS served by a process that holds no ingest of the stream (shared DATA_DIR)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fandeck-hls-shared-'));
  const env = { DATA_DIR: dataDir, MEDIA_URL_SECRET: SECRET };
  const liveRoot = liveRootOf(dataDir);
  let a: TestApp;
  let b: TestApp;
  // B's clock runs ahead on demand, past the time it keeps another process's marker in mind.
  let skew = 0;
  const pastSharedCache = () => (skew += SHARED_DIR_TTL_MS + 1);
  let creator: Party;
  let fan: Party;

  beforeAll(async () => {
    a = await createTestApp({}, env);
    b = await createTestApp({ now: () => new Date(Date.now() + skew) }, env);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    creator = await party(a, 'performer');
    fan = await party(a);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The folder an ingest writes, with its marker, as A's hub leaves them (no ffmpeg needed). */
  async function fakeIngest(streamId: string): Promise<string> {
    const ingestId = newId();
    const dir = path.join(liveRoot, streamId, ingestId);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.m3u8'), PLAYLIST);
    writeFileSync(path.join(dir, 'init.mp4'), 'ftyp-init');
    writeFileSync(path.join(dir, 'seg_00001.m4s'), 'moof-segment');
    await writeLiveMarker(liveRoot, streamId, ingestId);
    return dir;
  }

  async function liveStream(owner: Party): Promise<string> {
    const stream = (await call(a.app, 'POST', '/api/streaming/live', owner.token, {})).json().data;
    await a.ctx.db.update(streams).set({ state: 'broadcasting' }).where(eq(streams.id, stream._id));
    return stream._id as string;
  }

  /** A GET to B with the path sent exactly as given. */
  const rawGet = (pathAndQuery: string, token: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { port } = b.app.server.address() as AddressInfo;
      const req = httpRequest({ host: '127.0.0.1', port, path: pathAndQuery, headers: { authorization: token } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.once('error', reject);
      req.end();
    });

  const signed = (id: string, file: string, viewer: Party | null = fan) => signHlsPath(SECRET, id, file, viewer?.id ?? null);

  it('serves the playlist, init and segments another process writes, to the viewer its link was made for', async () => {
    const id = await liveStream(creator);
    await fakeIngest(id);
    const join = (await call(b.app, 'GET', `/api/streaming/join/${id}`, fan.token)).json().data;
    expect(join).toMatchObject({ canWatch: true });
    const playlistPath = join.playlistUrl.replace('http://fandeck.test', '');
    const playlist = await call(b.app, 'GET', playlistPath, fan.token);
    expect(playlist.statusCode).toBe(200);
    const query = new URL(join.playlistUrl).search;
    expect(playlist.body).toContain(`#EXT-X-MAP:URI="init.mp4${query}"`);
    expect(playlist.body).toContain(`seg_00001.m4s${query}`);
    const base = playlistPath.slice(0, playlistPath.lastIndexOf('/') + 1);
    const segment = await call(b.app, 'GET', `${base}seg_00001.m4s${query}`, fan.token);
    expect([segment.statusCode, segment.body]).toEqual([200, 'moof-segment']);
    expect(segment.headers['cache-control']).toContain('immutable');
    expect((await call(b.app, 'GET', `${base}init.mp4${query}`, fan.token)).body).toBe('ftyp-init');
    // Another viewer holding the fan's link: refused as on the ingest's own process.
    const stranger = await party(a);
    expect((await call(b.app, 'GET', playlistPath, stranger.token)).json().code).toBe('media.link_invalid');
    expect((await call(b.app, 'GET', `${base}seg_00001.m4s${query}`, stranger.token)).statusCode).toBe(403);
  });

  it('serves nothing for a stream that is not live, whatever marker is left', async () => {
    const owner = await party(a, 'performer');
    const id = await liveStream(owner);
    await fakeIngest(id);
    expect((await call(b.app, 'GET', signed(id, 'index.m3u8'), fan.token)).statusCode).toBe(200);

    // Back to created (the camera dropped) and finished: the row decides, for segments too.
    await a.ctx.db.update(streams).set({ state: 'created' }).where(eq(streams.id, id));
    // A segment goes by the marker B checked within the last second; the playlist reads the row
    // every time, and its refusal also makes B forget the marker.
    expect((await call(b.app, 'GET', signed(id, 'seg_00001.m4s'), fan.token)).statusCode).toBe(200);
    expect((await call(b.app, 'GET', signed(id, 'index.m3u8'), fan.token)).json().code).toBe('streaming.offline');
    const created = await call(b.app, 'GET', signed(id, 'seg_00001.m4s'), fan.token);
    expect([created.statusCode, created.json().code]).toEqual([404, 'streaming.offline']);
    await a.ctx.db.update(streams).set({ state: 'broadcasting' }).where(eq(streams.id, id));
    expect((await call(a.app, 'PUT', `/api/streaming/live/${id}`, owner.token)).json().data.state).toBe('finished');
    pastSharedCache();
    for (const file of ['index.m3u8', 'init.mp4', 'seg_00001.m4s']) {
      const res = await call(b.app, 'GET', signed(id, file), fan.token);
      expect([res.statusCode, res.json().code]).toEqual([404, 'streaming.offline']);
    }
  });

  it('serves nothing through a marker its process left behind when it died (playlist no longer rewritten)', async () => {
    const id = await liveStream(await party(a, 'performer'));
    const dir = await fakeIngest(id);
    expect((await call(b.app, 'GET', signed(id, 'seg_00001.m4s'), fan.token)).statusCode).toBe(200);
    const old = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, 'index.m3u8'), old, old);
    pastSharedCache();
    expect((await call(b.app, 'GET', signed(id, 'seg_00001.m4s'), fan.token)).json().code).toBe('streaming.offline');
    // No playlist at all (ffmpeg has not written one yet): nothing either.
    rmSync(path.join(dir, 'index.m3u8'));
    expect((await call(b.app, 'GET', signed(id, 'init.mp4'), fan.token)).json().code).toBe('streaming.offline');
  });

  it('never leaves the stream’s folder: file names, stream ids and marker contents', async () => {
    const id = await liveStream(await party(a, 'performer'));
    const dir = await fakeIngest(id);
    writeFileSync(path.join(dataDir, 'secret.txt'), 'SECRET');
    writeFileSync(path.join(liveRoot, id, 'secret.m4s'), 'SECRET');
    const query = signed(id, 'index.m3u8').split('?')[1];
    const prefix = `/api/streaming/hls/${id}/`;

    // The file name is still one of three shapes, however it is spelled.
    for (const file of ['..%2F..%2F..%2Fsecret.txt', '%2e%2e%2fsecret.m4s', '..%2fsecret.m4s', '..%5Csecret.m4s', '%252e%252e%252fsecret.txt', 'seg_00001.m4s%2F..%2F..%2Fsecret.m4s', 'index.m3u8%00']) {
      const res = await call(b.app, 'GET', `${prefix}${file}?${query}`, fan.token);
      expect(res.statusCode, file).toBe(400);
      expect(res.body).not.toContain('SECRET');
      expect((await rawGet(`${prefix}${file}?${query}`, fan.token)).status, file).toBe(400);
    }
    // Dot segments, raw on the wire (no client normalizing them away) and through inject.
    for (const file of ['../../../secret.txt', '../secret.m4s', './../secret.m4s', '..', '%2e%2e', '%2e%2e/%2e%2e/secret.txt', '.%2e/secret.m4s']) {
      const raw = await rawGet(`${prefix}${file}?${query}`, fan.token);
      expect(raw.status, file).toBeGreaterThanOrEqual(400);
      expect(raw.body).not.toContain('SECRET');
      const res = await call(b.app, 'GET', `${prefix}${file}?${query}`, fan.token);
      expect(res.statusCode, file).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('SECRET');
    }

    // A stream id that climbs out, signed with the right secret, finds no marker to follow.
    const escaped = newId();
    mkdirSync(path.join(dataDir, 'uploads', escaped), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', escaped, 'index.m3u8'), PLAYLIST);
    writeFileSync(path.join(dataDir, 'uploads', escaped, 'seg_00001.m4s'), 'SECRET');
    writeFileSync(path.join(dataDir, 'uploads', MARKER_NAME), escaped);
    for (const bad of ['../uploads', '../live/../uploads', `${id}/../../uploads`, '..']) {
      const res = await call(b.app, 'GET', signed(bad, 'seg_00001.m4s'), fan.token);
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('SECRET');
    }
    // (No such row either; the marker's reader refuses it on its own.)
    expect(await markedHlsDir(liveRoot, '../uploads')).toBeNull();
    expect(await markedHlsDir(liveRoot, `${id}/../../uploads`)).toBeNull();
    expect(await markedHlsDir(liveRoot, id)).toBe(dir);

    // A marker naming anything but an ingest id (a path, another stream's folder) is not followed.
    const other = await liveStream(await party(a, 'performer'));
    const otherDir = await fakeIngest(other);
    writeFileSync(path.join(otherDir, 'seg_00001.m4s'), 'SECRET');
    for (const named of [`../${other}/${path.basename(otherDir)}`, `..`, path.join(otherDir), `${path.basename(dir)}/../../${other}/${path.basename(otherDir)}`]) {
      writeFileSync(path.join(liveRoot, id, MARKER_NAME), named);
      const res = await call(b.app, 'GET', signed(id, 'seg_00001.m4s'), fan.token);
      expect([res.statusCode, res.json().code], named).toEqual([404, 'streaming.offline']);
      expect(await markedHlsDir(liveRoot, id), named).toBeNull();
    }
    writeFileSync(path.join(liveRoot, id, MARKER_NAME), path.basename(dir));
    expect((await call(b.app, 'GET', signed(id, 'seg_00001.m4s'), fan.token)).body).toBe('moof-segment');
  });

  describe.skipIf(lacks({ 'ffmpeg with libx264': canEncode }))('with a real ingest (ffmpeg)', () => {
    it('A ingests, B serves the playlist and its segments; the end takes the marker away', async () => {
      const { t: ingestApp, port } = await listening(env);
      try {
        const owner = await party(ingestApp, 'performer');
        const stream = (await call(ingestApp.app, 'POST', '/api/streaming/live', owner.token, {})).json().data;
        const feed = ingest(port, { token: owner.token, streamId: stream._id, mimeType: 'video/webm;codecs=h264,opus' }, slicesOf(sampleRecording(), 40));
        expect(await feed.answer).toEqual({ ok: true, streamId: stream._id });

        const join = (await call(ingestApp.app, 'GET', `/api/streaming/join/${stream._id}`, fan.token)).json().data;
        const playlistPath = join.playlistUrl.replace('http://fandeck.test', '');
        const playlist = await vi.waitFor(
          async () => {
            const res = await call(b.app, 'GET', playlistPath, fan.token);
            expect(res.statusCode).toBe(200);
            expect(res.body).toMatch(/seg_\d{5}\.m4s\?v=/);
            return res;
          },
          { interval: 100 },
        );
        const base = playlistPath.slice(0, playlistPath.lastIndexOf('/') + 1);
        const segment = playlist.body.split('\n').find((line) => line.startsWith('seg_'))!;
        const served = await call(b.app, 'GET', base + segment, fan.token);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.subarray(4, 8).toString()).toMatch(/styp|moof/);

        await call(ingestApp.app, 'PUT', `/api/streaming/live/${stream._id}`, owner.token);
        expect((await feed.closed).code).toBe(1000);
        pastSharedCache();
        expect((await call(b.app, 'GET', playlistPath, fan.token)).json().code).toBe('streaming.offline');
        expect((await call(b.app, 'GET', base + segment, fan.token)).json().code).toBe('streaming.offline');
        expect(existsSync(path.join(liveRoot, stream._id, MARKER_NAME))).toBe(false);
      } finally {
        await ingestApp.close();
      }
    });
  });
});
