/**
 * The domain door rule (issue 23) on a fixture (scripts/fixtures/doors): a domain that
 * imports another's inside is reported at its file and line with the door to use, by
 * `npm run lint`'s command too; imports of a door (index.ts or types.ts), inside one's own
 * domain, and from tests and test kits pass. Run: node --test scripts/*.test.mjs
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { crossDomainImports } from './cross-domain-imports.mjs';
import { lintDomainDoors } from './lint-boundaries.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, 'fixtures', 'doors');
const at = (where) => where.replaceAll('/', path.sep);

test('an import past a door is reported at its line, naming the door; door imports pass', () => {
  const problems = lintDomainDoors(fixture);
  assert.deepEqual(
    problems.map((problem) => problem.split(': ')[0]),
    // renewal.ts:1 and :2 import wallet's doors (index.ts, types.ts): not reported; :3 a value, :4 a type, :8 an import() past it.
    ['server/src/domains/feeds/feeds.service.ts:1', 'server/src/domains/subscriptions/renewal.ts:3', 'server/src/domains/subscriptions/renewal.ts:4', 'server/src/domains/subscriptions/renewal.ts:8'].map(at),
  );
  assert.match(problems[1], /the domain 'subscriptions' imports 'wallet\/wallet\.service\.ts', inside the domain 'wallet'; import it from its door, 'wallet\/index\.ts' or 'wallet\/types\.ts'/);
  assert.match(problems[0], /'coupons\/index\.ts' \(none yet: add it, exporting what 'feeds' needs\)/);
});

test('the count tells door imports from the ones that bypass a door, and leaves tests out', () => {
  const found = crossDomainImports(path.join(fixture, 'server', 'src', 'domains'));
  assert.deepEqual(
    found.map(({ file, line, door, typeOnly }) => `${file}:${line} ${door ? 'door' : 'bypass'}${typeOnly ? ' type' : ''}`),
    [
      'feeds/feeds.service.ts:1 bypass',
      'subscriptions/renewal.ts:1 door',
      'subscriptions/renewal.ts:2 door type',
      'subscriptions/renewal.ts:3 bypass',
      'subscriptions/renewal.ts:4 bypass type',
      'subscriptions/renewal.ts:8 bypass',
    ],
  );
});

test('npm run lint exits 1 with file:line messages on the planted breach', () => {
  const run = spawnSync(process.execPath, [path.join(here, 'lint-boundaries.mjs'), '--root', fixture], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /server\/src\/domains\/subscriptions\/renewal\.ts:3: the domain 'subscriptions' imports 'wallet\/wallet\.service\.ts'/);
  assert.match(run.stderr, /4 import boundary breaches/);
});

test('the repository itself: every domain reaches another only through its door', () => {
  assert.deepEqual(lintDomainDoors(path.join(here, '..')), []);
  const found = crossDomainImports(path.join(here, '..', 'server', 'src', 'domains'));
  assert.ok(found.length > 0 && found.every((item) => item.door));
});
