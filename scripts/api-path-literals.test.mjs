/**
 * The API path rule on a repository planted in a temporary folder: a contract with three
 * routes, a widget that writes one of their paths (plain, as a template with a parameter,
 * and as a base) and a host page that writes only the site's own paths. Run: node --test scripts/*.test.mjs
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { lintApiPathLiterals } from './api-path-literals.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = mkdtempSync(path.join(tmpdir(), 'api-paths-'));
after(() => rmSync(root, { recursive: true, force: true }));

function plant(file, text) {
  const full = path.join(root, ...file.split('/'));
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

plant(
  'contract/src/routes.ts',
  `export const routes = {
  'auth.login': route('POST', '/auth/login', 'public'),
  'performers.get': route('GET', '/performers/:id', 'optional'),
  'photos.upload': route('POST', '/performer/performer-assets/photos/upload', 'restricted'),
};
`,
);
plant('contract/src/money.ts', "export const moneyActions = [action('topup', '/payment/wallet/top-up', 'topup', { from: 'body', field: 'amount' })];\n");
plant(
  'widgets/src/tip/tip-api.ts',
  `export const one = (id: string) => session.http.get(\`/performers/\${encodeURIComponent(id)}\`);
export const base = '/performer/performer-assets';
export const pay = '/payment/wallet/top-up';
`,
);
plant(
  'host/src/pages/home.tsx',
  `export const pages = ['/home', '/creator/dashboard', \`/\${'ana'}\`, \`/calls/\${'c1'}\`, '/auth/login?redirectFrom=%2Fhome'];
export const api = session.api.performers.get({ id: 'ana' });
`,
);
plant('host/src/pages/home.test.tsx', "export const inTest = '/performers/ana';\n");

test('reports each planted API path at its file and line, and passes the site paths and the tests', () => {
  const { problems } = lintApiPathLiterals(root);
  assert.deepEqual(
    problems.map((problem) => problem.split(': ')[0]),
    ['widgets/src/tip/tip-api.ts:1', 'widgets/src/tip/tip-api.ts:2', 'widgets/src/tip/tip-api.ts:3'].map((where) => where.replaceAll('/', path.sep)),
  );
  assert.match(problems[0] ?? '', /'\/performers\/\$\{…\}' is an API path/);
});

test('without the sign-in page exception, the page path that is also the sign-in route is reported', () => {
  const { problems } = lintApiPathLiterals(root, { exceptions: [] });
  const home = path.join('host', 'src', 'pages', 'home.tsx');
  assert.deepEqual(problems.map((problem) => problem.split(': ')[0]).filter((where) => where.startsWith(home)), [home + ':1']);
});

test('npm run lint exits 1 on the planted repository', () => {
  const run = spawnSync(process.execPath, [path.join(here, 'lint-boundaries.mjs'), '--root', root], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /widgets\/src\/tip\/tip-api\.ts:1: /);
  assert.match(run.stderr, /3 API path literals outside the contract/);
});

test('the repository itself writes no API path outside the contract', () => {
  assert.deepEqual(lintApiPathLiterals(path.resolve(here, '..')).problems, []);
});
