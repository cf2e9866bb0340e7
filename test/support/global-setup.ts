import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureEmbedBuilt } from './embed-build.js';
import { hostDist, repoRoot } from './paths.js';
import { ensureBridgeBuild } from './third-party-site.js';

/**
 * Every build the end-to-end files need happens here, once, before any file runs: a
 * build started inside a test file would empty widgets/dist under another file's feet.
 * The host is built when missing (run `npm run build -w host` after changes); the widget
 * chunks, bridge pages and loader when missing or older than their sources.
 */
export default function setup(): void {
  ensureEmbedBuilt();
  ensureBridgeBuild();
  ensureHostBuilt();
}

function ensureHostBuilt(): void {
  if (existsSync(path.join(hostDist, 'index.html'))) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', 'host'], {
    cwd: repoRoot,
    // vitest sets NODE_ENV=test, which would give a development React build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
    timeout: 300_000,
  });
  if (result.status !== 0 || !existsSync(path.join(hostDist, 'index.html'))) {
    throw new Error(`building host/dist failed (exit ${String(result.status)}${result.error ? `, ${result.error.message}` : ''})`);
  }
}
