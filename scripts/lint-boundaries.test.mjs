/**
 * The boundary rule on a fixture repository (scripts/fixtures/boundaries) that breaks
 * every rule once and keeps every allowed import once: each breach is reported at its
 * line, nothing allowed is, and the command exits 1. Run: node --test scripts/*.test.mjs
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { lintBoundaries } from './lint-boundaries.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, 'fixtures', 'boundaries');

test('reports each breach of the fixture at its file and line, and nothing allowed', () => {
  const { problems, features } = lintBoundaries(fixture);
  assert.deepEqual(features, ['tip', 'wallet']);
  assert.deepEqual(
    problems.map((problem) => problem.split(': ')[0]).sort(),
    [
      'host/src/page.tsx:1',
      'host/src/page.tsx:3',
      'widgets/src/kit/define.ts:6',
      'widgets/src/tip/fan-tip.element.ts:2',
      'widgets/src/tip/schemas.ts:2',
      'widgets/src/tip/uses-bridge.ts:1',
    ].map((where) => where.replaceAll('/', path.sep)),
  );
  assert.match(problems.find((problem) => problem.includes('fan-tip.element.ts')) ?? '', /feature 'tip' imports the feature 'wallet'/);
});

test('the command exits 1 with file:line messages on the fixture', () => {
  const run = spawnSync(process.execPath, [path.join(here, 'lint-boundaries.mjs'), '--root', fixture], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /widgets\/src\/tip\/fan-tip\.element\.ts:2: /);
  assert.match(run.stderr, /6 import boundary breaches/);
});

test('the repository itself keeps its boundaries', () => {
  const { problems } = lintBoundaries(path.join(here, '..'));
  assert.deepEqual(problems, []);
});
