/** Helpers of the messaging tests: accounts with tokens, calls, sends, a photo upload, sockets. */
import type { AddressInfo } from 'node:net';
import type { ConversationDto, MessageDto, MessageUploadDto } from '@fandeck/contract';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { createUser, multipartForm, signIn, type TestApp } from '../../../test/helpers.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Account {
  id: string;
  email: string;
  token: string;
}

export function messagingKit(t: () => TestApp) {
  const call = (method: Method, url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t().app.inject({ method, url: `/api${url}`, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...headers, ...(token ? { authorization: token } : {}) } });

  async function account(values: Parameters<typeof createUser>[1] = {}): Promise<Account> {
    const user = await createUser(t().ctx, values);
    return { id: user.id, email: user.email, token: await signIn(t().app, user.email) };
  }

  async function open(from: Account, to: Account, source: 'performer' | 'user' = 'performer'): Promise<ConversationDto> {
    const res = await call('POST', '/conversations', from.token, { source, sourceId: to.id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ConversationDto;
  }

  let sent = 0;
  async function send(from: Account, conversationId: string, body: Record<string, unknown> = {}): Promise<MessageDto> {
    sent += 1;
    const res = await call('POST', `/messages/conversations/${conversationId}`, from.token, { clientId: `c${sent}`, text: `message ${sent}`, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MessageDto;
  }

  async function uploadPhoto(from: Account, path?: string): Promise<string>;
  async function uploadPhoto(from: Account, path: string, whole: true): Promise<MessageUploadDto>;
  async function uploadPhoto(from: Account, path = '/messages/private/file/photo', whole = false): Promise<string | MessageUploadDto> {
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#468' } }).jpeg().toBuffer();
    const form = multipartForm([{ name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data: picture }]);
    const res = await t().app.inject({ method: 'POST', url: `/api${path}`, payload: form.payload, headers: { ...form.headers, authorization: from.token } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as MessageUploadDto;
    return whole ? data : data._id;
  }

  /** A signed link's path and query, fetched through the app as `token`'s holder. */
  const fetchLink = (url: string, token: string | null) => {
    const link = new URL(url);
    return t().app.inject({ method: 'GET', url: link.pathname + link.search, headers: token ? { authorization: token } : {} });
  };

  const expectError = (res: { statusCode: number; json(): { code?: string } }, status: number, code: string) =>
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });

  return { call, account, open, send, uploadPhoto, fetchLink, expectError };
}

/** Sockets to a listening app, closed by `closeAll`. */
export function socketKit() {
  const sockets: Socket[] = [];
  async function socketTo(app: TestApp['app'], token?: string): Promise<Socket> {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const socket = connect(origin, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
  const nextEvent = <T>(socket: Socket, name: string) => new Promise<T>((resolve) => socket.once(name, resolve));
  const closeAll = () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  };
  return { socketTo, nextEvent, closeAll };
}
