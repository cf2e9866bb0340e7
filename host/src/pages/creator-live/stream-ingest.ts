/**
 * Sends the creator's camera to the platform: a WebSocket to `/api/streaming/ingest` on the
 * platform origin, authenticated by its first message (`{ token, streamId, mimeType }`, never the
 * URL), then a MediaRecorder's slices as binary messages, every STREAM_SLICE_MS. The
 * server packages them into HLS for the viewers. A dropped socket is opened again after a
 * short wait with a fresh recorder (a new WebM header: the server starts a new segment
 * run), a few times; then the ingest says it failed.
 */
import { STREAM_INGEST_MIME, STREAM_INGEST_PATH, STREAM_SLICE_MS } from '@fandeck/contract';

export type IngestSocketState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed' | 'failed';

export interface IngestStats {
  socket: IngestSocketState;
  /** Bytes handed to the socket since the start. */
  bytesSent: number;
  /** Why the platform refused the ingest for good (a contract error code), when it did. */
  refusal: string | null;
}

/** Close codes the platform refuses an ingest with (4000 + HTTP status, the error code as reason); all final but 4409 (an earlier ingest still closing). */
const FINAL_CLOSE_CODES = new Set([4400, 4401, 4403, 4404, 4503]);

/** What the recorder is asked for, best first: the contract's, then what browsers without H.264 in WebM record. */
export const INGEST_MIME_CANDIDATES = [STREAM_INGEST_MIME, 'video/webm;codecs=h264', 'video/webm;codecs=vp8,opus', 'video/webm;codecs=vp8', 'video/webm'] as const;
export const INGEST_VIDEO_BITS = 1_500_000;
export const INGEST_AUDIO_BITS = 96_000;
const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000];

/** The first type this browser records, or null when it records none of them. */
export function pickIngestMime(isSupported: (type: string) => boolean = (type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type)): string | null {
  return INGEST_MIME_CANDIDATES.find((type) => isSupported(type)) ?? null;
}

/** `ws(s)://<platform>/api/streaming/ingest`: wss where the platform is on https. */
export function ingestUrl(origin: string): string {
  const url = new URL(`/api${STREAM_INGEST_PATH}`, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

export interface IngestOptions {
  media: MediaStream;
  streamId: string;
  /** The platform origin (the host site's own). */
  origin: string;
  /** The signed-in creator's token, read at each (re)connection; absent: the server reads the session cookie. */
  getToken: () => string | undefined;
  mimeType: string;
  onStats: (stats: IngestStats) => void;
  /** Stand-ins for tests. */
  createSocket?: (url: string) => WebSocket;
  createRecorder?: (media: MediaStream, options: MediaRecorderOptions) => MediaRecorder;
}

export interface Ingest {
  /** Stops the recorder and closes the socket for good. */
  stop(): void;
}

export function startIngest(options: IngestOptions): Ingest {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const createRecorder = options.createRecorder ?? ((media: MediaStream, init: MediaRecorderOptions) => new MediaRecorder(media, init));
  const stats: IngestStats = { socket: 'connecting', bytesSent: 0, refusal: null };
  let stopped = false;
  let failures = 0;
  let socket: WebSocket | null = null;
  let recorder: MediaRecorder | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const report = (patch: Partial<IngestStats>) => {
    Object.assign(stats, patch);
    options.onStats({ ...stats });
  };

  function stopRecorder(): void {
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    recorder = null;
  }

  function connect(): void {
    const live = createSocket(ingestUrl(options.origin));
    socket = live;
    live.binaryType = 'arraybuffer';
    live.onopen = () => {
      if (stopped) return live.close();
      const token = options.getToken();
      live.send(JSON.stringify({ ...(token ? { token } : {}), streamId: options.streamId, mimeType: options.mimeType }));
      failures = 0;
      report({ socket: 'open' });
      const next = createRecorder(options.media, { mimeType: options.mimeType, videoBitsPerSecond: INGEST_VIDEO_BITS, audioBitsPerSecond: INGEST_AUDIO_BITS });
      recorder = next;
      next.ondataavailable = (event: BlobEvent) => {
        if (event.data.size === 0 || live.readyState !== WebSocket.OPEN) return;
        live.send(event.data);
        report({ bytesSent: stats.bytesSent + event.data.size });
      };
      next.start(STREAM_SLICE_MS);
    };
    live.onclose = (event: CloseEvent) => {
      if (socket !== live) return;
      stopRecorder();
      socket = null;
      if (stopped) return report({ socket: 'closed' });
      if (FINAL_CLOSE_CODES.has(event.code)) return report({ socket: 'failed', refusal: event.reason || null });
      const delay = RECONNECT_DELAYS_MS[failures];
      if (delay === undefined) return report({ socket: 'failed' });
      failures += 1;
      report({ socket: 'reconnecting' });
      retry = setTimeout(() => {
        if (!stopped) connect();
      }, delay);
    };
  }

  report({ socket: 'connecting' });
  connect();

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(retry);
      stopRecorder();
      const live = socket;
      socket = null;
      // The recorder's last slice goes out before the socket closes.
      if (live && live.readyState === WebSocket.OPEN) setTimeout(() => live.close(1000), STREAM_SLICE_MS * 2);
      else live?.close();
      report({ socket: 'closed' });
    },
  };
}
