/**
 * The load generator of the tip bench, in its own worker thread: PGlite runs queries
 * synchronously on the server's thread, and a client on that thread would measure its
 * own starved event loop rather than the server.
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadPlan {
  origin: string;
  fans: { id: string; token: string }[];
  creators: { id: string }[];
  tips: number;
  warmup: number;
  concurrency: number;
  tipCents: number;
  /** Distinguishes this run's Idempotency-Keys. */
  label: string;
  /** `tip` (default), or `insert`: the same requests to the bench's bare one-row INSERT route. */
  target?: 'tip' | 'insert';
}

export interface LoadResult {
  warmOk: number;
  ok: number;
  refused: number;
  failed: number;
  seconds: number;
  latencies: number[];
  /** Network errors by cause; each was retried with the same Idempotency-Key. */
  networkErrors: [string, number][];
  /** Successful requests (warm-up included) per fan, in the plan's order: what each wallet must have paid. */
  okByFan: number[];
}

async function run(plan: LoadPlan): Promise<LoadResult> {
  const errors = new Map<string, number>();
  // A network error leaves a money request's outcome unknown: retry it with the same
  // Idempotency-Key, which applies it at most once. Latency includes the retries.
  const okByFan = plan.fans.map(() => 0);
  const send = async (n: number, phase: 'warm' | 'run'): Promise<{ status: number; ms: number }> => {
    const fan = plan.fans[n % plan.fans.length]!;
    const creator = plan.creators[n % plan.creators.length]!;
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      try {
        const res =
          plan.target === 'insert'
            ? await fetch(`${plan.origin}/api/bench/insert`, {
                method: 'POST',
                headers: { authorization: fan.token, 'content-type': 'application/json' },
                body: JSON.stringify({ n }),
              })
            : await fetch(`${plan.origin}/api/wallet/charges/tip/${creator.id}`, {
                method: 'POST',
                headers: { authorization: fan.token, 'content-type': 'application/json', 'idempotency-key': `bench-${plan.label}-${phase}-${n}` },
                body: JSON.stringify({ price: plan.tipCents / 100, message: 'bench' }),
              });
        await res.arrayBuffer();
        if (res.status === 200) okByFan[n % plan.fans.length] = (okByFan[n % plan.fans.length] ?? 0) + 1;
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
  for (let n = 0; n < plan.warmup; n += plan.concurrency) {
    const batch = await Promise.all(Array.from({ length: Math.min(plan.concurrency, plan.warmup - n) }, (_, i) => send(n + i, 'warm')));
    warmOk += batch.filter((b) => b.status === 200).length;
  }

  const latencies: number[] = [];
  const counts = { ok: 0, refused: 0, failed: 0 };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: plan.concurrency }, async () => {
      while (next < plan.tips) {
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
  return { warmOk, ...counts, seconds, latencies, networkErrors: [...errors], okByFan };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as LoadPlan).then(
    (result) => port.postMessage({ result }),
    (error: unknown) => port.postMessage({ error: String(error) }),
  );
}
