import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../src/app.js';
import { createContext, ensureBaseData } from '../src/bootstrap.js';
import { loadConfig } from '../src/config/env.js';
import type { AppContext } from '../src/context.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { performers, users, type Role } from '../src/db/schema/index.js';
import { issueToken } from '../src/domains/auth/tokens.js';
import { bareInsertDomain, createBareInsertTable } from './bare-insert.js';
import { accountKeys } from '../src/money/ledger/accounts.js';
import { postMovement } from '../src/money/ledger/ledger.js';

/** A running server on a throwaway database, for benchmarks. */
export interface BenchServer {
  app: App;
  ctx: AppContext;
  origin: string;
  close(): Promise<void>;
}

export async function startServer(database: Database): Promise<BenchServer> {
  await database.migrate();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fandeck-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none', HOST: '127.0.0.1', PORT: '0' });
  const ctx = createContext(config, database.db);
  await ensureBaseData(ctx);
  await createBareInsertTable(database.db);
  const app = await buildApp(ctx, { logger: false, extraDomains: [bareInsertDomain] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    ctx,
    origin: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Inserts a user directly (no password sign-in needed) and returns it with a session token. */
export async function benchUser(ctx: AppContext, role: Role, balanceCents = 0) {
  counter += 1;
  const tag = `b${counter}x${Date.now().toString(36)}`;
  const [user] = await ctx.db
    .insert(users)
    .values({ role, email: `${tag}@bench.test`, username: tag, name: `Bench ${tag}`, passwordHash: 'not-a-login', status: 'active' })
    .returning();
  if (role === 'performer') await ctx.db.insert(performers).values({ userId: user!.id, verifiedDocument: true });
  if (balanceCents > 0) {
    await ctx.db.transaction((tx) =>
      postMovement(tx, {
        kind: 'topup',
        referenceType: 'bench',
        referenceId: user!.id,
        postings: [
          { account: accountKeys.gateway('bench'), amountCents: -balanceCents },
          { account: accountKeys.wallet(user!.id), amountCents: balanceCents },
        ],
      }),
    );
  }
  const { token } = await issueToken(ctx.db, user!.id, false, new Date());
  return { id: user!.id, token };
}

/**
 * A PostgreSQL server to benchmark against: BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 * else the local default when it answers. Undefined (with the reason) when none does.
 */
export async function findPostgres(): Promise<{ url: string } | { skip: string }> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { url };
  } catch (error) {
    return { skip: `PostgreSQL at ${redact(url)} is not reachable (${(error as Error).message}); set BENCH_DATABASE_URL to bench it` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The throwaway database's name: BENCH_DATABASE_NAME, so benches run side by side on one server do not drop each other's. */
export const BENCH_DATABASE = process.env.BENCH_DATABASE_NAME ?? 'fandeck_bench';

/**
 * Creates a throwaway database (`BENCH_DATABASE` unless named) next to the given one (dropping
 * a leftover first) and returns it with a drop function. Real data is never touched.
 */
export async function throwawayDatabase(baseUrl: string, poolSize: number, name = BENCH_DATABASE): Promise<{ database: Database; drop(): Promise<void> }> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  return { database, drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

export const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const envInt = (name: string, fallback: number, min: number): number => {
  const raw = process.env[name];
  const value = raw ? Number.parseInt(raw, 10) : fallback;
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}`);
  return value;
};

/**
 * CPU time this thread has used, in ms: the server's own cost when the load comes from a
 * worker thread (PGlite runs on this thread too). Linux reads it per thread from
 * /proc/thread-self/stat; elsewhere it falls back to the whole process, workers included.
 */
export function threadCpuMs(): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}
