import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The convention that makes a file hold tables: its name ends in `.tables.ts`. A domain's
 * are `domains/<domain>/<domain>.tables.ts`; a shared module's sit in its folder
 * (`money/money.tables.ts`, `money/ledger/ledger.tables.ts`, `jobs/jobs.tables.ts`,
 * `media/files.tables.ts`). Nothing lists them by hand: `schema/index.ts`, the aggregate the
 * Drizzle client and drizzle-kit read, is written from this list
 * (`npm run db:schema -w server`), and `table-files.test.ts` fails when it is stale.
 */
export const TABLES_FILE = /\.tables\.ts$/;

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const schemaIndexFile = path.join(srcDir, 'db', 'schema', 'index.ts');

/** Every `*.tables.ts` under `dir` (server/src), relative and `/`-separated, sorted. */
export function tableFiles(dir: string = srcDir): string[] {
  const found: string[] = [];
  const visit = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (TABLES_FILE.test(entry.name)) found.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  visit(dir);
  return found.sort();
}

/** The text of `schema/index.ts` for these table files. */
export function schemaIndexText(files: string[] = tableFiles()): string {
  return [
    '// Written by `npm run db:schema -w server` (src/db/table-files.ts) from every `*.tables.ts`',
    '// under src/; do not edit. Only the Drizzle client (db/client.ts) and drizzle-kit',
    "// (drizzle.config.ts) read it: code takes a table from its domain's `<domain>.tables.ts`.",
    ...files.map((file) => `export * from '../../${file.replace(/\.ts$/, '.js')}';`),
    '',
  ].join('\n');
}

/** Whether `schema/index.ts` is what the table files make it. */
export const schemaIndexIsCurrent = (): boolean => readFileSync(schemaIndexFile, 'utf8') === schemaIndexText();

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  writeFileSync(schemaIndexFile, schemaIndexText());
  console.log(`${path.relative(process.cwd(), schemaIndexFile)}: ${tableFiles().length} table files`);
}
