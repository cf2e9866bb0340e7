#!/usr/bin/env node
/**
 * `npm run test:busy`: the whole test run (scripts/run-suites.mjs, with any arguments
 * given) while Debian's stress-ng keeps every core busy, as a loaded CI box, a slow laptop
 * or a neighbour's build would. A test that passes only on a quiet machine fails here.
 * stress-ng is installed when missing (as root on Debian), as Chromium is for `npm test`.
 * Its load runs at the tests' own priority, one busy worker per core, for as long as the
 * tests run (and never longer than its own bound), and is stopped however the run ends.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureStressNg, machineIo } from './machine-tools.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** stress-ng stops by itself after this, should this script be killed before it stops it. */
const LOAD_BOUND = '3h';

const stressNg = ensureStressNg(machineIo());
if (!stressNg) process.exit(1);

const cores = os.availableParallelism();
const load = spawn(stressNg, ['--cpu', String(cores), '--timeout', LOAD_BOUND, '--quiet'], { stdio: 'inherit', detached: true });
const stopLoad = () => {
  try {
    process.kill(-load.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};
process.on('exit', stopLoad);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
console.log(`test:busy: stress-ng keeps ${cores} cores busy (--cpu ${cores}) while the tests run`);

const tests = spawn(process.execPath, [path.join(root, 'scripts/run-suites.mjs'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
tests.on('close', (code, signal) => {
  stopLoad();
  process.exit(code ?? (signal ? 1 : 0));
});
