/**
 * The creator's browser sends MediaRecorder slices (WebM/Matroska, H.264 and Opus) over a
 * WebSocket at `/api/streaming/ingest`. The first message is JSON `{ token, streamId,
 * mimeType? }` (never a token in the URL); only the stream's creator, one ingest per stream.
 * One ffmpeg per ingest reads the slices from stdin and writes fMP4 HLS (1 s segments, the
 * last six kept) for viewers and an fMP4 recording beside it. When the socket closes or the
 * stream ends, ffmpeg's stdin is closed so it finishes both files, and a recording row is
 * written.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import path from 'node:path';
import type { Duplex, Readable, Writable } from 'node:stream';
import { STREAM_INGEST_PATH } from '@fandeck/contract';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { AppContext } from '../../context.js';
import { newId } from '../../db/schema/ids.js';
import { streamRecordings } from './streaming.tables.js';
import { resolveFfmpeg } from '../../media/ffmpeg.js';
import type { AuthExtension } from '../auth/index.js';
import { INIT_NAME, PLAYLIST_NAME } from './hls-links.js';
import { clearLiveMarker, liveRootOf, writeLiveMarker } from './live-marker.js';
import { findStream, setBroadcasting, streamRoom } from './streaming.service.js';
import { presenceOf } from './streaming.presenter.js';

export const INGEST_URL_PATH = `/api${STREAM_INGEST_PATH}`;
/** Close codes the creator's page reads (4000 + HTTP status), with the contract error code as reason. */
export const INGEST_CLOSE = { badHello: 4400, unauthorized: 4401, forbidden: 4403, notFound: 4404, busy: 4409, unavailable: 4503 } as const;
const HELLO_TIMEOUT_MS = 10_000;
const MAX_SLICE_BYTES = 8 * 1024 * 1024;
/** ffmpeg behind by this much: the connection cannot keep up, and is closed. */
const MAX_BACKLOG_BYTES = 32 * 1024 * 1024;
const STOP_TIMEOUT_MS = 15_000;

type Ffmpeg = ChildProcessByStdio<Writable, Readable, Readable>;

/** Where a connection's slices go once its ffmpeg runs (held until then). */
interface Feed {
  connect(sink: (chunk: Buffer) => void): void;
}

interface IngestSession {
  streamId: string;
  performerId: string;
  /** The HLS folder of this ingest (a reconnect starts a new one, so numbering never goes back). */
  hlsDir: string;
  /** Relative to the uploads folder. */
  recordingPath: string;
  socket: WebSocket;
  ffmpeg: Ffmpeg;
  outTimeUs: number;
  /** Ends the ingest now (the stream ended), without waiting for the socket's closing handshake. */
  finish: () => void;
  done: Promise<void>;
}

export interface IngestHub {
  /** Handles upgrades of the ingest path on this server; other paths are left alone. */
  attach(server: HttpServer): void;
  /** The HLS folder of a stream that is being ingested now by this process, or null (see `live-marker.ts` for the others'). */
  hlsDir(streamId: string): string | null;
  /** Stops a stream's ingest, if any, and waits until its recording is stored. */
  stop(streamId: string): Promise<void>;
  closeAll(): Promise<void>;
}

const liveRoot = (ctx: AppContext) => liveRootOf(ctx.config.dataDir);

function ffmpegArgs(hlsDir: string, recordingFile: string, mimeType: string): string[] {
  // A declared H.264 input is copied (keyframes every second give 1 s segments); anything else is encoded.
  const h264 = /h264|avc1/i.test(mimeType);
  const video = h264 ? ['-c:v', 'copy'] : ['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-force_key_frames', 'expr:gte(t,n_forced*1)', '-pix_fmt', 'yuv420p'];
  const streamsOf = ['-map', '0:v:0', '-map', '0:a:0?', ...video, '-c:a', 'aac', '-b:a', '128k'];
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-nostats', '-progress', 'pipe:1',
    '-fflags', '+genpts', '-f', 'matroska', '-i', 'pipe:0',
    ...streamsOf,
    '-f', 'hls', '-hls_time', '1', '-hls_list_size', '6', '-hls_flags', 'delete_segments+independent_segments',
    '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', INIT_NAME,
    '-hls_segment_filename', path.join(hlsDir, 'seg_%05d.m4s'), path.join(hlsDir, PLAYLIST_NAME),
    ...streamsOf,
    '-movflags', '+frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4', recordingFile,
  ];
}

