/**
 * Tip throughput through the real HTTP server: `npm run bench -w server`.
 *
 * For each database (embedded PGlite, then PostgreSQL when one answers), starts the
 * app on a random port on a throwaway database, creates fans and creators, then
 * sends BENCH_TIPS tips (default 2000) with BENCH_CONCURRENCY requests in flight
 * (default 50), each with its own Idempotency-Key, and prints tips per second and
 * latency percentiles. Afterwards it checks the ledger invariant and that every fan's
 * wallet moved by exactly its successful tips.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test when it is reachable. The bench creates
 * and finally drops a separate `fandeck_bench` database there (BENCH_DATABASE_NAME names another); pool size
 * BENCH_POOL_SIZE (default 20, at least 10). BENCH_DB=pglite or postgres runs only that one.
 */
import { Worker } from 'node:worker_threads';
import { openDatabase, type Database } from '../src/db/client.js';
import { accountKeys } from '../src/ledger/accounts.js';
import { checkLedger } from '../src/ledger/invariant.js';
import { balancesOf } from '../src/ledger/ledger.js';
import { BENCH_DATABASE, benchUser, envInt, findPostgres, percentile, redact, startServer, throwawayDatabase } from './bench-kit.js';
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

interface Result {
  database: string;
  ok: number;
  refused: number;
  failed: number;
  seconds: number;
  latencies: number[];
  ledgerOk: boolean;
  walletsMatch: boolean;
  networkErrors: Map<string, number>;
  /** The same load against one bare INSERT per request, through the same HTTP stack. */
  bare: { perSecond: number; latencies: number[] };
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
    const load = await runLoad(plan);
    const bare = await runLoad({ ...plan, target: 'insert' });

    const ledger = await checkLedger(server.ctx.db);
    const balances = await balancesOf(server.ctx.db, fans.map((f) => accountKeys.wallet(f.id)));
    const spent = [...balances.values()].reduce((sum, b) => sum + (perFan * TIP_CENTS - b), 0);
    return {
      database: label,
      ok: load.ok,
      refused: load.refused,
      failed: load.failed,
      seconds: load.seconds,
      latencies: load.latencies.sort((a, b) => a - b),
      ledgerOk: ledger.ok,
      networkErrors: new Map(load.networkErrors),
      walletsMatch: spent === (load.ok + load.warmOk) * TIP_CENTS,
      bare: { perSecond: bare.ok / bare.seconds, latencies: bare.latencies.sort((a, b) => a - b) },
    };
  } finally {
    await server.close();
  }
}

function report(r: Result): string {
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  return [
    `${r.database}`,
    `  tips          ${r.ok + r.refused + r.failed} (${r.ok} ok, ${r.refused} refused, ${r.failed} failed) at concurrency ${CONCURRENCY}`,
    `  throughput    ${(r.ok / r.seconds).toFixed(1)} tips/s over ${r.seconds.toFixed(2)} s`,
    `  latency       p50 ${f(percentile(r.latencies, 50))}  p90 ${f(percentile(r.latencies, 90))}  p99 ${f(percentile(r.latencies, 99))}  max ${f(percentile(r.latencies, 100))}`,
    `  bare INSERT   ${r.bare.perSecond.toFixed(1)} requests/s, p50 ${f(percentile(r.bare.latencies, 50))}  p99 ${f(percentile(r.bare.latencies, 99))} (one-row INSERT through the same HTTP stack)`,
    `  ratio         a tip costs ${(r.bare.perSecond / (r.ok / r.seconds)).toFixed(2)}x a bare INSERT (throughput)`,
    `  retries       ${r.networkErrors.size ? [...r.networkErrors].map(([what, n]) => `${n} after ${what}`).join(', ') : 'none'}`,
    `  ledger check  ${r.ledgerOk ? 'ok' : 'FAILED'}; wallets ${r.walletsMatch ? 'match the successful tips' : 'DO NOT MATCH'}`,
  ].join('\n');
}

async function main() {
  console.log(`Fandeck tip bench: ${TIPS} tips of ${(TIP_CENTS / 100).toFixed(2)}, concurrency ${CONCURRENCY}, ${FANS} fans, ${CREATORS} creators, HTTP on 127.0.0.1\n`);
  const results: Result[] = [];

  if (DATABASES !== 'postgres') {
    const pglite = await bench('PGlite (embedded, one connection)', await openDatabase({}));
    results.push(pglite);
    console.log(report(pglite) + '\n');
  }

  const found = DATABASES === 'pglite' ? { skip: 'BENCH_DB=pglite' } : await findPostgres();
  if ('skip' in found) {
    console.log(`PostgreSQL: skipped. ${found.skip}\n`);
  } else {
    const { database, drop } = await throwawayDatabase(found.url, POOL_SIZE);
    try {
      const result = await bench(`PostgreSQL (${redact(found.url).replace(/\/[^/]*$/, `/${BENCH_DATABASE}`)}, pool ${POOL_SIZE})`, database);
      results.push(result);
      console.log(report(result) + '\n');
    } finally {
      await database.close();
      await drop();
    }
  }
  const broken = results.filter((r) => !r.ledgerOk || !r.walletsMatch || r.failed > 0);
  if (broken.length) {
    console.error(`Bench found problems on: ${broken.map((r) => r.database).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
