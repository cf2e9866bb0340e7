import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureServerBundle } from '../../testing/server-bundle.js';
import { SNAPSHOT_ENV, writePgliteSnapshot } from './databases.js';

export default async function setup() {
  // Tests that start the server as a process start the bundle npm start runs.
  ensureServerBundle();
  const dir = path.resolve('.test-data');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-snapshot-${process.pid}.tar.gz`);
  await writePgliteSnapshot(file);
  process.env[SNAPSHOT_ENV] = file;
}