export function createIngestHub(ctx: AppContext, auth: AuthExtension): IngestHub {
  const sessions = new Map<string, IngestSession>();
  /** Streams whose hello is being checked: a second one meanwhile is refused too. */
  const claiming = new Set<string>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SLICE_BYTES });
  const log = (message: string, extra: Record<string, unknown> = {}) => {
    if (ctx.config.env !== 'test') console.warn(JSON.stringify({ msg: `streaming ingest: ${message}`, ...extra }));
  };

  const refuse = (socket: WebSocket, code: number, reason: string) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ ok: false, code: reason }));
    socket.close(code, reason);
  };

  async function hello(socket: WebSocket, feed: Feed, data: RawData, isBinary: boolean): Promise<void> {
    let message: { token?: unknown; streamId?: unknown; mimeType?: unknown } = {};
    try {
      if (!isBinary) message = JSON.parse(data.toString()) as typeof message;
    } catch {
      // Not JSON: refused below like a hello without fields.
    }
    const { token, streamId } = message;
    const mimeType = typeof message.mimeType === 'string' ? message.mimeType.slice(0, 200) : 'video/webm;codecs=h264,opus';
    if (typeof token !== 'string' || typeof streamId !== 'string' || token.length > 512) return refuse(socket, INGEST_CLOSE.badHello, 'request.invalid');
    const who = await auth.resolveSocketToken(token).catch(() => null);
    if (!who) return refuse(socket, INGEST_CLOSE.unauthorized, 'auth.sign_in_required');
    const stream = await findStream(ctx.db, streamId);
    if (!stream || stream.type !== 'public' || stream.state === 'finished') return refuse(socket, INGEST_CLOSE.notFound, 'streaming.not_found');
    if (stream.performerId !== who.userId) return refuse(socket, INGEST_CLOSE.forbidden, 'streaming.not_owner');
    if (sessions.has(stream.id) || claiming.has(stream.id)) return refuse(socket, INGEST_CLOSE.busy, 'streaming.already_live');
    const tool = resolveFfmpeg();
    if (!tool) return refuse(socket, INGEST_CLOSE.unavailable, 'streaming.not_configured');
    claiming.add(stream.id);
    try {
      if (socket.readyState !== socket.OPEN) return;
      await start(socket, feed, stream.id, stream.performerId, tool.path, mimeType);
    } finally {
      claiming.delete(stream.id);
    }
  }

  async function start(socket: WebSocket, feed: Feed, streamId: string, performerId: string, binary: string, mimeType: string) {
    const ingestId = newId();
    const hlsDir = path.join(liveRoot(ctx), streamId, ingestId);
    const recordingPath = path.posix.join('recordings', streamId, `${ingestId}.mp4`);
    const recordingFile = path.join(ctx.config.uploadsDir, recordingPath);
    await Promise.all([mkdir(hlsDir, { recursive: true }), mkdir(path.dirname(recordingFile), { recursive: true })]);
    // Other processes sharing DATA_DIR serve this stream through the marker (nothing until ffmpeg writes a playlist).
    await writeLiveMarker(liveRoot(ctx), streamId, ingestId).catch((error: unknown) => log('live marker not written', { streamId, error: String(error) }));
    const ffmpeg = spawn(binary, ffmpegArgs(hlsDir, recordingFile, mimeType), { stdio: ['pipe', 'pipe', 'pipe'] });
    const session: IngestSession = { streamId, performerId, hlsDir, recordingPath, socket, ffmpeg, outTimeUs: 0, finish: () => undefined, done: Promise.resolve() };
    sessions.set(streamId, session);

    let errors = '';
    ffmpeg.stderr.on('data', (chunk: Buffer) => void (errors = (errors + chunk.toString()).slice(-2000)));
    ffmpeg.stdout.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/out_time_us=(\d+)/g)) session.outTimeUs = Math.max(session.outTimeUs, Number(match[1]));
    });
    // A write after ffmpeg died is not an error worth more than closing the ingest.
    ffmpeg.stdin.on('error', () => undefined);
    const exited = new Promise<number | null>((resolve) => ffmpeg.once('close', (code) => resolve(code)));

    feed.connect((chunk) => {
      if (ffmpeg.stdin.destroyed || ffmpeg.stdin.writableEnded) return;
      if (ffmpeg.stdin.writableLength > MAX_BACKLOG_BYTES) return void socket.close(1008, 'backlog');
      ffmpeg.stdin.write(chunk);
    });
    const closed = new Promise<void>((resolve) => {
      session.finish = resolve;
      socket.once('close', () => resolve());
      ffmpeg.once('close', () => {
        if (socket.readyState === socket.OPEN) socket.close(1011, 'encoder stopped');
        resolve();
      });
    });

    session.done = (async () => {
      await closed;
      if (!ffmpeg.stdin.writableEnded) ffmpeg.stdin.end();
      const timer = setTimeout(() => ffmpeg.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const code = await exited;
      clearTimeout(timer);
      if (code !== 0) log('ffmpeg ended with an error', { streamId, code, errors });
      await clearLiveMarker(liveRoot(ctx), streamId, ingestId).catch(() => undefined);
      sessions.delete(streamId);
      await rm(hlsDir, { recursive: true, force: true }).catch(() => undefined);
      await storeRecording(session);
      const row = await setBroadcasting(ctx, streamId, false).catch(() => null);
      if (row) ctx.realtime.emitToRoom(streamRoom(streamId), 'model-left', presenceOf(row, performerId));
    })().catch((error: unknown) => log('closing failed', { streamId, error: String(error) }));

    const row = await setBroadcasting(ctx, streamId, true);
    if (!row) return void socket.close(1000, 'streaming.not_found');
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ ok: true, streamId }));
    ctx.realtime.emitToRoom(streamRoom(streamId), 'model-joined', presenceOf(row, performerId));
    ctx.realtime.emitToRoom(streamRoom(streamId), 'public-room-changed', presenceOf(row, performerId));
  }

  /** The recording ffmpeg finished, kept and listed; nothing when it holds no media. */
  async function storeRecording(session: IngestSession) {
    const file = path.join(ctx.config.uploadsDir, session.recordingPath);
    const info = await stat(file).catch(() => null);
    if (!info || info.size === 0 || session.outTimeUs === 0) {
      await rm(file, { force: true });
      return;
    }
    await ctx.store.publish(session.recordingPath);
    await ctx.db.insert(streamRecordings).values({
      streamId: session.streamId,
      performerId: session.performerId,
      storagePath: session.recordingPath,
      sizeBytes: info.size,
      durationSeconds: Math.round(session.outTimeUs / 1000) / 1000,
    });
  }

  function onConnection(socket: WebSocket) {
    const timer = setTimeout(() => refuse(socket, INGEST_CLOSE.badHello, 'request.invalid'), HELLO_TIMEOUT_MS);
    // Slices sent right after the hello wait here until ffmpeg runs: the first holds the WebM header.
    const pending: Buffer[] = [];
    let pendingBytes = 0;
    let sink: ((chunk: Buffer) => void) | null = null;
    const feed: Feed = {
      connect(next) {
        sink = next;
        for (const chunk of pending.splice(0)) next(chunk);
        pendingBytes = 0;
      },
    };
    let greeted = false;
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (!greeted) {
        greeted = true;
        clearTimeout(timer);
        hello(socket, feed, data, isBinary).catch(() => refuse(socket, 1011, 'server.error'));
        return;
      }
      if (!isBinary) return;
      const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (sink) return sink(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes > MAX_BACKLOG_BYTES) return void socket.close(1008, 'backlog');
      pending.push(chunk);
    });
    socket.once('close', () => clearTimeout(timer));
    socket.on('error', () => undefined);
  }

  return {
    attach(server) {
      server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        const pathname = (request.url ?? '').split('?')[0];
        if (pathname !== INGEST_URL_PATH) return;
        wss.handleUpgrade(request, socket, head, onConnection);
      });
    },
    hlsDir: (streamId) => sessions.get(streamId)?.hlsDir ?? null,
    async stop(streamId) {
      const session = sessions.get(streamId);
      if (!session) return;
      if (session.socket.readyState === session.socket.OPEN) session.socket.close(1000, 'streaming.offline');
      session.finish();
      await session.done;
    },
    async closeAll() {
      await Promise.all([...sessions.keys()].map((id) => this.stop(id)));
      wss.close();
    },
  };
}
