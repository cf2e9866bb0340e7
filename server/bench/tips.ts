/**
 * Tip throughput through the real HTTP server: `npm run bench -w server`.
 *
 * For each database (embedded PGlite, then PostgreSQL when one answers), starts the
 * app on a random port on a throwaway database, creates fans and creators, then
 * sends BENCH_TIPS tips (default 2000) with BENCH_CONCURRENCY requests in flight
 * (default 50), each with its own Idempotency-Key, and prints tips per second and
 * latency percentiles, and the server thread's CPU per request (`server CPU`). Afterwards it checks the ledger invariant and that every fan's
 * wallet moved by exactly its successful tips.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test when it is reachable. The bench creates
 * and finally drops a separate `fandeck_bench` database there (BENCH_DATABASE_NAME names another); pool size
 * BENCH_POOL_SIZE (default 20, at least 10). BENCH_DB=pglite or postgres runs only that one.
 * BENCH_CPU_PROFILE=<folder> writes a CPU profile of the server's thread during the tips
 * (`tips-pglite.cpuprofile`, `tips-postgresql.cpuprofile`); the profiler adds to `server CPU`.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { Worker } from 'node:worker_threads';
import { openDatabase, type Database } from '../src/db/client.js';
import { accountKeys } from '../src/money/ledger/accounts.js';
import { checkLedger } from '../src/money/ledger/invariant.js';
import { balancesOf } from '../src/money/ledger/ledger.js';
import { sql } from 'drizzle-orm';
import { walletCharges } from '../src/db/schema/index.js';
import { BENCH_DATABASE, benchUser, envInt, findPostgres, percentile, redact, startServer, threadCpuMs, throwawayDatabase } from './bench-kit.js';
import type { LoadPlan, LoadResult } from './load-worker.js';

const TIPS = envInt('BENCH_TIPS', 2000, 1);
const CONCURRENCY = envInt('BENCH_CONCURRENCY', 50, 1);
const POOL_SIZE = envInt('BENCH_POOL_SIZE', 20, 10);
const FANS = envInt('BENCH_FANS', 50, 1);
// One creator by default: every tip credits the same earnings account (the hot-row case).
const CREATORS = envInt('BENCH_CREATORS', 1, 1);
const WARMUP = Math.min(100, TIPS);
const TIP_CENTS = 1000;
// Which databases to run: `both` (default), `pglite` or `postgres`.
const DATABASES = (process.env.BENCH_DB ?? 'both').toLowerCase();
// BENCH_CPU_PROFILE=<folder>: a CPU profile of the server's thread during the tips, one file per database.
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;

interface Side {
  perSecond: number;
  latencies: number[];
  /** The server thread's CPU per request (warm-up included), in ms: less sensitive to a loaded machine than req/s. */
  cpuMs: number;
}

interface Result {
  database: string;
  ok: number;
  refused: number;
  failed: number;
  seconds: number;
  tips: Side;
  /** The same load against one bare INSERT per request, through the same HTTP stack. */
  bare: Side;
  ledgerOk: boolean;
  /** Wallets whose balance is not their top-up less exactly their successful tips. */
  walletsOff: number;
  /** The creators' earnings equal the sum of their charges' earnings. */
  earningsExact: boolean;
  networkErrors: Map<string, number>;
}

/** Runs the load generator in a worker thread and waits for its result. */
function runLoad(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The worker loads TypeScript through tsx's loader, registered in the worker itself.
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./load-worker.ts', import.meta.url).href;
    const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
    const worker = new Worker(bootstrap, { eval: true, workerData: plan });
    worker.once('message', (message: { result?: LoadResult; error?: string }) => {
      void worker.terminate();
      if (message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'load worker failed'));
    });
    worker.once('error', reject);
  });
}

