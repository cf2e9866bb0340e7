/**
 * Suites that start the real server start it as `npm start` does, from the bundle in
 * server/dist. Their global setup calls this: it builds the bundle when the server's or
 * the contract's sources changed since it was built (scripts/build-changed.mjs keeps the
 * fingerprint), and does nothing otherwise. `npm test` builds it once before the suites
 * start, so suites running side by side never build it at the same time.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const serverBundle = path.join(root, 'server/dist/main.mjs');

export function ensureServerBundle(): void {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-changed.mjs'), 'server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the server bundle failed: run node scripts/build-changed.mjs server to see why.');
}
