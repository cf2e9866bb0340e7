/** Shared by the streaming tests (not a test file itself). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import type { App } from '../../app.js';
import type { AppContext } from '../../context.js';
import { subscriptions } from '../../db/schema/index.js';
import { resolveFfmpeg } from '../../media/ffmpeg.js';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { INGEST_URL_PATH } from './ingest.js';

export interface Party {
  id: string;
  username: string;
  token: string;
}

export async function party(t: TestApp, role: 'user' | 'performer' | 'admin' = 'user', extra: { verifiedDocument?: boolean } = {}): Promise<Party> {
  const user = await createUser(t.ctx, { role, ...extra });
  return { id: user.id, username: user.username!, token: await signIn(t.app, user.email) };
}

/** An active subscription of `fanId` to `creatorId`, ending `days` from now (negative: expired). */
export async function subscribe(ctx: AppContext, fanId: string, creatorId: string, days = 30): Promise<void> {
  const now = ctx.now();
  await ctx.db.insert(subscriptions).values({
    userId: fanId,
    performerId: creatorId,
    subscriptionType: 'monthly',
    status: 'active',
    priceCents: 1000,
    startedAt: now,
    expiredAt: new Date(now.getTime() + days * 86_400_000),
  });
}

export const call = (app: App, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

/** The app listening on a free port, for sockets and the ingest WebSocket. */
export async function listening(env: Record<string, string> = {}): Promise<{ t: TestApp; origin: string; port: number }> {
  const t = await createTestApp({}, env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  return { t, origin: `http://127.0.0.1:${port}`, port };
}

export function socketTo(origin: string, token?: string): Promise<Socket> {
  const socket = connect(origin, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export const nextEvent = <T>(socket: Socket, name: string) => new Promise<T>((resolve) => socket.once(name, resolve));

const ffmpeg = resolveFfmpeg();
/** Whether the ingest tests can run: an ffmpeg with libx264 (the system's, or the npm package's). */
export const canEncode = ffmpeg !== null && /libx264/.test(execFileSync(ffmpeg.path, ['-hide_banner', '-encoders'], { encoding: 'utf8' }));

/** Four seconds of H.264 (a keyframe a second) and Opus in Matroska, as a browser's MediaRecorder writes. */
export function sampleRecording(): Buffer {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ingest-')), 'camera.webm');
  execFileSync(ffmpeg!.path, [
    '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30', '-f', 'lavfi', '-i', 'sine', '-t', '4',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '30', '-c:a', 'libopus', '-f', 'matroska', file,
  ]);
  return readFileSync(file);
}

/** A recording cut into `count` slices, as MediaRecorder sends them. */
export function slicesOf(bytes: Buffer, count: number): Buffer[] {
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
}

export interface Ingest {
  socket: WebSocket;
  /** The first answer (the ack or a refusal). */
  answer: Promise<{ ok: boolean; code?: string }>;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens the ingest at `origin` (ws:// or http://, or a port) and sends the hello, then at once any slices (before the ack: the server holds them). */
export function ingest(at: number | string, hello: unknown, slices: Buffer[] = []): Ingest {
  const origin = typeof at === 'number' ? `ws://127.0.0.1:${at}` : at.replace(/^http/, 'ws');
  const socket = new WebSocket(`${origin}${INGEST_URL_PATH}`);
  const answer = new Promise<{ ok: boolean; code?: string }>((resolve) => socket.once('message', (data) => resolve(JSON.parse(data.toString()))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  socket.once('open', () => {
    socket.send(JSON.stringify(hello));
    for (const slice of slices) socket.send(slice);
  });
  return { socket, answer, closed };
}
