import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { cannotOpen, lockDataFolder, prepareDataFolder } from './data-folder.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type every service uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; it has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it PGlite runs embedded. */
  url?: string;
  /** PGlite data folder; in memory when omitted. */
  dataDir?: string;
  poolSize?: number;
  /** Told when an idle pooled connection fails (PostgreSQL only). */
  onIdleError?: (error: Error) => void;
  /** Load a PGlite data-folder dump (a migrated snapshot) instead of starting empty. */
  loadDataDir?: Blob | File;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it and the next query reports any lasting failure.
    pool.on('error', (error) => options.onIdleError?.(error));
    // pg returns int8 as strings; our bigint columns are cents well inside 2^53.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: once(() => pool.end()),
    };
  }
  if (!options.dataDir) {
    const client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    return pgliteDatabase(client, () => client.close());
  }
  // A data folder: held by this process alone, and never left half-initialised.
  const dataDir = options.dataDir;
  const release = lockDataFolder(dataDir);
  try {
    await prepareDataFolder(dataDir, async (aside) => {
      const fresh = await PGlite.create({ dataDir: aside, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
      await fresh.close();
    });
    const client = await PGlite.create({ dataDir }).catch((error: unknown) => {
      throw cannotOpen(dataDir, error);
    });
    return pgliteDatabase(client, async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    });
  } catch (error) {
    release();
    throw error;
  }
}

function pgliteDatabase(client: PGlite, close: () => Promise<void>): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: once(close),
  };
}

/** Closing twice (shutdown racing a test's cleanup, say) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/** The PGlite client under a Database, for snapshotting in tests. */
export function pgliteClientOf(db: Db): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/**
 * One statement that a PostgreSQL connection keeps by `name`: parsed and planned once per
 * connection rather than on every call (the wallet's one-call charge). On PGlite, whose one
 * session costs no round trip, it is an ordinary query.
 */
export async function queryNamed<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return (await client.query<T>(text, values)).rows;
  if (client instanceof pg.Pool || client instanceof pg.Client) return (await client.query<T & pg.QueryResultRow>({ name, text, values })).rows;
  throw new Error('queryNamed needs a database opened by openDatabase');
}
