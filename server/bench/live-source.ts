/**
 * The creator's browser for the live bench, in its own process (its work must not count as
 * the server's): draws 640x360 frames at 30 fps whose pixels carry their capture time
 * (`drawFrame`), encodes them live with libx264 (zerolatency, a keyframe a second) into
 * Matroska, as MediaRecorder does, and sends what the encoder wrote every 100 ms as one
 * binary message on the ingest WebSocket, after the `{ token, streamId }` hello.
 */
import { spawn } from 'node:child_process';
import WebSocket from 'ws';
import { drawFrame, FPS, HEIGHT, WIDTH } from './live-kit.js';

export interface SourcePlan {
  ingestUrl: string;
  token: string;
  streamId: string;
  ffmpeg: string;
}

export interface SourceReady {
  ready: true;
  encoderPid: number;
}

const SLICE_MS = 100;
const send = (message: unknown) => process.send!(message);

function encoderArgs(): string[] {
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${WIDTH}x${HEIGHT}`, '-r', String(FPS), '-i', 'pipe:0',
    // 2.5 Mbit/s: what Chrome's MediaRecorder picks when the page names no bitrate.
    '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', String(FPS), '-keyint_min', String(FPS), '-sc_threshold', '0',
    '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '2500k', '-pix_fmt', 'yuv420p',
    // A cluster every 100 ms, flushed at once: the stream a MediaRecorder with a 100 ms timeslice hands over.
    '-f', 'matroska', '-live', '1', '-cluster_time_limit', String(SLICE_MS), '-flush_packets', '1', 'pipe:1',
  ];
}

async function run(plan: SourcePlan) {
  const socket = new WebSocket(plan.ingestUrl);
  const answer = new Promise<{ ok: boolean; code?: string }>((resolve, reject) => {
    socket.once('message', (data) => resolve(JSON.parse(data.toString()) as { ok: boolean; code?: string }));
    socket.once('error', reject);
    socket.once('close', (code, reason) => reject(new Error(`ingest closed ${code} ${reason.toString()}`)));
  });
  socket.once('open', () => socket.send(JSON.stringify({ token: plan.token, streamId: plan.streamId, mimeType: 'video/webm;codecs=h264' })));
  const ack = await answer;
  if (!ack.ok) throw new Error(`ingest refused: ${ack.code}`);

  const encoder = spawn(plan.ffmpeg, encoderArgs(), { stdio: ['pipe', 'pipe', 'inherit'] });
  encoder.stdin.on('error', () => undefined);
  let pending: Buffer[] = [];
  encoder.stdout.on('data', (chunk: Buffer) => pending.push(chunk));
  const slicer = setInterval(() => {
    if (pending.length === 0 || socket.readyState !== socket.OPEN) return;
    socket.send(Buffer.concat(pending));
    pending = [];
  }, SLICE_MS);

  // Frames on a schedule that does not drift; a late tick draws the frame late, with its real time.
  const start = performance.now();
  let frame = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    encoder.stdin.write(drawFrame(Date.now()));
    frame += 1;
    setTimeout(tick, Math.max(0, start + (frame * 1000) / FPS - performance.now()));
  };
  tick();
  send({ ready: true, encoderPid: encoder.pid! } satisfies SourceReady);

  process.on('message', (message: { stop?: boolean }) => {
    if (!message.stop) return;
    running = false;
    clearInterval(slicer);
    encoder.stdin.end();
    encoder.once('close', () => {
      socket.close(1000);
      send({ stopped: true, frames: frame, seconds: (performance.now() - start) / 1000 });
      setTimeout(() => process.exit(0), 200);
    });
  });
}

process.once('message', (plan: SourcePlan) => {
  run(plan).catch((error: unknown) => {
    send({ error: String(error) });
    process.exit(1);
  });
});
