import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { hostDist, repoRoot } from './paths.js';

/**
 * The server serves host/dist; build it once when a fresh checkout has none.
 * An existing build is used as it is (run `npm run build -w host` after changes).
 */
export default function setup(): void {
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
