/**
 * Message delivery through the real server: `npm run bench:messages -w server`.
 *
 * For each database (embedded PGlite, then PostgreSQL when one answers), starts the app
 * on a random port on a throwaway database, connects BENCH_CLIENTS sockets (default 500:
 * half fans, half creators, in pairs that each share a conversation), then sends
 * BENCH_RATE messages a second (default 100) for BENCH_SECONDS (default 15) and times each
 * from the send to the recipient's `message_created`. Beside it, in the same run and to
 * the same sockets, the raw figure: the server thread emitting a bare event to the
 * recipient's room at the same rate, which is what socket.io alone costs.
 */
import { Worker } from 'node:worker_threads';
import { openDatabase, type Database } from '../src/db/client.js';
import { benchUser, envInt, findPostgres, percentile, redact, startServer, throwawayDatabase } from './bench-kit.js';
import type { ChatLoadPlan, ChatLoadResult } from './chat-load-worker.js';

const CLIENTS = envInt('BENCH_CLIENTS', 500, 2);
const RATE = envInt('BENCH_RATE', 100, 1);
const SECONDS = envInt('BENCH_SECONDS', 15, 1);
const POOL_SIZE = envInt('BENCH_POOL_SIZE', 20, 10);
/**
 * The raw phase's event: a contract event (the server's emits are typed by the contract) whose
 * payload is free-form and which the server itself never sends, so nothing else arrives under it.
 */
const RAW_EVENT = 'pin_message_updated';
const DATABASES = (process.env.BENCH_DB ?? 'both').toLowerCase();

function runLoad(plan: ChatLoadPlan, onRaw: (userId: string, t: number) => void): Promise<ChatLoadResult> {
  return new Promise((resolve, reject) => {
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./chat-load-worker.ts', import.meta.url).href;
    const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
    const worker = new Worker(bootstrap, { eval: true, workerData: plan });
    worker.on('message', (message: { result?: ChatLoadResult; error?: string; raw?: string; t?: number }) => {
      if (message.raw) return onRaw(message.raw, message.t!);
      void worker.terminate();
      if (message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'load worker failed'));
    });
    worker.once('error', reject);
  });
}

async function bench(label: string, database: Database): Promise<string> {
  const server = await startServer(database);
  try {
    const pairs: ChatLoadPlan['pairs'] = [];
    for (let i = 0; i < Math.floor(CLIENTS / 2); i += 1) {
      const fan = await benchUser(server.ctx, 'user');
      const creator = await benchUser(server.ctx, 'performer');
      const res = await fetch(`${server.origin}/api/conversations`, {
        method: 'POST',
        headers: { authorization: fan.token, 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'performer', sourceId: creator.id }),
      });
      if (!res.ok) throw new Error(`opening a conversation answered ${res.status}: ${await res.text()}`);
      const conversationId = ((await res.json()) as { data: { _id: string } }).data._id;
      pairs.push({ fan, creator, conversationId });
    }
    const load = await runLoad({ origin: server.origin, pairs, ratePerSecond: RATE, seconds: SECONDS, warmupSeconds: 2, rawEvent: RAW_EVENT }, (userId, t) =>
      server.ctx.realtime.emitToUser(userId, RAW_EVENT, { t }),
    );
    const f = (ms: number) => `${ms.toFixed(1)} ms`;
    const line = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `p50 ${f(percentile(sorted, 50))}  p90 ${f(percentile(sorted, 90))}  p99 ${f(percentile(sorted, 99))}  max ${f(percentile(sorted, 100))}`;
    };
    return [
      label,
      `  clients       ${load.connected} sockets connected (${pairs.length} conversations)`,
      `  messages      ${load.sent} sent at ${RATE}/s over ${SECONDS} s, ${load.delivered} delivered, ${load.failed} failed`,
      `  delivery      ${line(load.delivery)}  (send to the recipient's message_created)`,
      `  ack           ${line(load.ack)}  (send to the HTTP answer, after commit)`,
      `  raw emit      ${line(load.raw)}  (${load.raw.length} bare socket.io emits to the same rooms, same rate, same run)`,
    ].join('\n');
  } finally {
    await server.close();
  }
}

async function main() {
  console.log(`Fandeck message delivery bench: ${CLIENTS} clients, ${RATE} messages/s for ${SECONDS} s, HTTP and socket.io on 127.0.0.1\n`);
  if (DATABASES !== 'postgres') console.log((await bench('PGlite (embedded, one connection)', await openDatabase({}))) + '\n');
  const found = DATABASES === 'pglite' ? { skip: 'BENCH_DB=pglite' } : await findPostgres();
  if ('skip' in found) console.log(`PostgreSQL: skipped (${found.skip})`);
  else {
    const { database, drop } = await throwawayDatabase(found.url, POOL_SIZE);
    try {
      console.log((await bench(`PostgreSQL ${redact(found.url)} (pool ${POOL_SIZE})`, database)) + '\n');
    } finally {
      await drop();
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
