/**
 * Stream chat at the speed of the socket: `npm run bench:chat -w server`.
 *
 * For each database (embedded PGlite, then PostgreSQL when one answers) and each room size
 * (BENCH_CHAT_CLIENTS, default 100 and 500), in one run: the clients join one room, one
 * sender sends BENCH_RATE messages a second (default 50) for BENCH_SECONDS (default 10),
 * first through a bare socket.io server that only broadcasts (the same payload), then through
 * Fandeck's stream chat (stored, broadcast to the room), sent over the signed-in socket
 * (`stream-chat/send`, acked once stored) and, for comparison, over the HTTP send route
 * (BENCH_CHAT_VIA, default `socket,http`). Clients and the sender run in child processes, so
 * the server's CPU figure is the server's alone: `process.cpuUsage` over the measured window,
 * as % of one core and as ms per message sent (less sensitive to the machine's load than
 * latency). Each message's text carries its send time; every receipt in every client is timed.
 *
 * "lost" counts acknowledged messages that some client never received, received twice, or
 * (Fandeck) that are not stored exactly once; "order" counts receipts out of `seq` order.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { CLIENT_EVENTS, paths, roomEvents, type MessageDto } from '@fandeck/contract';
import { and, count, eq, like } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.js';
import { messages } from '../src/db/schema/index.js';
import { streamOfPerformer } from '../src/domains/messaging/stream-chat.js';
import { conversationRoom } from '../src/domains/messaging/messaging.live.js';
import { benchUser, envInt, findPostgres, percentile, redact, startServer, throwawayDatabase, type BenchServer } from './bench-kit.js';
import { startRawServer } from './chat-raw-server.js';
import type { ChatLoadCommand, ReceiptReport, SendReport } from './chat-room-load.js';
import { forkBench, nextMessage } from './live-kit.js';

const SIZES = (process.env.BENCH_CHAT_CLIENTS ?? '100,500').split(',').map((value) => Number.parseInt(value, 10));
const RATE = envInt('BENCH_RATE', 50, 1);
const SECONDS = envInt('BENCH_SECONDS', 10, 1);
const WARMUP_SECONDS = 2;
const POOL_SIZE = envInt('BENCH_POOL_SIZE', 20, 1);
/** Clients a load process holds (each process is one event loop). */
const CLIENTS_PER_PROCESS = envInt('BENCH_CLIENTS_PER_PROCESS', 125, 1);
/** How long after the last send the bench waits for the last receipts. */
const DRAIN_MS = 15_000;
const DATABASES = (process.env.BENCH_DB ?? 'both').toLowerCase();
const DATABASE_NAME = 'fandeck_bench_chat';
/** How Fandeck's sender sends, one row each: the socket event, the HTTP route. */
const VIAS = (process.env.BENCH_CHAT_VIA ?? 'socket,http').split(',').map((via) => via.trim());
if (SIZES.some((size) => !Number.isInteger(size) || size < 1)) throw new Error('BENCH_CHAT_CLIENTS must be a comma-separated list of positive integers');
if (VIAS.length === 0 || VIAS.some((via) => via !== 'socket' && via !== 'http')) throw new Error('BENCH_CHAT_VIA must list socket and/or http');
type Via = 'socket' | 'http';

interface Row {
  database: string;
  clients: number;
  server: 'raw socket.io' | 'Fandeck (socket)' | 'Fandeck (HTTP)';
  sent: number;
  perSecond: number;
  p50: number;
  p99: number;
  ratio: string;
  cpu: number;
  /** Server CPU ms per message sent. */
  cpuPerMessage: number;
  lost: number;
  outOfOrder: number;
  failed: number;
}

async function call<T>(child: ChildProcess, command: ChatLoadCommand): Promise<T> {
  const answer = nextMessage<T>(child);
  child.send(command);
  return answer;
}

