#!/usr/bin/env node
/**
 * `npm test`: every check and test suite of the repository, independent suites side by
 * side within the machine's cores, each suite's output kept whole in its own log and
 * printed as one block when it ends, then each suite's wall time and the total.
 *
 * First, in order: the machine gets what the browser suites need (machine-tools.mjs) and
 * the server bundle the server and end-to-end suites start is built if stale. Then
 * the suites run `--jobs` at a time (default: the machine's cores), longest first, so two run
 * side by side on two cores. Each vitest suite runs with one worker (vitest's own default
 * on two cores).
 *
 *   node scripts/run-suites.mjs                 every suite
 *   node scripts/run-suites.mjs server-pglite widgets  only these
 *   node scripts/run-suites.mjs --jobs 1        one at a time
 *   node scripts/run-suites.mjs --list          the suites, in run order
 *
 * Logs: .test-logs/<suite>.log (the last run's). Exit code: 0 when every suite passed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** scripts/*.test.mjs, relative to the repository root. */
export function scriptTests() {
  return readdirSync(path.join(root, 'scripts'))
    .filter((name) => name.endsWith('.test.mjs'))
    .sort()
    .map((name) => `scripts/${name}`);
}

/**
 * The server suite's soak files (each bounded by a count of events, tens of seconds even
 * alone), in two suites of about equal length beside the rest of the embedded-database
 * files, so that no suite is one worker running them all.
 */
export const SERVER_SOAK_GROUPS = [
  ['src/http/bad-input.test.ts', 'src/domains/outreach/mass-send.test.ts', 'src/production-defaults.test.ts'],
  ['src/realtime/messages-survive-kill.test.ts', 'src/db/data-folder.test.ts', 'src/media/transcode-restart.test.ts'],
];
export const SERVER_SOAK = SERVER_SOAK_GROUPS.flat();

const e2eShard = (index, of) => ({
  name: `e2e-${index}`,
  command: ['npm', 'run', '-s', 'test', '-w', 'test', '--', `--shard=${index}/${of}`],
  browser: true,
  serverBundle: true,
  e2eBuilds: true,
});

/**
 * The suites, longest first (as measured on the CI machine; the order only decides who
 * starts first). The end-to-end files run in two shards and the embedded-database files
 * in two suites, so that `--jobs` suites side by side share the work evenly.
 * `browser`: needs Chromium, so it waits for the tools step. `serverBundle`: starts the
 * server as `npm start` does (server/dist), built once before the suites start so that no
 * two suites build it at once. `e2eBuilds`: waits for the embed and host builds
 * (test/support/prepare-builds.ts), made once for both shards while other suites run.
 */
export const SUITES = [
  e2eShard(1, 2),
  e2eShard(2, 2),
  ...SERVER_SOAK_GROUPS.map((files, index) => ({
    name: `server-soak-${index + 1}`,
    command: ['npm', 'run', '-s', 'test', '-w', 'server', '--', '--project', 'pglite', ...files],
    serverBundle: true,
  })),
  // The rest of the server suite on the embedded database, and the production
  // configuration's tests on PostgreSQL with Redis (which alone use the shared Redis).
  {
    name: 'server-pglite',
    command: ['npm', 'run', '-s', 'test', '-w', 'server', '--', '--project', 'pglite', ...SERVER_SOAK.flatMap((file) => ['--exclude', file])],
    serverBundle: true,
  },
  { name: 'server-postgres', command: ['npm', 'run', '-s', 'test', '-w', 'server', '--', '--project', 'postgres'], needs: 'TEST_DATABASE_URL', serverBundle: true },
  { name: 'typecheck', command: ['npm', 'run', '-s', 'typecheck', '--workspaces', '--if-present'] },
  { name: 'widgets', command: ['npm', 'run', '-s', 'test', '-w', 'widgets'], browser: true },
  { name: 'contract', command: ['npm', 'run', '-s', 'test', '-w', 'contract'] },
  { name: 'lint', command: ['node', 'scripts/lint-boundaries.mjs'] },
  // The scripts' own tests, named one by one: node's runner given a folder also runs any
  // file named test-*.mjs, which would start a script instead of testing it.
  { name: 'scripts', command: ['node', '--test', ...scriptTests()] },
];

/**
 * How many suites run side by side by default: one more than the cores. Every suite spends
 * part of its time waiting (an end-to-end shard on Chromium and its server, about half its
 * time; a soak file on the servers it kills and restarts), so a third suite on two cores
 * fills those gaps. Measured on two cores (.ci/run, quiet): cores 23.3 min, cores + 1
 * 15.2 min, cores + 2 16.3 min (four suites slow each other more than they fill gaps).
 */
