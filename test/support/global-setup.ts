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
export default async function setup(): Promise<() => Promise<void>> {
  // Servers start from the bundle npm start runs (start-server.ts); the embed and the host are built too.
  prepareBuilds();
  // One real first start (migrated and seeded with the demo data), stopped cleanly; every
  // file's server starts from a copy of its folder (start-server.ts).
  const template = await mkdtemp(path.join(tmpdir(), 'fandeck-e2e-seeded-'));
  const first = await startServer({ env: { DATA_DIR: template, NODE_ENV: process.env.NODE_ENV ?? 'test' }, firstStart: true, keepData: true });
  if (!first.output().includes('first start: migrated and seeded demo data')) throw new Error(`the seeded template's server did not seed:\n${first.output()}`);
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
