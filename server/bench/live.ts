/**
 * Public live streaming (issue 12) through the real server: `npm run bench:live -w server`.
 *
 * Starts the app in-process (PGlite; PostgreSQL too with BENCH_DB=postgres or both), goes
 * live as a verified creator and feeds the ingest WebSocket from another process that draws
 * frames carrying their capture time in pixels and encodes them live (libx264 zerolatency,
 * a keyframe a second, 100 ms Matroska slices, as MediaRecorder does). Then:
 *
 * 1. Glass-to-glass latency to the player's door: a viewer polls its signed playlist every
 *    BENCH_POLL_MS (100), fetches each segment the moment it is listed, decodes it and reads
 *    the capture time of its last (and first) frame; now (the segment fetched) minus that,
 *    over BENCH_SECONDS (20) after BENCH_WARMUP_SECONDS (4). A player's buffer is extra.
 * 2. Server CPU per viewer: for each count in BENCH_VIEWERS (0,10,50,100), viewers in a child
 *    process poll every second and fetch every segment; the server process's CPU time over
 *    BENCH_CPU_SECONDS (10), less the 0-viewer baseline, per viewer; the ingest's ffmpeg
 *    (a child of the server) is read from /proc apart.
 */
import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase, type Database } from '../src/db/client.js';
import { resolveFfmpeg } from '../src/media/ffmpeg.js';
import { benchUser, envInt, findPostgres, percentile, redact, startServer, throwawayDatabase, type BenchServer } from './bench-kit.js';
import { childPids, forkBench, HEIGHT, nextMessage, processCpuMs, readFrame, readPlaylist, sleep, WIDTH } from './live-kit.js';
import type { SourcePlan, SourceReady } from './live-source.js';
import type { ViewersPlan, ViewersResult } from './live-viewers.js';

const SECONDS = envInt('BENCH_SECONDS', 20, 2);
const WARMUP_SECONDS = envInt('BENCH_WARMUP_SECONDS', 4, 0);
const CPU_SECONDS = envInt('BENCH_CPU_SECONDS', 10, 1);
const POLL_MS = envInt('BENCH_POLL_MS', 100, 10);
const POOL_SIZE = envInt('BENCH_POOL_SIZE', 10, 2);
const DATABASES = (process.env.BENCH_DB ?? 'pglite').toLowerCase();
const VIEWER_COUNTS = (process.env.BENCH_VIEWERS ?? '0,10,50,100').split(',').map((value) => {
  const n = Number.parseInt(value.trim(), 10);
  if (!Number.isInteger(n) || n < 0) throw new Error('BENCH_VIEWERS must be a comma-separated list of viewer counts');
  return n;
});
const run = promisify(execFile);
const FRAME_BYTES = WIDTH * HEIGHT;

