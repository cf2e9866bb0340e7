/**
 * The import-cycle check (issue 23) on cycles planted in a temporary repository: two
 * files importing each other are reported, by the checker and by the lint command (exit
 * 1); a loop of three is one cycle; type-only imports and `import()` are not edges. The
 * repository's own server has none. Run: node --test scripts/import-cycles.test.mjs
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findImportCycles } from './import-cycles.mjs';
import { lintBoundaries } from './lint-boundaries.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const made = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A temporary repository root with these files (paths relative to it). */
function plant(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  made.push(root);
  for (const [name, text] of Object.entries(files)) {
    const full = path.join(root, name);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
}

const src = (name) => path.join('server', 'src', name);

test('two files importing each other are one cycle, named with the importing lines', () => {
  const root = plant({
    [src('domains/a/a.service.ts')]: "import { b } from '../b/b.service.js';\nexport const a = () => b();\n",
    [src('domains/b/b.service.ts')]: "import { x } from './x.js';\nimport { a } from '../a/a.service.js';\nexport const b = () => a() + x;\n",
    [src('domains/b/x.ts')]: 'export const x = 1;\n',
  });
  const cycles = findImportCycles(path.join(root, 'server', 'src'), root);
  assert.equal(cycles.length, 1);
  assert.deepEqual(cycles[0].files, [src('domains/a/a.service.ts'), src('domains/b/b.service.ts')]);
  assert.deepEqual(cycles[0].loop, [`${src('domains/a/a.service.ts')}:1 -> ${src('domains/b/b.service.ts')}`, `${src('domains/b/b.service.ts')}:2 -> ${src('domains/a/a.service.ts')}`]);
});

test('the lint reports a planted cycle and its command exits 1', () => {
  const root = plant({
    [src('one.ts')]: "export { two } from './two.js';\nexport const one = 1;\n",
    [src('two.ts')]: "import { one } from './one.js';\nexport const two = one + 1;\n",
  });
  const { problems } = lintBoundaries(root);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^server[\\/]src[\\/]one\.ts:1: import cycle among server[\\/]src[\\/]one\.ts, server[\\/]src[\\/]two\.ts/);
  const run = spawnSync(process.execPath, [path.join(here, 'lint-boundaries.mjs'), '--root', root], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /import cycle among/);
  assert.match(run.stderr, /1 import boundary breach /);
});

test('a loop of three files, a folder import and a self-import are found', () => {
  const root = plant({
    [src('p.ts')]: "import { q } from './q.js';\nexport const p = () => q;\n",
    [src('q.ts')]: "import { r } from './r/index.js';\nexport const q = () => r;\n",
    [src('r/index.ts')]: "import { p } from '../p.js';\nexport const r = () => p;\n",
    [src('self.ts')]: "import * as me from './self.js';\nexport const self = () => me;\n",
  });
  const cycles = findImportCycles(path.join(root, 'server', 'src'), root);
  assert.deepEqual(
    cycles.map((cycle) => cycle.files),
    [[src('p.ts'), src('q.ts'), src('r/index.ts')], [src('self.ts')]],
  );
  assert.equal(cycles[0].loop.length, 3);
});

test('type-only imports and import() calls are not cycles', () => {
  const root = plant({
    [src('a.ts')]: "import type { B } from './b.js';\nimport { type C } from './c.js';\nexport interface A { b?: B; c?: C }\nexport const load = () => import('./b.js');\n",
    [src('b.ts')]: "import type { A } from './a.js';\nexport interface B { a?: A }\nexport const b = 1;\n",
    [src('c.ts')]: "export type { A } from './a.js';\nexport interface C { n: number }\n",
  });
  assert.deepEqual(findImportCycles(path.join(root, 'server', 'src'), root), []);
});

test('the server has no import cycle', () => {
  const root = path.join(here, '..');
  assert.deepEqual(findImportCycles(path.join(root, 'server', 'src'), root), []);
});
