/**
 * The transcode queue against a real kill: the server (as `npm start` runs it) is
 * SIGKILLed while ffmpeg works on an upload; the next start, on the same data folder,
 * takes the job up again once its lease has passed and finishes it. On the embedded
 * database and, in the postgres project, on PostgreSQL.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SOAK_TEST_MS } from '../../../testing/budgets.js';
import { workerDatabaseUrl } from '../../test/databases.js';
import { makeVideo } from '../../test/media-fixtures.js';
import { startServerProcess, type Started } from '../../test/server-process.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../seed/demo.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'fandeck-transcode-kill-'));
const running: Started[] = [];
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await Promise.all(running.map((server) => server.exited));
  rmSync(scratch, { recursive: true, force: true });
});

// The embedded database, or in the postgres project the worker's PostgreSQL (emptied for this file, so the demo seeds).
const env = { DATA_DIR: path.join(scratch, 'data'), JOB_LEASE_SECONDS: '2', MEDIA_URL_SECRET: 'k'.repeat(40), DATABASE_URL: workerDatabaseUrl() ?? '' };

async function start(): Promise<string> {
  const server = startServerProcess(env);
  running.push(server);
  await server.ready;
  return server.origin();
}

/** Polls until `check` returns a value (the server's state moves on its own). */
async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('transcode jobs survive a killed server', () => {
  it('SIGKILL during a transcode: after a restart the job resumes and the video finishes', async () => {
    const video = path.join(scratch, 'long.mp4');
    makeVideo(video, { width: 1280, height: 720, seconds: 20 });

    let origin = await start();
    const creator = DEMO_LOGINS.find((login) => login.role === 'performer')!;
    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: creator.email, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const api = (pathname: string, init: RequestInit = {}) => fetch(`${origin}/api${pathname}`, { ...init, headers: { ...init.headers, authorization: token } });

    const form = new FormData();
    form.append('file', new Blob([readFileSync(video)], { type: 'video/mp4' }), 'long.mp4');
    const upload = await api('/performer/feeds/video/upload', { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const fileId = ((await upload.json()) as { data: { _id: string } }).data._id;
    const created = await api('/performer/feeds', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'video', fileIds: [fileId] }) });
    expect(created.status).toBe(200);
    const feedId = ((await created.json()) as { data: { _id: string } }).data._id;
    const status = async () => ((await (await api(`/user/feeds/${feedId}/file/${fileId}/status`)).json()) as { data: { status: string; progress: number } }).data;

    // Kill it mid-transcode: once progress is reported and before it is done.
    const midway = await until(async () => {
      const now = await status();
      return now.progress > 0 ? now : undefined;
    }, 'transcode progress');
    expect(midway.status).toBe('processing');
    running[0]!.child.kill('SIGKILL');
    await running[0]!.exited;

    origin = await start();
    const relogin = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: creator.email, password: DEMO_PASSWORD }),
    });
    const again = ((await relogin.json()) as { data: { token: string } }).data.token;
    const after = async () => ((await (await fetch(`${origin}/api/user/feeds/${feedId}/file/${fileId}/status`, { headers: { authorization: again } })).json()) as { data: { status: string; progress: number } }).data;
    const finished = await until(async () => {
      const now = await after();
      expect(now.status).not.toBe('error');
      return now.status === 'finished' ? now : undefined;
    }, 'the resumed transcode', 120_000);
    expect(finished.progress).toBe(100);

    // And it plays: the master playlist lists both renditions.
    const url = await fetch(`${origin}/api/feeds/file/${feedId}/videos/${fileId}/url`, { method: 'POST', headers: { authorization: again } });
    expect(url.status).toBe(200);
    const master = await fetch(((await url.json()) as { data: { url: string } }).data.url.replace(/^https?:\/\/[^/]+/, origin), { headers: { authorization: again } });
    const text = await master.text();
    expect(text).toContain('RESOLUTION=640x360');
    expect(text).toContain('RESOLUTION=1280x720');
  }, SOAK_TEST_MS);
});
