import { routes } from '@fandeck/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/index.js';
import type { RequestOptions, Transport, TransportResult, UploadOptions } from '../session/transport.js';
import { createApiClient } from './api-client.js';
import { createTypedApi, type TypedApi } from './typed-api.js';

interface Sent {
  method: string;
  path: string;
  options?: RequestOptions | UploadOptions;
}

let sent: Sent[];
let answer: TransportResult<unknown>;
let api: TypedApi;

/** A transport that records what it is asked and answers `answer`. */
function recordingTransport(): Transport {
  return {
    kind: 'direct',
    origin: 'http://platform.test',
    request: async <T,>(method: string, path: string, options?: RequestOptions) => {
      sent.push({ method, path, ...(options ? { options } : {}) });
      return answer as TransportResult<T>;
    },
    upload: async <T,>(path: string, options: UploadOptions) => {
      sent.push({ method: 'UPLOAD', path, options });
      return answer as TransportResult<T>;
    },
    hasCredential: () => true,
    clearCredential: () => undefined,
  } as unknown as Transport;
}

beforeEach(async () => {
  await setLocale('pt-BR');
  sent = [];
  answer = { ok: true, status: 200, data: { _id: 'u1' } };
  api = createTypedApi(createApiClient({ transport: recordingTransport(), onUnauthorized: () => undefined, currentPath: () => '/home' }));
});

describe('typed api', () => {
  it('calls a route by name with its method and path, the GET input as the query', async () => {
    const outcome = await api.users.me(undefined, { unauthorized: 'ignore' });
    expect(outcome).toEqual({ ok: true, value: { _id: 'u1' } });
    await api.performers.top({ limit: 3 });
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /users/me', 'GET /performers/top']);
    expect(sent[1]?.options).toMatchObject({ query: { limit: 3 } });
  });

  it('fills and encodes path parameters from the template, and sends the body', async () => {
    await api.messages.send({ id: 'c 1&x' }, { text: 'oi' });
    await api.reference.cities({ a: 'BR', b: 'São Paulo' });
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/messages/conversations/c%201%26x' });
    expect(sent[0]?.options).toMatchObject({ body: { text: 'oi' } });
    expect(sent[1]?.path).toBe('/cities/BR/S%C3%A3o%20Paulo');
  });

  it('refuses a parameter that cannot be a path segment without calling the server', async () => {
    const outcome = await api.performers.get({ id: '..' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toMatchObject({ status: 400, code: 'request.invalid' });
    const empty = await api.comments.delete({ id: '' });
    expect(empty.ok).toBe(false);
    // A slash inside a value would reach another route: refused, not sent.
    const slash = await api.messages.send({ id: 'c1/../x' }, { text: 'oi' });
    expect(slash.ok).toBe(false);
    expect(sent).toEqual([]);
  });

  it('sends a DELETE body and reads a list route as a page', async () => {
    answer = { ok: true, status: 200, data: [{ _id: 'p1' }] };
    await api.reactions.remove({ objectType: 'feed', objectId: 'p1', action: 'like' });
    const page = await api.feeds.byCreator.list({ username: 'ana' }, { limit: 5 });
    expect(sent[0]).toMatchObject({ method: 'DELETE', path: '/reactions', options: { body: { objectId: 'p1' } } });
    expect(sent[1]).toMatchObject({ method: 'GET', path: '/user/feeds/search/ana', options: { query: { limit: 5 } } });
    expect(page).toEqual({ ok: true, value: { data: [{ _id: 'p1' }], total: 1 } });
  });

  it('uploads through the transport with the route path', async () => {
    const form = new FormData();
    await api.users.avatarUpload.upload({ form });
    expect(sent[0]).toMatchObject({ method: 'UPLOAD', path: routes['users.avatarUpload'].path });
  });

  it('answers undefined for a name no route has, so the object is not a thenable', () => {
    const loose = api as unknown as Record<string, unknown>;
    expect(loose.then).toBeUndefined();
    expect((loose.users as Record<string, unknown>).nothing).toBeUndefined();
    expect(api.users.me).toBe(api.users.me);
  });
});
