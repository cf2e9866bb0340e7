/**
 * `npm run demo:live`: puts a demo creator on the air against a running server, as the
 * creator's browser would: signs in, goes live (POST /streaming/live) and sends a picture
 * made by ffmpeg (a moving pattern in the creator's colours, with a quiet tone) over the
 * ingest WebSocket, until Ctrl+C, which ends the stream. Fans then find the creator live on
 * the landing page, in discover (`live`) and on their profile.
 *
 *   npm run demo:live                                   # Duda Rocha, on http://localhost:8080
 *   npm run demo:live -- --creator creator2@fandeck.local --origin http://localhost:4302
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fillTemplate, paths, STREAM_INGEST_PATH } from '@fandeck/contract';
import WebSocket from 'ws';
import { resolveFfmpeg } from '../media/ffmpeg.js';
import { DEMO_PASSWORD } from './demo.js';

const { values } = parseArgs({
  options: {
    creator: { type: 'string', default: 'creator4@fandeck.local' },
    origin: { type: 'string', default: process.env.FANDECK_ORIGIN ?? `http://localhost:${process.env.PORT ?? 8080}` },
    title: { type: 'string', default: 'Ensaio aberto ao vivo 🎶' },
  },
});
const origin = values.origin.replace(/\/$/, '');

async function call<T>(method: string, path: string, token: string | null, body: unknown): Promise<T> {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as { data?: T; message?: string } | null;
  if (!response.ok || !answer?.data) throw new Error(`${method} ${path}: ${response.status} ${answer?.message ?? ''}`);
  return answer.data;
}

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

const ffmpeg = resolveFfmpeg();
if (!ffmpeg) fail('No ffmpeg was found: install it, or set FFMPEG_PATH.');
const login = await call<{ token: string }>('POST', paths['auth.login'], null, { username: values.creator, password: DEMO_PASSWORD }).catch((error: Error) =>
  fail(`Could not sign in as ${values.creator} on ${origin} (is the server running with the demo data?): ${error.message}`),
);
const token = login.token;
const { stream } = await call<{ stream: { _id: string } }>('POST', paths['streaming.goLive'], token, { title: values.title });

const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/api${STREAM_INGEST_PATH}`);
await new Promise<void>((resolve, reject) => {
  socket.once('open', () => resolve());
  socket.once('error', reject);
});
socket.send(JSON.stringify({ token, streamId: stream._id, mimeType: 'video/x-matroska;codecs=avc1,mp4a' }));

// A pattern that keeps moving (Conway's life in the demo's colours) and a quiet tone: no camera needed.
const encoder = spawn(
  ffmpeg.path,
  [
    '-hide_banner', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', 'life=size=320x180:rate=24:mold=10:ratio=0.1:life_color=#e8456b:death_color=#1a1a22,scale=640:360:flags=neighbor',
    '-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=48000,volume=0.05',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '24', '-keyint_min', '24',
    '-c:a', 'aac', '-b:a', '64k', '-f', 'matroska', 'pipe:1',
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
encoder.stdout.on('data', (chunk: Buffer) => {
  if (socket.readyState === WebSocket.OPEN) socket.send(chunk);
});
socket.on('message', (data) => {
  const answer = JSON.parse(data.toString()) as { ok: boolean; code?: string };
  if (answer.ok) console.log(`\n${values.creator} is live on ${origin}: stream ${stream._id}. Ctrl+C ends it.\n`);
  else void stop(`The server refused the stream: ${answer.code ?? 'unknown'}`);
});
socket.on('close', () => void stop('The server closed the stream.'));

let stopping = false;
async function stop(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  encoder.kill('SIGTERM');
  socket.close();
  await call('PUT', fillTemplate(paths['streaming.end'], { id: stream._id }) ?? '', token, {}).catch(() => undefined);
  console.log(`${reason} The stream has ended.`);
  process.exit(0);
}
process.on('SIGINT', () => void stop('Stopped.'));
process.on('SIGTERM', () => void stop('Stopped.'));
