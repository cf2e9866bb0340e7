/**
 * Issue 23's tables rules on a fixture (scripts/fixtures/tables): code other than the Drizzle
 * client that imports the tables' aggregate (db/schema/index.ts) is reported with the owner's
 * tables file of each name; a tables file that imports anything but tables files and the
 * column helpers is reported; server code outside the domains (http/, content/ …) reaches a
 * domain only through its door, its tables file being part of it; tests may do either. Run:
 * node --test scripts/*.test.mjs
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { outsideDomainImports } from './cross-domain-imports.mjs';
import { lintDomainDoors, lintDomainTables } from './lint-boundaries.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, 'fixtures', 'tables');
const at = (where) => where.replaceAll('/', path.sep);
const places = (problems) => problems.map((problem) => problem.split(': ')[0]).sort();

test('the aggregate imported outside the Drizzle client, and a tables file importing code, are reported', () => {
  const problems = lintDomainTables(fixture);
  assert.deepEqual(places(problems), ['server/src/content/totals.ts:1', 'server/src/domains/subscriptions/renewal.ts:2', 'server/src/domains/subscriptions/subscriptions.tables.ts:1'].map(at));
  const renewal = problems.find((problem) => problem.includes('renewal.ts')) ?? '';
  assert.match(renewal, /imports the tables' aggregate '\.\.\/\.\.\/db\/schema\/index\.js'/);
  assert.match(renewal, /walletCharges from 'domains\/wallet\/wallet\.tables\.ts', WalletChargeTarget from 'domains\/wallet\/wallet\.tables\.ts'/);
  assert.match(problems.find((problem) => problem.includes('subscriptions.tables.ts')) ?? '', /a tables file imports '\.\/plans\.js'; it may import only other tables files/);
});

test('code outside the domains reaches one through its door or its tables file, never its inside', () => {
  assert.deepEqual(places(lintDomainDoors(fixture)), ['server/src/http/guard.ts:3'].map(at));
  assert.match(lintDomainDoors(fixture)[0], /'http\/guard\.ts', outside the domains, imports 'accounts\/accounts\.service\.ts', inside the domain 'accounts'; import it from its door, 'accounts\/index\.ts' or 'accounts\/accounts\.tables\.ts'/);
  const found = outsideDomainImports(path.join(fixture, 'server', 'src'));
  assert.deepEqual(
    found.map(({ file, line, door }) => `${file}:${line} ${door ? 'door' : 'inside'}`).sort(),
    // The aggregate's re-exports (db/schema/index.ts) name tables files: doors too.
    ['db/schema/index.ts:1 door', 'db/schema/index.ts:2 door', 'db/schema/index.ts:3 door', 'http/guard.ts:1 door', 'http/guard.ts:2 door', 'http/guard.ts:3 inside'],
  );
});

test('npm run lint exits 1 naming each planted breach', () => {
  const run = spawnSync(process.execPath, [path.join(here, 'lint-boundaries.mjs'), '--root', fixture], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /server\/src\/content\/totals\.ts:1: imports the tables' aggregate/);
  assert.match(run.stderr, /4 import boundary breaches/);
});

test('the repository itself: tables only from their owners, never from the aggregate', () => {
  assert.deepEqual(lintDomainTables(path.join(here, '..')), []);
});
