/** How `npm test` runs the suites and reads their counts. Run: node --test scripts/*.test.mjs */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { countTests, cpuOf, runPool, scriptTests, SERVER_SOAK, SUITES } from './run-suites.mjs';

test('reads vitest summaries (with and without colours) and node test counts', () => {
  const vitest = '\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m1230 passed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[33m14 skipped\u001b[39m\u001b[90m (1244)\u001b[39m\n';
  const plain = '      Tests  3 failed | 40 passed | 1 todo (44)\n';
  const node = '# tests 7\n# pass 6\n# fail 1\n# skipped 0\n';
  assert.deepEqual(countTests(vitest + plain + node), { passed: 1276, failed: 4, skipped: 15 });
  // A test named "Tests" in a file list is not a summary.
  assert.deepEqual(countTests(' ✓ src/a.test.ts > Tests 3 passed things\n'), { passed: 0, failed: 0, skipped: 0 });
});

test('runs at most `jobs` suites at once, longest first, and reports each as it ends', async () => {
  let running = 0;
  let most = 0;
  const started = [];
  const ended = [];
  const releases = new Map();
  const start = (suite) => {
    started.push(suite.name);
    running += 1;
    most = Math.max(most, running);
    return new Promise((resolve) => releases.set(suite.name, () => {
      running -= 1;
      resolve({ suite: suite.name, code: 0 });
    }));
  };
  const suites = ['a', 'b', 'c', 'd'].map((name) => ({ name }));
  const pool = runPool(suites, 2, start, (result) => ended.push(result.suite));
  const until = async (check) => {
    while (!check()) await new Promise((resolve) => setImmediate(resolve));
  };
  await until(() => started.length === 2);
  assert.deepEqual(started, ['a', 'b']);
  releases.get('b')();
  await until(() => started.length === 3);
  assert.deepEqual(started, ['a', 'b', 'c']);
  releases.get('a')();
  await until(() => started.length === 4);
  releases.get('c')();
  releases.get('d')();
  const results = await pool;
  assert.equal(most, 2);
  assert.deepEqual(ended, ['b', 'a', 'c', 'd']);
  assert.equal(results.length, 4);
});

test('every workspace with a test script has a suite, and the browser suites are marked', () => {
  const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const tested = root.workspaces.filter((dir) => JSON.parse(readFileSync(new URL(`../${dir}/package.json`, import.meta.url), 'utf8')).scripts?.test);
  assert.ok(tested.length >= 4);
  for (const dir of tested) assert.ok(SUITES.some((suite) => suite.command.join(' ').includes(`test -w ${dir}`)), `no suite runs ${dir}'s tests`);
  const names = SUITES.map((suite) => suite.name);
  for (const name of ['typecheck', 'lint', 'scripts']) assert.ok(names.includes(name), name);
  assert.deepEqual(SUITES.filter((suite) => suite.browser).map((suite) => suite.name).sort(), ['e2e-1', 'e2e-2', 'widgets']);
});

test('no script in scripts/ is named as node would take a test file (it would run, not be tested)', () => {
  const looksLikeTest = /(^test-|^test\.|[._-]test\.[cm]?js$|_test\.)/;
  const scripts = readdirSync(new URL('.', import.meta.url)).filter((name) => /\.[cm]?js$/.test(name));
  assert.deepEqual(scripts.filter((name) => looksLikeTest.test(name) && !name.endsWith('.test.mjs')), []);
  assert.deepEqual(scriptTests(), scripts.filter((name) => name.endsWith('.test.mjs')).sort().map((name) => `scripts/${name}`));
  assert.ok(scriptTests().includes('scripts/run-suites.test.mjs'));
});

test('reads the CPU a suite used from bash\'s times line', () => {
  assert.equal(cpuOf('lots of output\n\n@@suite-cpu\n0m0.010s 0m0.002s\n1m23.400s 0m12.300s\n'), 95_700);
  assert.equal(cpuOf('no such line\n'), null);
});

test('the server soak files exist, so the rest of the server suite leaves out only them', () => {
  for (const file of SERVER_SOAK) assert.ok(existsSync(new URL(`../server/${file}`, import.meta.url)), file);
  const soak = SUITES.filter((suite) => suite.name.startsWith('server-soak-'));
  const rest = SUITES.find((suite) => suite.name === 'server-pglite');
  assert.deepEqual(soak.flatMap((suite) => suite.command.slice(suite.command.indexOf('pglite') + 1)), SERVER_SOAK);
  assert.deepEqual(rest.command.filter((arg, index, all) => all[index - 1] === '--exclude'), SERVER_SOAK);
});