async function bench(label: string, database: Database): Promise<Result> {
  const server = await startServer(database);
  try {
    const perFan = Math.ceil((TIPS + WARMUP) / FANS) + 1;
    const fans: { id: string; token: string }[] = [];
    for (let i = 0; i < FANS; i++) fans.push(await benchUser(server.ctx, 'user', perFan * TIP_CENTS));
    const creators: { id: string; token: string }[] = [];
    for (let i = 0; i < CREATORS; i++) creators.push(await benchUser(server.ctx, 'performer'));

    const plan: LoadPlan = { origin: server.origin, fans, creators, tips: TIPS, warmup: WARMUP, concurrency: CONCURRENCY, tipCents: TIP_CENTS, label: String(Date.now()) };
    const requests = TIPS + WARMUP;
    const profiler = PROFILE_DIR ? await startProfile() : undefined;
    let cpu = threadCpuMs();
    const load = await runLoad(plan);
    const tipCpuMs = (threadCpuMs() - cpu) / requests;
    if (profiler) await profiler.stop(`${PROFILE_DIR}/tips-${label.split(' ')[0]!.toLowerCase()}.cpuprofile`);
    const bareProfiler = PROFILE_DIR ? await startProfile() : undefined;
    cpu = threadCpuMs();
    const bare = await runLoad({ ...plan, target: 'insert' });
    const bareCpuMs = (threadCpuMs() - cpu) / requests;
    if (bareProfiler) await bareProfiler.stop(`${PROFILE_DIR}/bare-${label.split(' ')[0]!.toLowerCase()}.cpuprofile`);

    const ledger = await checkLedger(server.ctx.db);
    const balances = await balancesOf(server.ctx.db, fans.map((f) => accountKeys.wallet(f.id)));
    const walletsOff = fans.filter((f, i) => balances.get(accountKeys.wallet(f.id)) !== (perFan - load.okByFan[i]!) * TIP_CENTS).length;
    const earned = await balancesOf(server.ctx.db, creators.map((c) => accountKeys.earnings(c.id)));
    const charged = await server.ctx.db
      .select({ performerId: walletCharges.performerId, cents: sql<string>`sum(${walletCharges.earningsCents})` })
      .from(walletCharges)
      .groupBy(walletCharges.performerId);
    const earningsExact = creators.every((c) => earned.get(accountKeys.earnings(c.id)) === Number(charged.find((r) => r.performerId === c.id)?.cents ?? 0));
    const sorted = (latencies: number[]) => latencies.sort((x, y) => x - y);
    return {
      database: label,
      ok: load.ok,
      refused: load.refused,
      failed: load.failed,
      seconds: load.seconds,
      tips: { perSecond: load.ok / load.seconds, latencies: sorted(load.latencies), cpuMs: tipCpuMs },
      bare: { perSecond: bare.ok / bare.seconds, latencies: sorted(bare.latencies), cpuMs: bareCpuMs },
      ledgerOk: ledger.ok,
      walletsOff,
      earningsExact,
      networkErrors: new Map(load.networkErrors),
    };
  } finally {
    await server.close();
  }
}

/** Profiles this thread (the server's) until `stop` writes the profile, for Chrome's DevTools or any .cpuprofile reader. */
async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`CPU profile of the server during the tips: ${file}`);
    },
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const pad = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');

/** The run's table: per database, tips and the bare insert side by side, and what a tip costs against it. */
function table(results: Result[]): string {
  const widths = [34, 10, 11, 11, 11, 12];
  const lines = [pad(['', 'req/s', 'p50', 'p99', 'max', 'server CPU'], widths)];
  for (const r of results) {
    const row = (name: string, side: Side) =>
      pad([name, side.perSecond.toFixed(1), ms(percentile(side.latencies, 50)), ms(percentile(side.latencies, 99)), ms(percentile(side.latencies, 100)), `${side.cpuMs.toFixed(2)} ms`], widths);
    const p99 = percentile(r.tips.latencies, 99) / percentile(r.bare.latencies, 99);
    lines.push(
      r.database,
      row('  tip', r.tips),
      row('  bare one-row INSERT', r.bare),
      `  a tip costs ${(r.bare.perSecond / r.tips.perSecond).toFixed(2)}x the bare INSERT in throughput, ${p99.toFixed(2)}x in p99`,
      `  tips ${r.ok + r.refused + r.failed} (${r.ok} ok, ${r.refused} refused, ${r.failed} failed); retries ${r.networkErrors.size ? [...r.networkErrors].map(([what, n]) => `${n} after ${what}`).join(', ') : 'none'}`,
      `  ledger invariant ${r.ledgerOk ? 'ok' : 'BROKEN'}; wallets off ${r.walletsOff}; creator earnings ${r.earningsExact ? 'exact' : 'NOT EXACT'}`,
    );
  }
  const exact = results.every((r) => r.ledgerOk && r.walletsOff === 0 && r.earningsExact);
  lines.push('', `balances exact: ${exact ? 'yes' : 'NO'} (every fan's wallet is its top-up less its successful tips; ledger invariant; creators' earnings)`);
  return lines.join('\n');
}

async function main() {
  console.log(`Fandeck tip bench: ${TIPS} tips of ${(TIP_CENTS / 100).toFixed(2)}, concurrency ${CONCURRENCY}, ${FANS} fans, ${CREATORS} creators, HTTP on 127.0.0.1\n`);
  const results: Result[] = [];

  if (DATABASES !== 'postgres') {
    const pglite = await bench('PGlite (embedded, one connection)', await openDatabase({}));
    results.push(pglite);
    console.log(`${pglite.database}: done`);
  }

  const found = DATABASES === 'pglite' ? { skip: 'BENCH_DB=pglite' } : await findPostgres();
  if ('skip' in found) {
    console.log(`PostgreSQL: skipped. ${found.skip}\n`);
  } else {
    const { database, drop } = await throwawayDatabase(found.url, POOL_SIZE);
    try {
      const result = await bench(`PostgreSQL (${redact(found.url).replace(/\/[^/]*$/, `/${BENCH_DATABASE}`)}, pool ${POOL_SIZE})`, database);
      results.push(result);
      console.log(`${result.database}: done`);
    } finally {
      await database.close();
      await drop();
    }
  }
  console.log(`\nTips against a bare one-row INSERT through the same HTTP stack (${TIPS} requests each, concurrency ${CONCURRENCY})\n${table(results)}\n`);
  const broken = results.filter((r) => !r.ledgerOk || r.walletsOff > 0 || !r.earningsExact || r.failed > 0);
  if (broken.length) {
    console.error(`Bench found problems on: ${broken.map((r) => r.database).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
