import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entries } from '../domains/entries.js';
import { schemaIndexFile, schemaIndexText, tableFiles } from './table-files.js';

describe('the tables and their aggregate', () => {
  it('schema/index.ts re-exports every *.tables.ts and nothing else (npm run db:schema -w server writes it)', () => {
    expect(readFileSync(schemaIndexFile, 'utf8')).toBe(schemaIndexText());
  });

  it("a domain's tables are in its folder, in the one file named after it", () => {
    const domains = new Set(entries().map((entry) => entry.folder));
    for (const file of tableFiles()) {
      const [top, folder, name] = file.split('/');
      if (top !== 'domains') continue;
      expect(domains, file).toContain(folder);
      expect(name, file).toBe(`${folder}.tables.ts`);
    }
  });

  it('db/schema keeps only the aggregate and the shared column helpers', () => {
    expect(readdirSync(path.dirname(schemaIndexFile)).sort()).toEqual(['columns.ts', 'ids.ts', 'index.ts']);
  });
});
