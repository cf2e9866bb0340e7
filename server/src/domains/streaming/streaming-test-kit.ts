/** Shared by the streaming tests (not a test file itself). */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { App } from '../../app.js';
import type { AppContext } from '../../context.js';
import { subscriptions } from '../../db/schema/index.js';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';

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
export async function listening(): Promise<{ t: TestApp; origin: string; port: number }> {
  const t = await createTestApp();
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
