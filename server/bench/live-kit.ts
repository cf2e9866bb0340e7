/**
 * Shared pieces of the live-streaming bench (`bench/live.ts`): the barcode that carries a
 * frame's capture time in its pixels, CPU time of another process read from /proc, the
 * child processes the bench forks (so their work never counts as the server's), and the
 * little HLS playlist reading a viewer needs.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { barcodeBlocks, BARCODE_ROWS, BLOCK_H, BLOCK_W, HEIGHT, WIDTH } from './barcode.js';

export { HEIGHT, readFrame, WIDTH } from './barcode.js';
export const FPS = 30;

/**
 * Frames carry the barcode of `barcode.ts` (their capture time) in their luma. Below it,
 * noise that changes every frame, so the encoder spends a camera's bitrate and segments
 * weigh what real ones do (a still barcode alone makes 4 KB segments).
 */
const NOISE_FROM = BARCODE_ROWS * WIDTH;
const NOISE_BYTES = WIDTH * HEIGHT - NOISE_FROM;
/** Drawn once; each frame copies a different window of it. */
const noise = randomBytes(NOISE_BYTES * 8);
const LUMA_WHITE = 235;
const LUMA_BLACK = 16;

/** One yuv420p frame whose luma carries `timeMs` (grey chroma). */
export function drawFrame(timeMs: number): Buffer {
  const frame = Buffer.alloc((WIDTH * HEIGHT * 3) / 2, 128);
  for (const { x: x0, y: y0, on } of barcodeBlocks(timeMs)) {
    for (let y = y0; y < y0 + BLOCK_H; y += 1) frame.fill(on ? LUMA_WHITE : LUMA_BLACK, y * WIDTH + x0, y * WIDTH + x0 + BLOCK_W);
  }
  const from = Math.floor(Math.random() * (noise.length - NOISE_BYTES));
  noise.copy(frame, NOISE_FROM, from, from + NOISE_BYTES);
  return frame;
}

/** Clock ticks a second, for /proc/<pid>/stat (100 on every Linux the bench runs on). */
const CLOCK_TICKS = 100;

/** User + system CPU ms a process has used, from /proc; null when it is gone or there is no /proc. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised name: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The children of `parent` whose command line contains `needle` (e.g. the ingest's ffmpeg). */
export function childPids(parent: number, needle: string): number[] {
  const found: number[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parent) continue;
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').includes(needle)) found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** Forks one of the bench's TypeScript entries with tsx, with an IPC channel. */
export function forkBench(entry: string): ChildProcess {
  const file = fileURLToPath(new URL(entry, import.meta.url));
  return fork(file, [], { execArgv: ['--import', import.meta.resolve('tsx')], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** The next IPC message from a child that passes `accept`; rejects if the child exits first. */
export function nextMessage<T>(child: ChildProcess, accept: (message: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const value = message as T & { error?: string };
      if (value.error) return done(() => reject(new Error(value.error)));
      if (accept(value)) done(() => resolve(value));
    };
    const onExit = (code: number | null) => done(() => reject(new Error(`bench child exited (${code}) before answering`)));
    const done = (then: () => void) => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      then();
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export interface PlaylistEntries {
  targetDuration: number;
  init: string | null;
  /** Segment URIs, oldest first, absolute. */
  segments: { uri: string; name: string; duration: number }[];
}

/** The init segment and media segments of a (rewritten, signed) media playlist. */
export function readPlaylist(text: string, playlistUrl: string): PlaylistEntries {
  const result: PlaylistEntries = { targetDuration: 0, init: null, segments: [] };
  let duration = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-TARGETDURATION:')) result.targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      if (uri) result.init = new URL(uri, playlistUrl).toString();
    } else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#')) {
      const uri = new URL(line, playlistUrl);
      result.segments.push({ uri: uri.toString(), name: uri.pathname.split('/').pop()!, duration });
    }
  }
  return result;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
