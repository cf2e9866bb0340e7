import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchSharedBrowser, SHARED_BROWSER_ENV } from './browser.js';
import { prepareBuilds } from './prepare-builds.js';
import { SEEDED_TEMPLATE_ENV, startServer } from './start-server.js';

/**
 * Every build the end-to-end files need happens here, once, before any file runs: a
 * build started inside a test file would empty widgets/dist under another file's feet.
 * The widget chunks, bridge pages, loader and host site are built when missing or older
 * than their sources, so no file runs against a stale build.
 */
/** Waits (two minutes at most) until no demo creator's video post is still processing. */
async function demoVideosDone(origin: string): Promise<void> {
  const creators = ['bruno.costa', 'carla.souza', 'leomartins'];
  const deadline = Date.now() + 120_000;
  for (;;) {
    const pages = await Promise.all(creators.map(async (username) => (await fetch(`${origin}/api/user/feeds/search/${username}?type=video`)).json() as Promise<{ data: { data: { files: { status?: string | null }[] }[] } }>));
    const waiting = pages.flatMap((page) => page.data.data.flatMap((post) => post.files)).filter((file) => file.status === 'processing');
    if (waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error(`the demo videos are still processing after two minutes (${waiting.length} left)`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  // Servers start from the bundle npm start runs (start-server.ts); the embed and the host are built too.
  prepareBuilds();
  // One real first start (migrated and seeded with the demo data), stopped cleanly; every
  // file's server starts from a copy of its folder (start-server.ts).
  const template = await mkdtemp(path.join(tmpdir(), 'fandeck-e2e-seeded-'));
  const first = await startServer({ env: { DATA_DIR: template, NODE_ENV: process.env.NODE_ENV ?? 'test' }, firstStart: true, keepData: true });
  if (!first.output().includes('first start: migrated and seeded demo data')) throw new Error(`the seeded template's server did not seed:\n${first.output()}`);
  // The demo videos are transcoded by the server's job queue after the start: stopped only
  // once they are done, so no file's server transcodes them again.
  await demoVideosDone(first.origin);
  await first.stop();
  process.env[SEEDED_TEMPLATE_ENV] = template;
  // One Chromium for the run; each file connects to it (browser.ts).
  const browser = await launchSharedBrowser();
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint();
  return async () => {
    await browser.close();
    await rm(template, { recursive: true, force: true });
  };
}
