/**
 * Which server test files run a second time on PostgreSQL with Redis (the `postgres`
 * project), besides every file on the embedded database (the `pglite` project).
 *
 * PGlite is PostgreSQL itself, compiled to WebAssembly, so a query that works there works
 * on a PostgreSQL server too. What differs is everything around the query: PGlite has one
 * connection, so transactions never overlap, locks never wait and a race cannot happen;
 * PostgreSQL has a pool of them, several processes and Redis between them. So the second
 * run covers the code whose correctness depends on that:
 * - money and everything that locks a balance, a quote, a coupon use or a payout;
 * - the database layer, the job queue and the live channel (with Redis, several processes);
 * - message sequences (numbered under concurrency);
 * - every test that asks which database it runs on (`testDatabaseKind()`,
 *   `workerDatabaseUrl()`): it has a case of its own for the production configuration.
 * Validation, presentation and plain reads and writes are the same on both and run once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Folders (under `src/`) whose tests run on PostgreSQL too. */
export const PRODUCTION_CONFIG_FOLDERS = [
  'db',
  'jobs',
  'ledger',
  'money',
  'realtime',
  'domains/coupons',
  'domains/earnings',
  'domains/messaging',
  'domains/payments',
  'domains/payouts',
  'domains/private-streams',
  'domains/products',
  'domains/subscriptions',
  'domains/wallet',
] as const;

/** A test that names the database it runs on has a production-configuration case of its own. */
const ASKS_FOR_DATABASE = /\b(testDatabaseKind|workerDatabaseUrl)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The `include` of the postgres project: the folders above, plus every file that asks for its database (relative to `root`). */
export function productionConfigTests(root: string): string[] {
  const src = path.join(root, 'src');
  const inFolders = PRODUCTION_CONFIG_FOLDERS.map((folder) => `src/${folder}/**/*.test.ts`);
  const asking = testFiles(src)
    .filter((file) => !PRODUCTION_CONFIG_FOLDERS.some((folder) => file.startsWith(path.join(src, folder) + path.sep)))
    .filter((file) => ASKS_FOR_DATABASE.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file).split(path.sep).join('/'));
  return [...inFolders, ...asking.sort()];
}
