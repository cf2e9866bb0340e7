/**
 * Private calls over the built-in SFU (issue 12) through the real server: `npm run bench:sfu -w server`.
 *
 * Starts the app in-process (PGlite), as `live.ts` does, and makes free private calls the
 * real way (a fan's request, the creator's approval and start). Then:
 *
 * 1. Forwarding latency and server CPU per call: for each count in BENCH_CALLS (1,10,25),
 *    that many calls, each two node-datachannel peers in child processes (so their CPU never
 *    counts as the server's; BENCH_CALLS_PER_PROCESS (10) calls a process) signed in over
 *    socket.io and connected through `private-call/offer`. Each peer sends VP8-shaped video
 *    at 1 Mbit/s (30 fps frames in RTP packets of at most 1200 bytes) and 50 Opus-sized
 *    (100-byte) audio packets a second, each carrying its send time, read back by the other
 *    peer: one-way latency through the SFU (p50/p99/max), packets lost, and the server
 *    process's CPU time (`process.cpuUsage()`: its JavaScript and node-datachannel's threads)
 *    over BENCH_SECONDS (10) after BENCH_WARMUP_SECONDS (3), against an idle baseline.
 * 2. Glass to glass in Chromium (`sfu-browser.ts`): one call between two pages, each sending
 *    a canvas carrying the barcode of its drawing time over RTCPeerConnection (VP8), each
 *    reading the other's barcode off the received video, over BENCH_BROWSER_SECONDS (20);
 *    then the same two pages connected to each other without the server, for reference.
 *
 * Skips (exit 0) when node-datachannel cannot load; part 2 alone when Chromium is missing
 * (BENCH_CHROMIUM, default /usr/bin/chromium) or playwright-core cannot load.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { openDatabase } from '../src/db/client.js';
import { loadDataChannel } from '../src/domains/private-streams/sfu/sfu.js';
import { benchUser, envInt, percentile, startServer, type BenchServer } from './bench-kit.js';
import { forkBench, nextMessage, processCpuMs, sleep } from './live-kit.js';
import { glassToGlass } from './sfu-browser.js';
import type { KindResult, PeersPlan, PeersResult } from './sfu-peers.js';

const SECONDS = envInt('BENCH_SECONDS', 10, 1);
const WARMUP_SECONDS = envInt('BENCH_WARMUP_SECONDS', 3, 0);
const CALLS_PER_PROCESS = envInt('BENCH_CALLS_PER_PROCESS', 10, 1);
const CALL_COUNTS = (process.env.BENCH_CALLS ?? '1,10,25').split(',').map((value) => {
  const n = Number.parseInt(value.trim(), 10);
  if (!Number.isInteger(n) || n < 1) throw new Error('BENCH_CALLS must be a comma-separated list of call counts (at least 1)');
  return n;
});
const MEDIA = { videoBitsPerSecond: 1_000_000, fps: 30, packetBytes: 1200, audioPerSecond: 50, audioBytes: 100 };

export interface BenchCall {
  streamId: string;
  fanToken: string;
  creatorToken: string;
}

async function inject<T>(server: BenchServer, url: string, token: string, payload: Record<string, unknown> = {}): Promise<T> {
  const res = await server.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization: token }, payload });
  if (res.statusCode !== 200) throw new Error(`POST ${url} answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: T }).data;
}

/** A free private call a fan asked for and its creator approved and started. */
export async function startCall(server: BenchServer): Promise<BenchCall> {
  const creator = await benchUser(server.ctx, 'performer');
  const fan = await benchUser(server.ctx, 'user');
  const request = await inject<{ _id: string }>(server, '/streaming/private/request', fan.token, { performerId: creator.id, duration: 30 });
  await inject(server, `/streaming/private/${request._id}/approve`, creator.token);
  const started = await inject<{ streamId: string | null }>(server, `/streaming/private/${request._id}/start`, creator.token);
  if (!started.streamId) throw new Error('the started call has no stream');
  return { streamId: started.streamId, fanToken: fan.token, creatorToken: creator.token };
}

