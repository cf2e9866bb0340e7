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
import { lintBoundaries, lintLiteralLimits } from './lint-boundaries.mjs';

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
      // A pattern export (`./*.model`) lets wallet.model through (line 4) but not a file it names that does not exist.
      'host/src/page.tsx:5',
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
  assert.match(run.stderr, /7 import boundary breaches/);
});

test('the repository itself keeps its boundaries', () => {
  const { problems } = lintBoundaries(path.join(here, '..'));
  assert.deepEqual(problems, []);
});

// scripts/fixtures/limits plants literal field lengths next to a contract one, a constant and a test's literal.
const limitsFixture = path.join(here, 'fixtures', 'limits');

test('reports each literal maxLength/minLength of a widgets or host .tsx at its line, not a constant or a test', () => {
  const { problems } = lintLiteralLimits(limitsFixture);
  assert.deepEqual(
    problems.map((problem) => problem.split(': ')[0]).sort(),
    ['host/src/pages/name-field.tsx:5', 'host/src/pages/name-field.tsx:6', 'widgets/src/tip/tip-form.tsx:5'].map((where) => where.replaceAll('/', path.sep)),
  );
  assert.match(problems.find((problem) => problem.includes('tip-form.tsx')) ?? '', /maxLength=\{500\} is a number written here; take the bound from LIMITS in @fandeck\/contract/);
  assert.match(problems.find((problem) => problem.includes('name-field.tsx:5')) ?? '', /minLength="3"/);
});

test('the command exits 1 on a planted literal field length', () => {
  const run = spawnSync(process.execPath, [path.join(here, 'lint-boundaries.mjs'), '--root', limitsFixture], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /widgets\/src\/tip\/tip-form\.tsx:5: maxLength=\{500\}/);
  assert.match(run.stderr, /3 literal field lengths where a contract limit belongs/);
});

test('the repository itself writes no literal field length', () => {
  assert.deepEqual(lintLiteralLimits(path.join(here, '..')).problems, []);
});