/** Runs one measured phase against one target and returns its row (without the ratio). */
async function phase(
  loaders: ChildProcess[],
  sender: ChildProcess,
  spec: {
    target: string;
    origin: string;
    tokens: string[];
    room: string;
    event: string;
    senderToken: string;
    /** How the sender sends: HTTP to `url`, or `event` on a socket (with `conversationId` when set). */
    send: { url: string } | { event: string; conversationId?: string };
    label: string;
  },
  stored?: (acked: string[]) => Promise<number>,
): Promise<Omit<Row, 'database' | 'server' | 'ratio'>> {
  const shares = loaders.slice(0, Math.ceil(spec.tokens.length / CLIENTS_PER_PROCESS));
  const per = Math.ceil(spec.tokens.length / shares.length);
  await Promise.all(
    shares.map((child, i) => call(child, { op: 'connect', target: { name: spec.target, origin: spec.origin, tokens: spec.tokens.slice(i * per, (i + 1) * per), room: spec.room, event: spec.event } })),
  );
  const send = (label: string, seconds: number) =>
    call<{ sent: SendReport }>(sender, { op: 'send', plan: { name: spec.target, origin: spec.origin, token: spec.senderToken, ...spec.send, rate: RATE, seconds, label } });
  await send(`${spec.label}w`, WARMUP_SECONDS);
  const label = `${spec.label}m`;
  await Promise.all(shares.map((child) => call(child, { op: 'start', target: spec.target, label })));
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const { sent } = await send(label, SECONDS);
  const expected = sent.acked.length * spec.tokens.length;
  const deadline = performance.now() + DRAIN_MS;
  for (;;) {
    const progress = await Promise.all(shares.map((child) => call<{ receipts: number }>(child, { op: 'progress', target: spec.target })));
    if (progress.reduce((sum, p) => sum + p.receipts, 0) >= expected || performance.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const cpu = process.cpuUsage(cpuBefore);
  const wall = performance.now() - wallBefore;
  const reports = (await Promise.all(shares.map((child) => call<{ report: ReceiptReport }>(child, { op: 'report', target: spec.target })))).map((r) => r.report);
  await Promise.all(shares.map((child) => call(child, { op: 'disconnect', target: spec.target })));

  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const receivedBy = new Map<string, number>();
  for (const report of reports) for (const [id, n] of Object.entries(report.receivedBy)) receivedBy.set(id, (receivedBy.get(id) ?? 0) + n);
  const undelivered = sent.acked.filter((id) => receivedBy.get(id) !== spec.tokens.length).length;
  const duplicates = reports.reduce((sum, r) => sum + r.duplicates, 0);
  const notStoredOnce = stored ? await stored(sent.acked) : 0;
  const lastReceipt = Math.max(...reports.map((r) => r.lastReceipt));
  // Messages every client received, over the time from the first send to the last receipt.
  const span = Math.max(lastReceipt, sent.lastSend) - sent.firstSend;
  const perSecond = ((latencies.length / spec.tokens.length) * 1000) / Math.max(span, 1);
  const sentCount = sent.acked.length + sent.failed;
  return {
    clients: spec.tokens.length,
    sent: sentCount,
    perSecond,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpu: ((cpu.user + cpu.system) / 1000 / wall) * 100,
    cpuPerMessage: (cpu.user + cpu.system) / 1000 / Math.max(sentCount, 1),
    lost: undelivered + duplicates + notStoredOnce,
    outOfOrder: reports.reduce((sum, r) => sum + r.outOfOrder, 0),
    failed: sent.failed,
  };
}

async function bench(database: string, server: BenchServer): Promise<Row[]> {
  const largest = Math.max(...SIZES);
  const creator = await benchUser(server.ctx, 'performer');
  const sender = await benchUser(server.ctx, 'user');
  const fans: string[] = [];
  for (let i = 0; i < largest; i += 1) fans.push((await benchUser(server.ctx, 'user')).token);
  const conversation = await streamOfPerformer(server.ctx, null, creator.id);
  const url = `${server.origin}/api${paths['messages.streamSend'].replace(':id', conversation._id)}`;
  const room = conversationRoom(conversation._id);
  const event = roomEvents.messageCreated(conversation._id);
  // The bare server broadcasts what Fandeck sends: a stored message of this room as its template.
  const first = await fetch(url, { method: 'POST', headers: { authorization: sender.token, 'content-type': 'application/json' }, body: JSON.stringify({ clientId: 'template', text: 'template' }) });
  if (!first.ok) throw new Error(`sending in the stream chat answered ${first.status}: ${await first.text()}`);
  const template = ((await first.json()) as { data: MessageDto }).data;
  const raw = await startRawServer(room, event, template);
  const loaders = Array.from({ length: Math.ceil(largest / CLIENTS_PER_PROCESS) }, () => forkBench('./chat-room-load.ts'));
  const senderProcess = forkBench('./chat-room-load.ts');
  const storedOnce = async (acked: string[], label: string) => {
    const rows = await server.ctx.db
      .select({ clientId: messages.clientId, n: count() })
      .from(messages)
      .where(and(eq(messages.conversationId, conversation._id), like(messages.clientId, `${label}%`)))
      .groupBy(messages.clientId);
    const stored = new Map(rows.map((row) => [row.clientId, row.n]));
    return acked.filter((id) => stored.get(id) !== 1).length;
  };
  const rows: Row[] = [];
  try {
    for (const size of SIZES) {
      const tokens = fans.slice(0, size);
      const base = { tokens, room, event, senderToken: sender.token };
      const bare = await phase(loaders, senderProcess, { ...base, target: `raw${size}`, origin: raw.origin, send: { event: 'chat' }, label: `r${size}-` });
      rows.push({ database, server: 'raw socket.io', ratio: '1.0x', ...bare });
      for (const via of VIAS as Via[]) {
        const label = `f${via[0]}${size}-`;
        const send = via === 'http' ? { url } : { event: CLIENT_EVENTS.streamChatSend, conversationId: conversation._id };
        const ours = await phase(loaders, senderProcess, { ...base, target: `fandeck-${via}${size}`, origin: server.origin, send, label }, (acked) => storedOnce(acked, `${label}m`));
        rows.push({ database, server: via === 'http' ? 'Fandeck (HTTP)' : 'Fandeck (socket)', ratio: `${(ours.p99 / Math.max(bare.p99, 0.001)).toFixed(1)}x`, ...ours });
      }
      console.log(table(rows.slice(-1 - VIAS.length), false));
    }
  } finally {
    for (const child of [...loaders, senderProcess]) await call(child, { op: 'close' }).catch(() => undefined);
    await raw.close();
  }
  return rows;
}

const COLUMNS = ['database', 'clients', 'server', 'sent', 'delivered/s', 'p50 ms', 'p99 ms', 'p99/raw', 'server CPU', 'CPU ms/msg', 'lost', 'order', 'failed'];

function table(rows: Row[], header = true): string {
  const cells = rows.map((r) => [
    r.database,
    String(r.clients),
    r.server,
    String(r.sent),
    r.perSecond.toFixed(1),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.ratio,
    `${r.cpu.toFixed(0)}%`,
    r.cpuPerMessage.toFixed(2),
    `lost: ${r.lost}`,
    r.outOfOrder === 0 ? 'ok' : `${r.outOfOrder} out of order`,
    String(r.failed),
  ]);
  const all = header ? [COLUMNS, ...cells] : cells;
  const widths = COLUMNS.map((_, i) => Math.max(...[COLUMNS, ...cells].map((row) => row[i]!.length)));
  return all.map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n');
}

async function run(database: string, open: () => Promise<{ database: Database; drop(): Promise<void> }>): Promise<Row[]> {
  const opened = await open();
  try {
    const server = await startServer(opened.database);
    try {
      return await bench(database, server);
    } finally {
      await server.close();
    }
  } finally {
    await opened.drop();
  }
}

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

async function main() {
  console.log(
    `Fandeck stream chat bench: one room of ${SIZES.join(' and ')} clients, one sender at ${RATE} messages/s for ${SECONDS} s, beside a bare socket.io broadcast (server CPU: % of one core, and ms per message sent); ${os.cpus().length} cores, load average ${loadAverage()}\n`,
  );
  const rows: Row[] = [];
  if (DATABASES !== 'postgres') rows.push(...(await run('PGlite', async () => ({ database: await openDatabase({}), drop: async () => undefined }))));
  const found = DATABASES === 'pglite' ? { skip: 'BENCH_DB=pglite' } : await findPostgres();
  if ('skip' in found) console.log(`PostgreSQL: skipped (${found.skip})`);
  else {
    console.log(`PostgreSQL ${redact(found.url)}, pool ${POOL_SIZE}`);
    rows.push(...(await run('PostgreSQL', () => throwawayDatabase(found.url, POOL_SIZE, DATABASE_NAME))));
  }
  console.log(`\n${table(rows)}\n\nload average at the end: ${loadAverage()}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