const ms = (value: number) => `${Math.round(value)} ms`;
function line(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}  p90 ${ms(percentile(sorted, 90))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(percentile(sorted, 100))}  (${values.length} segments)`;
}

async function api<T>(server: BenchServer, method: string, route: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.origin}${route}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A viewer's signed playlist URL, on the bench server's origin (the app signs for PUBLIC_ORIGIN). */
async function playlistFor(server: BenchServer, streamId: string, token: string): Promise<string> {
  const join = await api<{ canWatch: boolean; playlistUrl: string | null; reason?: string }>(server, 'GET', `/api/streaming/join/${streamId}`, token);
  if (!join.playlistUrl) throw new Error(`the viewer may not watch (${join.reason ?? 'no reason'})`);
  const signed = new URL(join.playlistUrl);
  return `${server.origin}${signed.pathname}${signed.search}`;
}

interface Latency {
  last: number[];
  first: number[];
  unreadable: number;
  targetDuration: number;
  segmentSeconds: number[];
  segmentBytes: number[];
}

/** Part 1: one viewer, polling fast, timing each segment from its frames' capture to its fetch. */
async function measureLatency(ffmpeg: string, playlistUrl: string, token: string): Promise<Latency> {
  const headers = { authorization: token };
  const work = mkdtempSync(path.join(os.tmpdir(), 'fandeck-live-bench-'));
  const result: Latency = { last: [], first: [], unreadable: 0, targetDuration: 0, segmentSeconds: [], segmentBytes: [] };
  const seen = new Set<string>();
  let init: Buffer | null = null;
  let decoding = Promise.resolve();
  const decode = async (name: string, segment: Buffer, fetchedAt: number, counts: boolean) => {
    const file = path.join(work, `${name}.mp4`);
    writeFileSync(file, Buffer.concat([init!, segment]));
    const { stdout } = await run(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:v:0', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
      encoding: 'buffer',
      maxBuffer: 256 * 1024 * 1024,
    });
    rmSync(file, { force: true });
    const frames = Math.floor(stdout.length / FRAME_BYTES);
    if (!counts || frames === 0) return;
    const first = readFrame(stdout, 0, fetchedAt);
    const last = readFrame(stdout, (frames - 1) * FRAME_BYTES, fetchedAt);
    if (first === null || last === null) result.unreadable += 1;
    if (first !== null) result.first.push(fetchedAt - first);
    if (last !== null) result.last.push(fetchedAt - last);
  };

  const started = Date.now();
  const measureFrom = started + WARMUP_SECONDS * 1000;
  const until = measureFrom + SECONDS * 1000;
  let firstPoll = true;
  try {
    while (Date.now() < until) {
      const due = Date.now() + POLL_MS;
      const res = await fetch(playlistUrl, { headers });
      if (res.ok) {
        const playlist = readPlaylist(await res.text(), playlistUrl);
        result.targetDuration = playlist.targetDuration;
        if (!init && playlist.init) init = Buffer.from(await (await fetch(playlist.init, { headers })).arrayBuffer());
        for (const segment of playlist.segments) {
          if (seen.has(segment.name)) continue;
          seen.add(segment.name);
          // Listed before this viewer's first look: when it became available is unknown.
          if (firstPoll) continue;
          const body = await fetch(segment.uri, { headers });
          if (!body.ok) continue;
          const bytes = Buffer.from(await body.arrayBuffer());
          const fetchedAt = Date.now();
          const counts = fetchedAt >= measureFrom;
          if (counts) {
            result.segmentSeconds.push(segment.duration);
            result.segmentBytes.push(bytes.length);
          }
          decoding = decoding.then(() => decode(segment.name, bytes, fetchedAt, counts));
        }
        if (playlist.segments.length > 0) firstPoll = false;
      } else await res.body?.cancel();
      await sleep(Math.max(0, due - Date.now()));
    }
    await decoding;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return result;
}

interface CpuRow {
  viewers: number;
  seconds: number;
  serverMsPerSecond: number;
  ffmpegMsPerSecond: number | null;
  requestsPerSecond: number;
  segmentsPerSecond: number;
  megabytesPerSecond: number;
  errors: number;
}

/** Part 2: the server process's CPU time with `count` viewers polling every second. */
async function measureCpu(count: number, playlists: ViewersPlan['viewers'], ingestPid: number | null, windowSeconds = CPU_SECONDS): Promise<CpuRow> {
  let viewers: ChildProcess | null = null;
  const snapshot = async (): Promise<ViewersResult> => {
    if (!viewers) return { playlists: 0, segments: 0, bytes: 0, errors: 0 };
    const answer = nextMessage<{ snapshot?: ViewersResult }>(viewers, (message) => message.snapshot !== undefined);
    viewers.send({ snapshot: true });
    return (await answer).snapshot!;
  };
  try {
    if (count > 0) {
      viewers = forkBench('./live-viewers.ts');
      const ready = nextMessage<{ ready?: boolean }>(viewers, (message) => message.ready === true);
      viewers.send({ viewers: playlists.slice(0, count), intervalMs: 1000 } satisfies ViewersPlan);
      await ready;
    }
    // The viewers' first round (the init segment and three segments each) is not the steady state.
    await sleep(3000);
    const before = { cpu: process.cpuUsage(), ffmpeg: ingestPid ? processCpuMs(ingestPid) : null, load: await snapshot(), t: performance.now() };
    await sleep(windowSeconds * 1000);
    const cpu = process.cpuUsage(before.cpu);
    const ffmpegNow = ingestPid ? processCpuMs(ingestPid) : null;
    const load = await snapshot();
    const seconds = (performance.now() - before.t) / 1000;
    return {
      viewers: count,
      seconds,
      serverMsPerSecond: (cpu.user + cpu.system) / 1000 / seconds,
      ffmpegMsPerSecond: before.ffmpeg !== null && ffmpegNow !== null ? (ffmpegNow - before.ffmpeg) / seconds : null,
      requestsPerSecond: (load.playlists + load.segments - before.load.playlists - before.load.segments) / seconds,
      segmentsPerSecond: (load.segments - before.load.segments) / seconds,
      megabytesPerSecond: (load.bytes - before.load.bytes) / seconds / 1e6,
      errors: load.errors,
    };
  } finally {
    if (viewers) {
      const stopped = nextMessage<{ stopped?: ViewersResult }>(viewers, (message) => message.stopped !== undefined).catch(() => undefined);
      viewers.send({ stop: true });
      await stopped;
    }
  }
}

function cpuTable(rows: CpuRow[]): string[] {
  const baseline = rows.find((row) => row.viewers === 0)?.serverMsPerSecond ?? null;
  const pad = (value: string, width: number) => value.padStart(width);
  const out = [
    `  ${pad('viewers', 7)} ${pad('server CPU', 12)} ${pad('over 0', 9)} ${pad('per viewer', 11)} ${pad('per request', 11)} ${pad('ffmpeg', 10)} ${pad('req/s', 7)} ${pad('seg/s', 7)} ${pad('MB/s', 6)} ${pad('errors', 6)}`,
  ];
  for (const row of rows) {
    const over = baseline === null ? null : row.serverMsPerSecond - baseline;
    const perViewer = over === null || row.viewers === 0 ? '-' : `${(over / row.viewers).toFixed(2)} ms/s`;
    const perRequest = over === null || row.requestsPerSecond === 0 ? '-' : `${(over / row.requestsPerSecond).toFixed(2)} ms`;
    out.push(
      `  ${pad(String(row.viewers), 7)} ${pad(`${row.serverMsPerSecond.toFixed(1)} ms/s`, 12)} ${pad(over === null ? '-' : `${over.toFixed(1)}`, 9)} ${pad(perViewer, 11)} ${pad(perRequest, 11)} ` +
        `${pad(row.ffmpegMsPerSecond === null ? '-' : `${row.ffmpegMsPerSecond.toFixed(1)} ms/s`, 10)} ${pad(row.requestsPerSecond.toFixed(1), 7)} ` +
        `${pad(row.segmentsPerSecond.toFixed(1), 7)} ${pad(row.megabytesPerSecond.toFixed(2), 6)} ${pad(String(row.errors), 6)}`,
    );
  }
  return out;
}

/** Stops the creator's source (its encoder finishes, the socket closes) and answers how many frames it drew. */
async function stopSource(source: ChildProcess): Promise<{ frames: number; seconds: number } | undefined> {
  if (source.exitCode !== null) return undefined;
  const stopped = nextMessage<{ stopped?: boolean; frames: number; seconds: number }>(source, (message) => message.stopped !== undefined);
  source.send({ stop: true });
  return stopped.catch(() => undefined);
}

async function bench(label: string, database: Database, ffmpeg: string): Promise<string> {
  const server = await startServer(database);
  let source: ChildProcess | null = null;
  try {
    const creator = await benchUser(server.ctx, 'performer');
    const stream = await api<{ _id: string }>(server, 'POST', '/api/streaming/live', creator.token, { title: 'Live bench' });
    source = forkBench('./live-source.ts');
    const ready = nextMessage<SourceReady>(source, (message) => message.ready === true);
    const ingestUrl = `${server.origin.replace('http', 'ws')}/api/streaming/ingest`;
    source.send({ ingestUrl, token: creator.token, streamId: stream._id, ffmpeg } satisfies SourcePlan);
    const { encoderPid } = await ready;
    const ingestPid = childPids(process.pid, '-f hls')[0] ?? null;

    const watcher = await benchUser(server.ctx, 'user');
    const latency = await measureLatency(ffmpeg, await playlistFor(server, stream._id, watcher.token), watcher.token);

    const most = Math.max(0, ...VIEWER_COUNTS);
    const viewers: ViewersPlan['viewers'] = [];
    for (let i = 0; i < most; i += 1) {
      const user = await benchUser(server.ctx, 'user');
      viewers.push({ token: user.token, playlistUrl: await playlistFor(server, stream._id, user.token) });
    }
    const rows: CpuRow[] = [];
    const encoderBefore = processCpuMs(encoderPid);
    const encoderStart = performance.now();
    // Unreported: the first row to serve segments otherwise pays for the JIT warming the HLS route (about twice the CPU).
    if (most > 0) await measureCpu(most, viewers, ingestPid, 2);
    for (const count of VIEWER_COUNTS) rows.push(await measureCpu(count, viewers, ingestPid));
    const encoderAfter = processCpuMs(encoderPid);
    const encoderMsPerSecond = encoderBefore !== null && encoderAfter !== null ? (encoderAfter - encoderBefore) / ((performance.now() - encoderStart) / 1000) : null;

    const drawn = await stopSource(source);
    source = null;
    const target = latency.targetDuration || 1;
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    const ffmpegRows = rows.map((row) => row.ffmpegMsPerSecond).filter((value): value is number => value !== null);
    return [
      label,
      `  glass to a player's door (frame captured -> its segment fetched by a viewer polling every ${POLL_MS} ms, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up):`,
      `    last frame of a segment   ${line(latency.last)}`,
      `    first frame of a segment  ${line(latency.first)}`,
      `    segments ${mean(latency.segmentSeconds).toFixed(2)} s and ${Math.round(mean(latency.segmentBytes) / 1024)} KB on average (target ${target} s), ${latency.unreadable} with an unreadable barcode`,
      `  player buffer, estimated and NOT included above: hls.js holds 1 to 3 segments behind the live edge (liveSyncDurationCount, default 3),`,
      `    so +${target}-${3 * target} s (about +${3 * target} s with defaults) before a frame is on screen`,
      `  server CPU with N viewers polling every 1 s and fetching every segment (viewers in another process; ${CPU_SECONDS} s a row after an unreported warm-up;`,
      `    "over 0" and "per viewer" are against the 0-viewer row, which holds the ingest WebSocket and the HLS files' writes):`,
      ...cpuTable(rows),
      `  ingest ffmpeg (a child of the server, -c:v copy to HLS + recording): ${ffmpegRows.length ? `${(ffmpegRows.reduce((a, b) => a + b, 0) / ffmpegRows.length).toFixed(1)} ms CPU/s per stream` : 'not found in /proc'}`,
      `  the creator's encoder (bench source, libx264 veryfast 640x360 30 fps 2.5 Mbit/s; the browser's cost, not the server's): ${encoderMsPerSecond === null ? '-' : `${encoderMsPerSecond.toFixed(1)} ms CPU/s`}`,
      `  source kept ${drawn ? `${(drawn.frames / drawn.seconds).toFixed(1)} fps over ${Math.round(drawn.seconds)} s` : 'an unknown rate'} (30 wanted; less means the machine was too busy to feed it)`,
      `  load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')} on ${os.cpus().length} cores`,
    ].join('\n');
  } finally {
    if (source) await stopSource(source);
    await server.close();
  }
}

