import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SNAPSHOT_ENV, writePgliteSnapshot } from './databases.js';

export default async function setup() {
  const dir = path.resolve('.test-data');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-snapshot-${process.pid}.tar.gz`);
  await writePgliteSnapshot(file);
  process.env[SNAPSHOT_ENV] = file;
}
