/** `npm start` builds only what changed. Run: node --test scripts/*.test.mjs */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { isStale, writeStamp } from './build-changed.mjs';

function tree() {
  const base = mkdtempSync(path.join(os.tmpdir(), 'build-changed-'));
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), text);
  };
  write('package-lock.json', '{}');
  write('contract/src/routes.ts', 'export const a = 1;');
  write('host/src/main.tsx', 'render();');
  return { base, write };
}

const host = { workspace: 'host', from: ['contract'] };

test('builds the first time, then not until an input changes', () => {
  const { base, write } = tree();
  assert.equal(isStale(host, base), true);
  writeStamp(host, base);
  assert.equal(isStale(host, base), false);
  // Outputs, tests and dependencies are not inputs.
  write('host/dist/index.html', '<html>');
  write('host/src/main.test.tsx', 'test();');
  write('host/node_modules/x/index.js', 'x');
  assert.equal(isStale(host, base), false);
  // Its own source, a package it builds from, or the lockfile are.
  write('host/src/main.tsx', 'render(2);');
  assert.equal(isStale(host, base), true);
  writeStamp(host, base);
  write('contract/src/routes.ts', 'export const a = 2;');
  assert.equal(isStale(host, base), true);
  writeStamp(host, base);
  write('package-lock.json', '{"v":2}');
  assert.equal(isStale(host, base), true);
});

test('a new file counts, even with content seen elsewhere', () => {
  const { base, write } = tree();
  writeStamp(host, base);
  write('host/src/extra.ts', 'render();');
  assert.equal(isStale(host, base), true);
});