async function main() {
  const tool = resolveFfmpeg();
  if (!tool) return console.log('Live streaming bench: skipped (no ffmpeg: install it or set FFMPEG_PATH)');
  const encoders = execFileSync(tool.path, ['-hide_banner', '-encoders'], { encoding: 'utf8' });
  if (!/libx264/.test(encoders)) return console.log(`Live streaming bench: skipped (${tool.path} has no libx264)`);
  console.log(
    `Fandeck live streaming bench: 640x360 30 fps H.264 through the ingest WebSocket to HLS (ffmpeg ${tool.path}), viewers ${VIEWER_COUNTS.join(', ')}\n` +
      `Load average at start ${os.loadavg().map((value) => value.toFixed(2)).join(' ')} on ${os.cpus().length} cores: other work on the machine moves these figures.\n`,
  );
  if (DATABASES !== 'postgres') console.log((await bench('PGlite (embedded)', await openDatabase({}), tool.path)) + '\n');
  if (DATABASES === 'pglite') return;
  const found = await findPostgres();
  if ('skip' in found) return console.log(`PostgreSQL: skipped (${found.skip})`);
  const { database, drop } = await throwawayDatabase(found.url, POOL_SIZE);
  try {
    console.log((await bench(`PostgreSQL ${redact(found.url)} (pool ${POOL_SIZE})`, database, tool.path)) + '\n');
  } finally {
    await drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
