/**
 * A public live stream whose viewers reach another server process than its ingest: two real
 * processes (`src/main.ts`) on one PostgreSQL, one Redis and one DATA_DIR, as behind a load
 * balancer. The creator's slices go to A; the viewer's signed playlist and segments are
 * fetched from B, which serves them through the marker A's ingest wrote.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lacks } from '../../../test/tools.js';
import { testDatabaseKind, workerDatabaseUrl } from '../../../test/databases.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { startServerProcess, type Started } from '../../../test/server-process.js';
import { canEncode, ingest, party, sampleRecording, slicesOf, type Party } from './streaming-test-kit.js';

const databaseUrl = workerDatabaseUrl();
const redisUrl = process.env.TEST_REDIS_URL;

/** A request to a real process, with the session in the Authorization header. */
async function request(origin: string, method: string, url: string, who: Party | null, body?: unknown) {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(who ? { authorization: who.token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
const json = (res: { bytes: Buffer }) => JSON.parse(res.bytes.toString()) as { code?: string; data?: Record<string, unknown> };

// The postgres project with TEST_REDIS_URL (CI) runs this; elsewhere it is skipped, as without an ffmpeg that has libx264.
// The postgres project runs it (the embedded database is one process's); there every tool must be here.
describe.skipIf(testDatabaseKind() !== 'postgres' || lacks({ 'ffmpeg with libx264': canEncode, PostgreSQL: databaseUrl, Redis: redisUrl }))('public live HLS across two server processes sharing DATA_DIR', () => {
  let t: TestApp;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'fandeck-hls-cluster-'));
  const servers: Started[] = [];
  let a: string;
  let b: string;

  beforeAll(async () => {
    // Fixtures (accounts and their tokens) are written through an in-process app on the same database.
    t = await createTestApp();
    const env = {
      DATA_DIR: path.join(scratch, 'data'),
      DATABASE_URL: databaseUrl!,
      REDIS_URL: redisUrl!,
      SEED: 'none',
      // Every process of one deployment shares the media secret (README): links signed by one work on the other.
      MEDIA_URL_SECRET: 'hls-two-processes-secret-at-least-32-characters',
    };
    for (const name of ['a', 'b'] as const) {
      const server = startServerProcess(env);
      servers.push(server);
      await server.ready;
      if (name === 'a') a = server.origin();
      else b = server.origin();
    }
  });
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await t?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('ingested on A, the viewer’s playlist and segments come from B; ended, B serves nothing', async () => {
    const creator = await party(t, 'performer');
    const fan = await party(t);
    const stranger = await party(t);
    const stream = json(await request(a, 'POST', '/api/streaming/live', creator, {})).data!;
    const streamId = stream._id as string;

    expect(json(await request(b, 'GET', `/api/streaming/join/${streamId}`, fan)).data).toMatchObject({ canWatch: false, reason: 'offline' });
    const feed = ingest(a, { token: creator.token, streamId, mimeType: 'video/webm;codecs=h264,opus' }, slicesOf(sampleRecording(), 40));
    expect(await feed.answer).toEqual({ ok: true, streamId });

    // The link is handed out by B and fetched from B: A's ingest is the only one running.
    const join = json(await request(b, 'GET', `/api/streaming/join/${streamId}`, fan)).data!;
    expect(join).toMatchObject({ canWatch: true });
    const link = new URL(join.playlistUrl as string);
    const playlistPath = link.pathname + link.search;
    const playlist = await vi.waitFor(
      async () => {
        const res = await request(b, 'GET', playlistPath, fan);
        expect(res.status, res.bytes.toString()).toBe(200);
        const text = res.bytes.toString();
        expect(text).toMatch(/seg_\d{5}\.m4s\?v=/);
        return text;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(playlist).toContain(`#EXT-X-MAP:URI="init.mp4${link.search}"`);
    const base = link.pathname.slice(0, link.pathname.lastIndexOf('/') + 1);
    const segment = playlist.split('\n').find((line) => line.startsWith('seg_'))!;
    const served = await request(b, 'GET', base + segment, fan);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(served.bytes.subarray(4, 8).toString()).toMatch(/styp|moof/);
    const init = await request(b, 'GET', `${base}init.mp4${link.search}`, fan);
    expect(init.bytes.subarray(4, 8).toString()).toBe('ftyp');
    // A serves the same from its own ingest; someone else holding the fan's link gets nothing from B.
    expect((await request(a, 'GET', base + segment, fan)).bytes.equals(served.bytes)).toBe(true);
    expect((await request(b, 'GET', base + segment, stranger)).status).toBe(403);

    // Ended on A (the ingest's process): B's next request finds it offline.
    expect(json(await request(a, 'PUT', `/api/streaming/live/${streamId}`, creator)).data).toMatchObject({ state: 'finished' });
    expect((await feed.closed).code).toBe(1000);
    for (const url of [playlistPath, base + segment]) {
      const res = await request(b, 'GET', url, fan);
      expect([res.status, json(res).code]).toEqual([404, 'streaming.offline']);
    }
  });
});