interface Row {
  calls: number;
  processes: number;
  seconds: number;
  serverMsPerSecond: number;
  loadMsPerSecond: number | null;
  video: KindResult;
  audio: KindResult;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

/** The server process's CPU ms per second over a window with nothing going on. */
async function idleCpu(): Promise<number> {
  const before = { cpu: process.cpuUsage(), t: performance.now() };
  await sleep(SECONDS * 1000);
  const cpu = process.cpuUsage(before.cpu);
  return (cpu.user + cpu.system) / 1000 / ((performance.now() - before.t) / 1000);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.send({ close: true });
  const timer = setTimeout(() => child.kill(), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Part 1 for `count` calls. */
async function measureCalls(server: BenchServer, count: number): Promise<Row> {
  const calls: BenchCall[] = [];
  for (let i = 0; i < count; i += 1) calls.push(await startCall(server));
  const processes = Math.ceil(count / CALLS_PER_PROCESS);
  const children: ChildProcess[] = [];
  try {
    const readies: Promise<unknown>[] = [];
    for (let p = 0; p < processes; p += 1) {
      const child = forkBench('./sfu-peers.ts');
      children.push(child);
      readies.push(nextMessage<{ ready?: boolean }>(child, (message) => message.ready === true));
      const mine = calls.filter((_, index) => index % processes === p);
      child.send({
        origin: server.origin,
        calls: mine.map((call) => ({ streamId: call.streamId, tokens: [call.fanToken, call.creatorToken] as [string, string] })),
        ...MEDIA,
      } satisfies PeersPlan);
    }
    await Promise.all(readies);
    await sleep(WARMUP_SECONDS * 1000);

    const loadCpu = () => {
      let sum = 0;
      for (const child of children) {
        const used = processCpuMs(child.pid!);
        if (used === null) return null;
        sum += used;
      }
      return sum;
    };
    const before = { cpu: process.cpuUsage(), load: loadCpu(), t: performance.now() };
    for (const child of children) child.send({ measure: true });
    await sleep(SECONDS * 1000);
    const results = children.map((child) => nextMessage<{ result?: PeersResult }>(child, (message) => message.result !== undefined));
    for (const child of children) child.send({ stop: true });
    const cpu = process.cpuUsage(before.cpu);
    const load = loadCpu();
    const seconds = (performance.now() - before.t) / 1000;
    const answers = (await Promise.all(results)).map((message) => message.result!);
    const merge = (kind: 'video' | 'audio'): KindResult => ({
      latencies: answers.flatMap((answer) => answer[kind].latencies).sort((a, b) => a - b),
      sent: answers.reduce((sum, answer) => sum + answer[kind].sent, 0),
      received: answers.reduce((sum, answer) => sum + answer[kind].received, 0),
    });
    return {
      calls: count,
      processes,
      seconds,
      serverMsPerSecond: (cpu.user + cpu.system) / 1000 / seconds,
      loadMsPerSecond: before.load !== null && load !== null ? (load - before.load) / seconds : null,
      video: merge('video'),
      audio: merge('audio'),
      loopDelayP99Ms: Math.max(...answers.map((answer) => answer.loopDelayP99Ms)),
      loopDelayMaxMs: Math.max(...answers.map((answer) => answer.loopDelayMaxMs)),
    };
  } finally {
    await Promise.all(children.map(stopChild));
  }
}

const pad = (value: string, width: number) => value.padStart(width);
const latency = (sorted: number[]) => `${percentile(sorted, 50).toFixed(2)} / ${percentile(sorted, 99).toFixed(2)} / ${percentile(sorted, 100).toFixed(1)}`;
const lost = (kind: KindResult) => `${kind.sent - kind.received} of ${kind.sent}`;

function callTable(rows: Row[], idle: number): string[] {
  const out = [
    `  ${pad('calls', 5)} ${pad('server CPU', 12)} ${pad('over idle', 10)} ${pad('per call', 12)} ${pad('per packet', 10)} ${pad('video ms p50/p99/max', 22)} ${pad('audio ms p50/p99/max', 22)} ` +
      `${pad('video lost', 16)} ${pad('audio lost', 14)} ${pad('load CPU', 12)} ${pad('load lag p99/max', 17)}`,
  ];
  for (const row of rows) {
    const over = row.serverMsPerSecond - idle;
    const forwardedPerSecond = (row.video.sent + row.audio.sent) / row.seconds;
    out.push(
      `  ${pad(String(row.calls), 5)} ${pad(`${row.serverMsPerSecond.toFixed(1)} ms/s`, 12)} ${pad(over.toFixed(1), 10)} ${pad(`${(over / row.calls).toFixed(2)} ms/s`, 12)} ` +
        `${pad(`${((over * 1000) / forwardedPerSecond).toFixed(0)} us`, 10)} ` +
        `${pad(latency(row.video.latencies), 22)} ${pad(latency(row.audio.latencies), 22)} ${pad(lost(row.video), 16)} ${pad(lost(row.audio), 14)} ` +
        `${pad(row.loadMsPerSecond === null ? '-' : `${row.loadMsPerSecond.toFixed(0)} ms/s`, 12)} ${pad(`${row.loopDelayP99Ms.toFixed(1)} / ${row.loopDelayMaxMs.toFixed(1)}`, 17)}`,
    );
  }
  return out;
}

async function main() {
  if (!(await loadDataChannel())) return console.log('SFU bench: skipped (node-datachannel cannot load on this machine)');
  const cores = os.cpus().length;
  console.log(
    `Fandeck private-call SFU bench: calls ${CALL_COUNTS.join(', ')}, each two peers sending ${MEDIA.videoBitsPerSecond / 1e6} Mbit/s of VP8-shaped video ` +
      `(${MEDIA.fps} fps, packets <= ${MEDIA.packetBytes} B) and ${MEDIA.audioPerSecond} Opus-sized packets/s (${MEDIA.audioBytes} B)\n` +
      `Load average at start ${os.loadavg().map((value) => value.toFixed(2)).join(' ')} on ${cores} cores: other work on the machine moves these figures.\n`,
  );
  const server = await startServer(await openDatabase({}));
  try {
    const idle = await idleCpu();
    const rows: Row[] = [];
    for (const count of CALL_COUNTS) rows.push(await measureCalls(server, count));
    console.log(
      [
        `Forwarding through the SFU (PGlite; peers in ${rows.map((row) => row.processes).join('/')} child process(es); ${SECONDS} s a row after ${WARMUP_SECONDS} s of sending):`,
        `  one-way latency = sent by one peer -> read by the other (same process clock), SFU and both peers' RTP stacks included;`,
        `  "over idle", "per call" and "per packet" (each RTP packet in and out once) are against the server with no call (${idle.toFixed(1)} ms/s);`,
        `  "load" is the peers' processes (not the server), "load lag" their event-loop delay in ms, which the latencies include.`,
        ...callTable(rows, idle),
        `  load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')} on ${cores} cores`,
        '',
      ].join('\n'),
    );
    console.log((await glassToGlass(server, () => startCall(server))).join('\n'));
  } finally {
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
