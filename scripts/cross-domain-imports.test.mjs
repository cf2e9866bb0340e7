/**
 * The cross-domain import count (issue 23) on a planted domains folder: an import from one
 * domain's folder into another's counts (type-only ones flagged), imports inside a domain,
 * of shared modules and from test files do not. Run: node --test scripts/cross-domain-imports.test.mjs
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { crossDomainImports } from './cross-domain-imports.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'cross-domain-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('counts imports from one domain into another, and nothing else', () => {
  const files = {
    'domains/plugin.ts': 'export const defineDomain = 1;\n',
    'shared.ts': 'export const shared = 1;\n',
    'domains/wallet/wallet.service.ts': "import { shared } from '../../shared.js';\nexport const debit = shared;\n",
    'domains/wallet/charge-handler.ts': "import { debit } from './wallet.service.js';\nexport type Handler = typeof debit;\n",
    'domains/subscriptions/renewal.ts':
      "import { defineDomain } from '../plugin.js';\nimport { debit } from '../wallet/wallet.service.js';\nimport type { Handler } from '../wallet/charge-handler.js';\nexport const renew = [defineDomain, debit] as unknown as Handler;\n",
    'domains/subscriptions/renewal.test.ts': "import { debit } from '../wallet/wallet.service.js';\nexport const x = debit;\n",
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const found = crossDomainImports(path.join(root, 'domains'));
  assert.deepEqual(
    found.map(({ from, to, target, line, typeOnly, door }) => ({ from, to, target, line, typeOnly, door })),
    [
      { from: 'subscriptions', to: 'wallet', target: 'wallet/wallet.service.ts', line: 2, typeOnly: false, door: false },
      { from: 'subscriptions', to: 'wallet', target: 'wallet/charge-handler.ts', line: 3, typeOnly: true, door: false },
    ],
  );
});
