/**
 * `npm start`'s build step: builds a workspace only when what it is built from changed
 * since its last build, so a second start goes straight to the server. A workspace's
 * inputs are its own files, the packages it builds from (contract, widgets) and the
 * lockfile; the fingerprint (paths, sizes, contents) is kept beside its output in
 * `dist/.build-stamp` and written after a successful build, so a build that writes
 * tracked files (the docs' element manifest) does not count as a change next time.
 *
 *   node scripts/build-changed.mjs          build what changed
 *   node scripts/build-changed.mjs server   only these workspaces, if they changed
 *   node scripts/build-changed.mjs --force  build everything
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Build order, and what each is built from besides itself. */
export const BUILDS = [
  { workspace: 'server', from: ['contract'] },
  { workspace: 'widgets', from: ['contract'] },
  { workspace: 'loader', from: ['contract', 'widgets'] },
  { workspace: 'host', from: ['contract', 'widgets'] },
  { workspace: 'docs', from: ['widgets'] },
];

// Outputs that live beside the inputs (the element manifest is made from widgets' sources).
const SKIP = new Set(['node_modules', 'dist', '.git', 'coverage', '.vite', '.test-data', '.data', 'custom-elements.json']);
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function listFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (entry.isFile() && !isTest(entry.name)) out.push(full);
  }
  return out;
}

/** A fingerprint of every input file of `build` under `base`. */
export function fingerprint(build, base = root) {
  const hash = createHash('sha256');
  const dirs = [build.workspace, ...build.from].map((name) => path.join(base, name));
  const files = dirs.flatMap((dir) => (existsSync(dir) ? listFiles(dir) : []));
  const lock = path.join(base, 'package-lock.json');
  if (existsSync(lock)) files.push(lock);
  for (const file of files.sort()) {
    hash.update(path.relative(base, file)).update('\0').update(String(statSync(file).size)).update('\0');
    hash.update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export const stampPath = (build, base = root) => path.join(base, build.workspace, 'dist', '.build-stamp');

/** Whether `build` must run: no stamp, or its inputs changed since the stamp was written. */
export function isStale(build, base = root) {
  const stamp = stampPath(build, base);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== fingerprint(build, base);
}

export function writeStamp(build, base = root) {
  mkdirSync(path.dirname(stampPath(build, base)), { recursive: true });
  writeFileSync(stampPath(build, base), `${fingerprint(build, base)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const unknown = only.filter((name) => !BUILDS.some((build) => build.workspace === name));
  if (unknown.length > 0) {
    console.error(`No such build: ${unknown.join(', ')}. The builds: ${BUILDS.map((build) => build.workspace).join(', ')}.`);
    process.exit(2);
  }
  for (const build of BUILDS.filter((one) => only.length === 0 || only.includes(one.workspace))) {
    if (!force && !isStale(build)) {
      console.log(`build: ${build.workspace} is up to date`);
      continue;
    }
    console.log(`build: ${build.workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeStamp(build);
  }
}
