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

export const WIDTH = 640;
export const HEIGHT = 360;
export const FPS = 30;

/**
 * The barcode: 8 columns by 5 rows of 80x40 blocks over the top 200 rows of the luma plane,
 * white for 1 and black for 0. 32 bits of the capture time (wall-clock ms, modulo 2^32: 49
 * days) and an 8-bit check, so a frame the encoder smeared reads as unreadable, not as a
 * wrong time. Below it, noise that changes every frame, so the encoder spends a camera's
 * bitrate and segments weigh what real ones do (a still barcode alone makes 4 KB segments).
 */
const COLS = 8;
const ROWS = 5;
const BLOCK_W = WIDTH / COLS;
const BLOCK_H = 40;
const NOISE_FROM = ROWS * BLOCK_H * WIDTH;
const NOISE_BYTES = WIDTH * HEIGHT - NOISE_FROM;
/** Drawn once; each frame copies a different window of it. */
const noise = randomBytes(NOISE_BYTES * 8);
const BITS = COLS * ROWS;
const LUMA_WHITE = 235;
const LUMA_BLACK = 16;

const checkOf = (value: number) => ((value ^ (value >>> 8) ^ (value >>> 16) ^ (value >>> 24) ^ 0xa5) & 0xff) >>> 0;

/** One yuv420p frame whose luma carries `timeMs` (grey chroma). */
export function drawFrame(timeMs: number): Buffer {
  const frame = Buffer.alloc((WIDTH * HEIGHT * 3) / 2, 128);
  const value = timeMs % 2 ** 32;
  const check = checkOf(value);
  for (let bit = 0; bit < BITS; bit += 1) {
    // Bits 0..31: the time, high bit first; 32..39: the check.
    const on = bit < 32 ? Math.floor(value / 2 ** (31 - bit)) % 2 === 1 : ((check >>> (39 - bit)) & 1) === 1;
    const x0 = (bit % COLS) * BLOCK_W;
    const y0 = Math.floor(bit / COLS) * BLOCK_H;
    for (let y = y0; y < y0 + BLOCK_H; y += 1) frame.fill(on ? LUMA_WHITE : LUMA_BLACK, y * WIDTH + x0, y * WIDTH + x0 + BLOCK_W);
  }
  const from = Math.floor(Math.random() * (noise.length - NOISE_BYTES));
  noise.copy(frame, NOISE_FROM, from, from + NOISE_BYTES);
  return frame;
}

/**
 * The capture time a decoded grey frame (WIDTH x HEIGHT bytes of luma) carries, or null when
 * its check fails. `nowMs` resolves the 2^32 wrap: the capture is at most 49 days back.
 */
export function readFrame(gray: Buffer, offset: number, nowMs: number): number | null {
  let value = 0;
  let check = 0;
  for (let bit = 0; bit < BITS; bit += 1) {
    // The mean of the block's middle half: edges blur under compression.
    const x0 = (bit % COLS) * BLOCK_W + BLOCK_W / 4;
    const y0 = Math.floor(bit / COLS) * BLOCK_H + BLOCK_H / 4;
    let sum = 0;
    for (let y = y0; y < y0 + BLOCK_H / 2; y += 1) {
      const row = offset + y * WIDTH;
      for (let x = x0; x < x0 + BLOCK_W / 2; x += 1) sum += gray[row + x]!;
    }
    const on = sum / ((BLOCK_W / 2) * (BLOCK_H / 2)) > 128 ? 1 : 0;
    if (bit < 32) value = value * 2 + on;
    else check = (check << 1) | on;
  }
  if (checkOf(value) !== check) return null;
  const wrap = 2 ** 32;
  return nowMs - ((((nowMs % wrap) - value) % wrap) + wrap) % wrap;
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