export const defaultJobs = () => os.availableParallelism() + 1;

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** Tests counted in a suite's output: vitest's "Tests  12 passed | 1 failed | 2 skipped" and node's "# pass 3 / # fail 0". */
export function countTests(output) {
  const text = output.replace(ANSI, '');
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const line of text.split('\n')) {
    const vitest = /^\s*Tests\s+(.*)$/.exec(line);
    if (vitest && /\(\d+\)\s*$/.test(line)) {
      for (const [, n, kind] of vitest[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
        if (kind === 'todo') counts.skipped += Number(n);
        else counts[kind] += Number(n);
      }
    }
    const node = /^# (pass|fail|skipped) (\d+)$/.exec(line);
    if (node) counts[node[1] === 'pass' ? 'passed' : node[1] === 'fail' ? 'failed' : 'skipped'] += Number(node[2]);
  }
  return counts;
}

export const formatSeconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const CPU_MARK = '@@suite-cpu';
/** Milliseconds of CPU the suite's processes used: the second line after the mark is bash's `times` for its children ("1m23.400s 0m12.300s": user, system); null without it. */
export function cpuOf(output) {
  const lines = output.split('\n');
  const at = lines.findIndex((one) => one.trim() === CPU_MARK.trim());
  const line = at >= 0 ? lines[at + 2] : undefined;
  if (!line) return null;
  const spans = [...line.matchAll(/(\d+)m([\d.]+)s/g)];
  if (spans.length < 2) return null;
  return spans.slice(0, 2).reduce((sum, [, minutes, seconds]) => sum + (Number(minutes) * 60 + Number(seconds)) * 1000, 0);
}

/** Runs `suites` in order, at most `jobs` at a time; calls `onDone` with each result as it ends. */
export async function runPool(suites, jobs, start, onDone) {
  const queue = [...suites];
  const results = [];
  const worker = async () => {
    for (let suite = queue.shift(); suite; suite = queue.shift()) {
      const result = await start(suite);
      results.push(result);
      onDone?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, suites.length)) }, worker));
  return results;
}

function startSuite(suite, logDir) {
  const began = performance.now();
  const logFile = path.join(logDir, `${suite.name}.log`);
  const log = createWriteStream(logFile);
  let output = '';
  console.log(`── ${suite.name}: started (${suite.command.join(' ')})`);
  return new Promise((resolve) => {
    // Through bash, whose `times` then prints the CPU the suite's processes used (user, system).
    const child = spawn('bash', ['-c', `"$@"; status=$?; echo; echo "${CPU_MARK}"; times; exit $status`, 'suite', ...suite.command], {
      cwd: root,
      // No colours in logs; vitest's reporter still prints every file.
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const take = (chunk) => {
      output += chunk;
      log.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code, signal) => {
      log.end();
      const cpuMs = cpuOf(output);
      const mark = output.lastIndexOf(`\n${CPU_MARK.trim()}\n`);
      if (mark >= 0) output = output.slice(0, mark);
      resolve({ suite: suite.name, code: code ?? 1, signal, ms: performance.now() - began, cpuMs, output, logFile, counts: countTests(output) });
    });
  });
}

/** Runs test/support/prepare-builds.ts (the end-to-end shards' builds) once; its output goes to its own log, and into the shards' results if it fails. */
function prepareE2eBuilds(logDir) {
  const began = performance.now();
  const logFile = path.join(logDir, 'e2e-builds.log');
  console.log('── e2e builds: started (npx tsx test/support/prepare-builds.ts)');
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', 'test/support/prepare-builds.ts'], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      createWriteStream(logFile).end(output);
      console.log(`── e2e builds: ${code === 0 ? 'done' : 'FAILED'} in ${formatSeconds(performance.now() - began)} (log: ${path.relative(root, logFile)})`);
      resolve({ code: code ?? 1, signal, cpuMs: null, output: code === 0 ? '' : `the end-to-end builds failed:\n${output}`, logFile });
    });
  });
}

function printResult(result) {
  const state = result.code === 0 ? 'passed' : `FAILED (exit ${result.signal ?? result.code})`;
  console.log(`\n━━━━ ${result.suite}: ${state} in ${formatSeconds(result.ms)} ━━━━`);
  process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
  console.log(`━━━━ end of ${result.suite} (log: ${path.relative(root, result.logFile)}) ━━━━\n`);
}

