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
 * and finally drops a separate `fandeck_bench` database there; pool size
 * BENCH_POOL_SIZE (default 20, at least 10).
 */
import { openDatabase, type Database } from '../src/db/client.js';
import { accountKeys } from '../src/ledger/accounts.js';
import { checkLedger } from '../src/ledger/invariant.js';
import { balancesOf } from '../src/ledger/ledger.js';
import { benchUser, envInt, findPostgres, percentile, redact, startServer, throwawayDatabase } from './bench-kit.js';

const TIPS = envInt('BENCH_TIPS', 2000, 1);
const CONCURRENCY = envInt('BENCH_CONCURRENCY', 50, 1);
const POOL_SIZE = envInt('BENCH_POOL_SIZE', 20, 10);
const FANS = envInt('BENCH_FANS', 50, 1);
const CREATORS = envInt('BENCH_CREATORS', 10, 1);
const WARMUP = Math.min(100, TIPS);
const TIP_CENTS = 1000;

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
}

async function bench(label: string, database: Database): Promise<Result> {
  const server = await startServer(database);
  try {
    const perFan = Math.ceil((TIPS + WARMUP) / FANS) + 1;
    const fans: { id: string; token: string }[] = [];
    for (let i = 0; i < FANS; i++) fans.push(await benchUser(server.ctx, 'user', perFan * TIP_CENTS));
    const creators: { id: string; token: string }[] = [];
    for (let i = 0; i < CREATORS; i++) creators.push(await benchUser(server.ctx, 'performer'));

    // A network error leaves a money request's outcome unknown: retry it with the same
    // Idempotency-Key, which applies it at most once. Latency includes the retries.
    const errors = new Map<string, number>();
    const send = async (n: number, phase: 'warm' | 'run'): Promise<{ status: number; ms: number }> => {
      const fan = fans[n % FANS]!;
      const creator = creators[n % CREATORS]!;
      const started = performance.now();
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await fetch(`${server.origin}/api/wallet/charges/tip/${creator.id}`, {
            method: 'POST',
            headers: { authorization: fan.token, 'content-type': 'application/json', 'idempotency-key': `bench-${phase}-${n}` },
            body: JSON.stringify({ price: TIP_CENTS / 100, message: 'bench' }),
          });
          await res.arrayBuffer();
          return { status: res.status, ms: performance.now() - started };
        } catch (error) {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          const what = cause?.code ?? cause?.message ?? (error as Error).message;
          errors.set(what, (errors.get(what) ?? 0) + 1);
          if (attempt === 5) return { status: 0, ms: performance.now() - started };
        }
      }
    };

    // Warm up connections, JIT and caches; not measured.
    let warmOk = 0;
    for (let n = 0; n < WARMUP; n += CONCURRENCY) {
      const batch = await Promise.all(Array.from({ length: Math.min(CONCURRENCY, WARMUP - n) }, (_, i) => send(n + i, 'warm')));
      warmOk += batch.filter((b) => b.status === 200).length;
    }

    const latencies: number[] = [];
    const counts = { ok: 0, refused: 0, failed: 0 };
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TIPS) {
          const n = next++;
          const { status, ms } = await send(n, 'run');
          latencies.push(ms);
          if (status === 200) counts.ok++;
          else if (status === 422) counts.refused++;
          else counts.failed++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const ledger = await checkLedger(server.ctx.db);
    const balances = await balancesOf(server.ctx.db, fans.map((f) => accountKeys.wallet(f.id)));
    const spent = [...balances.values()].reduce((sum, b) => sum + (perFan * TIP_CENTS - b), 0);
    return {
      database: label,
      ...counts,
      seconds,
      latencies: latencies.sort((a, b) => a - b),
      ledgerOk: ledger.ok,
      networkErrors: errors,
      walletsMatch: spent === (counts.ok + warmOk) * TIP_CENTS,
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
    `  retries       ${r.networkErrors.size ? [...r.networkErrors].map(([what, n]) => `${n} after ${what}`).join(', ') : 'none'}`,
    `  ledger check  ${r.ledgerOk ? 'ok' : 'FAILED'}; wallets ${r.walletsMatch ? 'match the successful tips' : 'DO NOT MATCH'}`,
  ].join('\n');
}

async function main() {
  console.log(`Fandeck tip bench: ${TIPS} tips of ${(TIP_CENTS / 100).toFixed(2)}, concurrency ${CONCURRENCY}, ${FANS} fans, ${CREATORS} creators, HTTP on 127.0.0.1\n`);
  const results: Result[] = [];

  const pglite = await bench('PGlite (embedded, one connection)', await openDatabase({}));
  results.push(pglite);
  console.log(report(pglite) + '\n');

  const found = await findPostgres();
  if ('skip' in found) {
    console.log(`PostgreSQL: skipped. ${found.skip}\n`);
  } else {
    const { database, drop } = await throwawayDatabase(found.url, POOL_SIZE);
    try {
      const result = await bench(`PostgreSQL (${redact(found.url).replace(/\/[^/]*$/, '/fandeck_bench')}, pool ${POOL_SIZE})`, database);
      results.push(result);
      console.log(report(result) + '\n');
    } finally {
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
