import { readFile, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, pgliteClientOf, type Database } from '../src/db/client.js';

/** Which database the server suite runs on; a vitest project sets it. */
export const testDatabaseKind = (): 'pglite' | 'postgres' => (process.env.FANDECK_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

export const SNAPSHOT_ENV = 'FANDECK_PGLITE_SNAPSHOT';

/** Global setup: migrate one PGlite and dump it, so each worker starts from the snapshot. */
export async function writePgliteSnapshot(file: string): Promise<void> {
  const database = await openDatabase({});
  await database.migrate();
  const dump = await pgliteClientOf(database.db)!.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

async function openWorkerDatabase(): Promise<Database> {
  if (testDatabaseKind() === 'pglite') {
    const file = process.env[SNAPSHOT_ENV];
    if (!file) return migrated(await openDatabase({}));
    const blob = new Blob([await readFile(file)]);
    return openDatabase({ loadDataDir: blob });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const url = workerDatabaseUrl()!;
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  await admin.end();
  return migrated(await openDatabase({ url, poolSize: 20 }));
}

/** The worker's own PostgreSQL database (one per worker, so parallel files never share rows); undefined on PGlite. */
export function workerDatabaseUrl(): string | undefined {
  if (testDatabaseKind() !== 'postgres' || !process.env.TEST_DATABASE_URL) return undefined;
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/fandeck_test_${process.env.VITEST_POOL_ID ?? '0'}`;
  return url.toString();
}

async function migrated(database: Database): Promise<Database> {
  await database.migrate();
  return database;
}

const KEY = Symbol.for('fandeck.test.database');
type WithDb = typeof globalThis & { [KEY]?: Promise<Database> };

/** The worker's one database (files in a worker share it; it is emptied between files). */
export function workerDatabase(): Promise<Database> {
  const g = globalThis as WithDb;
  g[KEY] ??= openWorkerDatabase();
  return g[KEY];
}

/** Empties every table of the public schema; migrations bookkeeping lives elsewhere and stays. */
export async function emptyDatabase(database: Database): Promise<void> {
  const result = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { tablename: string }[] }).rows) as { tablename: string }[];
  if (rows.length === 0) return;
  const list = rows.map((r) => `"public"."${r.tablename}"`).join(', ');
  await database.db.execute(sql.raw(`truncate ${list} restart identity cascade`));
}