function summary(results, order, totalMs) {
  const rows = order.map((name) => results.find((result) => result.suite === name)).filter(Boolean);
  const width = Math.max(...rows.map((row) => row.suite.length), 5);
  const lines = ['', 'suite'.padEnd(width) + '  result  wall time    CPU time   tests'];
  const cpu = (row) => (row.cpuMs === null ? '-' : formatSeconds(row.cpuMs));
  for (const row of rows) {
    const { passed, failed, skipped } = row.counts;
    const tests = passed + failed + skipped > 0 ? `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}` : '-';
    lines.push(`${row.suite.padEnd(width)}  ${(row.code === 0 ? 'ok' : 'FAILED').padEnd(6)}  ${formatSeconds(row.ms).padStart(9)}  ${cpu(row).padStart(10)}   ${tests}`);
  }
  const sum = rows.reduce((all, row) => all + row.ms, 0);
  const cpuSum = rows.reduce((all, row) => all + (row.cpuMs ?? 0), 0);
  lines.push(`${'total'.padEnd(width)}  ${(rows.every((row) => row.code === 0) ? 'ok' : 'FAILED').padEnd(6)}  ${formatSeconds(totalMs).padStart(9)}  ${formatSeconds(cpuSum).padStart(10)}   (wall; the suites' own wall times add up to ${formatSeconds(sum)})`);
  return lines.join('\n');
}

async function main(argv) {
  const jobsAt = argv.indexOf('--jobs');
  const jobs = jobsAt >= 0 ? Number(argv[jobsAt + 1]) : defaultJobs();
  const names = argv.filter((arg, index) => !arg.startsWith('--') && !(jobsAt >= 0 && index === jobsAt + 1));
  if (argv.includes('--list')) {
    for (const suite of SUITES) console.log(suite.name);
    return 0;
  }
  const unknown = names.filter((name) => !SUITES.some((suite) => suite.name === name));
  if (unknown.length > 0) {
    console.error(`No such suite: ${unknown.join(', ')}. The suites: ${SUITES.map((suite) => suite.name).join(', ')}.`);
    return 2;
  }
  if (!Number.isInteger(jobs) || jobs < 1) {
    console.error('--jobs takes a whole number of at least 1.');
    return 2;
  }
  const named = names.length > 0 ? SUITES.filter((suite) => names.includes(suite.name)) : SUITES;
  // A suite that needs a service the environment does not name is left out, saying so (in CI the suite's own config refuses to run without it).
  const chosen = named.filter((suite) => !suite.needs || process.env[suite.needs]);
  for (const suite of named.filter((one) => !chosen.includes(one))) console.log(`── ${suite.name}: not run, ${suite.needs} is not set`);
  const began = performance.now();

  if (chosen.some((suite) => suite.browser)) {
    const tools = spawnSync(process.execPath, [path.join(root, 'scripts/machine-tools.mjs')], { cwd: root, stdio: 'inherit' });
    if (tools.status !== 0) return tools.status ?? 1;
  }
  if (chosen.some((suite) => suite.serverBundle)) {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-changed.mjs'), 'server'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) return build.status ?? 1;
  }
  const logDir = path.join(root, '.test-logs');
  mkdirSync(logDir, { recursive: true });
  console.log(`Running ${chosen.length} suites, ${jobs} at a time: ${chosen.map((suite) => suite.name).join(', ')}`);
  // The embed and host builds the end-to-end shards share: made once, when the first shard is due.
  let builds;
  const built = () => (builds ??= prepareE2eBuilds(logDir));
  const start = async (suite) => {
    if (!suite.e2eBuilds) return startSuite(suite, logDir);
    const build = await built();
    return build.code === 0 ? startSuite(suite, logDir) : { ...build, suite: suite.name, ms: 0, counts: countTests('') };
  };
  const results = await runPool(chosen, jobs, start, printResult);
  const totalMs = performance.now() - began;
  console.log(summary(results, chosen.map((suite) => suite.name), totalMs));
  const counts = results.reduce((all, result) => ({ passed: all.passed + result.counts.passed, failed: all.failed + result.counts.failed, skipped: all.skipped + result.counts.skipped }), { passed: 0, failed: 0, skipped: 0 });
  const failedSuites = results.filter((result) => result.code !== 0).length;
  // A failed suite whose output counted no failed test (a crash, a type error) still counts as one failure.
  const failed = counts.failed + results.filter((result) => result.code !== 0 && result.counts.failed === 0).length;
  console.log(`\n${counts.passed} passed, ${failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  return failedSuites === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(await main(process.argv.slice(2)));
}
