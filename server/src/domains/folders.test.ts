import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { domainEntries } from './folders.js';
import { loadDomains } from './index.js';

describe('domains are found by their folders', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fandeck-domains-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes a folder with <folder>.plugin.ts or <folder>.routes.ts, the plugin first, and nothing else', () => {
    const make = (file: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), 'export default {};\n');
    };
    make('zeta/zeta.routes.ts');
    make('alpha/alpha.plugin.ts');
    make('alpha/alpha.routes.ts');
    make('helpers/shared.ts'); // a folder without an entry file is not a domain
    make('beta/other.routes.ts'); // the entry is named after its folder
    make('loose.routes.ts'); // a file beside the folders is not a domain
    expect(domainEntries(dir)).toEqual([
      { folder: 'alpha', file: 'alpha.plugin.ts' },
      { folder: 'zeta', file: 'zeta.routes.ts' },
    ]);
  });

  it('loads one plugin per domain folder of the server, each with its own name', async () => {
    const found = domainEntries(path.dirname(new URL(import.meta.url).pathname));
    const plugins = await loadDomains();
    expect(plugins).toHaveLength(found.length);
    expect(found.map((entry) => entry.folder)).toEqual(expect.arrayContaining(['accounts', 'wallet', 'products']));
    const names = plugins.map((plugin) => plugin.name);
    expect(new Set(names).size).toBe(names.length);
    expect(plugins.every((plugin) => typeof plugin.register === 'function')).toBe(true);
  });
});
