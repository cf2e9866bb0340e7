import { moneyActions, PAGE_ORIGIN_HEADER, routes, type RouteSpec } from '@fandeck/contract';
import { describe, expect, it } from 'vitest';
import { toResult } from './bridge-api.js';
import { allowedCall, callHeaders, pageHeaders, redact } from './bridge-policy.js';
import { readPageMessage, readPopupMessage } from './protocol.js';

const platform = 'https://fandeck.example';
const urlOf = (method: string, path: string, query?: Parameters<typeof allowedCall>[3]) => {
  const call = allowedCall(platform, method, path, query);
  return call.ok ? call.url.toString() : null;
};

describe('the allow-list of plain calls', () => {
  it('lets through the routes marked embed, sent canonically under /api with the query', () => {
    expect(urlOf('GET', '/users/me')).toBe(`${platform}/api/users/me`);
    expect(urlOf('get', '/api/users/me')).toBe(`${platform}/api/users/me`);
    expect(urlOf('GET', '/performers/search', { q: 'ana', ids: ['a', 'b'], skip: undefined, none: null, limit: 10 })).toBe(
      `${platform}/api/performers/search?q=ana&ids=a&ids=b&limit=10`,
    );
    // A spelling that decodes to an allowed route is sent in the one canonical spelling.
    expect(urlOf('GET', '/users/%6De')).toBe(`${platform}/api/users/me`);
    expect(urlOf('GET', '/performers/ana.lima')).toBe(`${platform}/api/performers/ana.lima`);
    expect(urlOf('GET', "/performers/it's%20me")).toBe(`${platform}/api/performers/it's%20me`);
  });

  it("lets through every route marked embed, 'owner' or 'page', and says which", () => {
    const allowed = (Object.values(routes) as RouteSpec[]).filter((spec) => spec.embed);
    expect(allowed.filter((spec) => spec.embed === 'owner').length).toBeGreaterThan(3);
    expect(allowed.filter((spec) => spec.embed === 'page').length).toBeGreaterThan(3);
    for (const spec of allowed) {
      const path = spec.path.replace(/:[a-zA-Z]+/g, '0123456789abcdef01234567');
      expect(allowedCall(platform, spec.method, path), `${spec.method} ${path}`).toMatchObject({ ok: true, method: spec.method, embed: spec.embed });
    }
    expect(urlOf('GET', '/performer/earning/%73tats', { from: '2024-01-01' })).toBe(`${platform}/api/performer/earning/stats?from=2024-01-01`);
    // A literal route no page may call still takes its path from the parameter route after it.
    expect(allowedCall(platform, 'GET', '/performers/me')).toMatchObject({ ok: false });
    expect(allowedCall(platform, 'GET', '/performers/%6De')).toMatchObject({ ok: false });
  });

  it('refuses every route without embed, in any method, with its parameters filled', () => {
    const denied = (Object.values(routes) as RouteSpec[]).filter((spec) => !spec.embed);
    expect(denied.length).toBeGreaterThan(10);
    for (const spec of denied) {
      const path = spec.path.replace(/:[a-zA-Z]+/g, '0123456789abcdef01234567');
      expect(allowedCall(platform, spec.method, path), `${spec.method} ${path}`).toMatchObject({ ok: false });
      expect(allowedCall(platform, spec.method, `/api${path}`), `${spec.method} /api${path}`).toMatchObject({ ok: false });
    }
  });

  it('refuses the spellings that once reached denied routes: encoded, double-encoded, dot segments, backslashes, case', () => {
    for (const [method, path] of [
      ['GET', '/%61dmin/settings'],
      ['PUT', '/auth/users/me/%70assword'],
      ['POST', '/%65mbeds/origins'],
      ['GET', '/users/%252e%252e/admin/settings'],
      ['GET', '/users/../admin/settings'],
      ['GET', '/users/%2e%2e/admin/settings'],
      ['GET', '/users/%2E%2E/admin/settings'],
      ['GET', '/users/./me'],
      ['GET', '/users\\..\\admin/settings'],
      ['GET', '/users%5c..%5cadmin/settings'],
      ['GET', '/users%2fme'],
      ['GET', '/Admin/settings'],
      ['GET', '/USERS/me'],
      ['GET', '/users/ME'],
      ['GET', '/users/me/'],
      ['GET', '//users/me'],
      ['GET', '/users//me'],
      ['GET', 'users/me'],
      ['GET', '/users/me?x=1'],
      ['GET', '/users/me#x'],
      ['GET', '/users me'],
      ['GET', '/%'],
      ['GET', 'https://evil.example/api/users/me'],
      ['GET', '//evil.example/api/users/me'],
      ['DELETE', '/users/me'],
      ['TRACE', '/users/me'],
    ] as const) {
      expect(allowedCall(platform, method, path), `${method} ${path}`).toMatchObject({ ok: false });
    }
  });

  it('refuses money routes and their quotes: only the pay command reaches them', () => {
    for (const action of moneyActions) {
      const path = action.path.replace(':id', 'abc');
      expect(allowedCall(platform, 'POST', path), path).toMatchObject({ ok: false, message: 'Payments go through the pay command' });
      expect(allowedCall(platform, 'POST', path.replace('/wallet', '/%77allet')), path).toMatchObject({ ok: false });
      expect(allowedCall(platform, 'POST', `${path}/quote`), `${path}/quote`).toMatchObject({ ok: false });
    }
  });

  it('passes only harmless page headers, never the page origin a page would like to claim', () => {
    expect(
      pageHeaders({
        Authorization: 'x',
        cookie: 'y',
        'Idempotency-Key': 'k',
        'x-fandeck-quote': 'q',
        'X-Forwarded-For': '1.2.3.4',
        [PAGE_ORIGIN_HEADER]: 'https://creator.example',
        'X-Fandeck-Page-Origin': 'https://creator.example',
        'Accept-Language': 'es',
        n: 1,
      }),
    ).toEqual({ 'accept-language': 'es' });
    expect(pageHeaders({ 'accept-language': 'es\r\nx: y' })).toEqual({});
    expect(pageHeaders('nope')).toEqual({});
  });

  it("sends the page's origin as the browser reported it on owner and page-scoped routes only, whatever the page put in its headers", () => {
    const claimed = { [PAGE_ORIGIN_HEADER]: 'https://creator.example', 'X-Fandeck-Page-Origin': 'https://creator.example', 'accept-language': 'es' };
    const owner = allowedCall(platform, 'GET', '/payout-requests/user/search');
    if (!owner.ok) throw new Error(owner.message);
    expect(callHeaders(owner, 'https://hostile.example', claimed)).toEqual({ 'accept-language': 'es', [PAGE_ORIGIN_HEADER]: 'https://hostile.example' });
    expect(callHeaders(owner, 'https://hostile.example', undefined)).toEqual({ [PAGE_ORIGIN_HEADER]: 'https://hostile.example' });
    const scoped = allowedCall(platform, 'GET', '/conversations/search');
    if (!scoped.ok) throw new Error(scoped.message);
    expect(scoped.embed).toBe('page');
    expect(callHeaders(scoped, 'https://hostile.example', claimed)).toEqual({ 'accept-language': 'es', [PAGE_ORIGIN_HEADER]: 'https://hostile.example' });
    const stream = allowedCall(platform, 'GET', '/conversations/stream/abc');
    if (!stream.ok) throw new Error(stream.message);
    expect(callHeaders(stream, 'https://hostile.example', claimed)).toEqual({ 'accept-language': 'es' });
    const open = allowedCall(platform, 'GET', '/users/me');
    if (!open.ok) throw new Error(open.message);
    expect(callHeaders(open, 'https://hostile.example', claimed)).toEqual({ 'accept-language': 'es' });
  });
});

describe('what leaves the bridge', () => {
  const token = 'secret-token-0123456789abcdef';

  it('never carries the token, wherever the server put it', () => {
    expect(toResult(200, JSON.stringify({ status: 0, data: { token, expiresAt: 'x' } }), null)).toEqual({
      ok: true,
      status: 200,
      data: { expiresAt: 'x' },
    });
    const echoed = toResult(400, JSON.stringify({ statusCode: 400, message: `bad ${token} here` }), token);
    expect(JSON.stringify(echoed)).not.toContain(token);
    expect(redact({ a: [token, { b: `x${token}y` }], n: 3 }, token)).toEqual({ a: ['', { b: 'xy' }], n: 3 });
  });

  it('unwraps the envelope on success and passes error bodies on', () => {
    expect(toResult(200, JSON.stringify({ status: 0, data: { data: [1], total: 1 } }), null)).toEqual({ ok: true, status: 200, data: { data: [1], total: 1 } });
    expect(toResult(422, JSON.stringify({ statusCode: 422, code: 'request.invalid', message: 'No', error: 'Unprocessable Entity' }), null)).toEqual({
      ok: false,
      status: 422,
      body: { statusCode: 422, code: 'request.invalid', message: 'No', error: 'Unprocessable Entity' },
    });
    expect(toResult(204, '', null)).toEqual({ ok: true, status: 204, data: undefined });
  });
});

describe('protocol readers', () => {
  it('accept well-formed messages only', () => {
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 1, type: 'request', method: 'GET', path: '/users/me' })).not.toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 2, type: 'pay', request: { action: 'charge:tip' } })).not.toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 2, type: 'pay', request: 'charge:tip' })).toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 3, type: 'confirm', request: {} })).toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 4, type: 'media', path: '/api/media/files/a/b?v=public&e=1&s=x' })).not.toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 4, type: 'media', path: '' })).toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 4, type: 'media', path: { href: '/api/users/me' } })).toBeNull();
    expect(readPageMessage({ channel: 'other', id: 1, type: 'request', method: 'GET', path: '/x' })).toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: '1', type: 'logout' })).toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 1, type: 'eval' })).toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 1, type: 'live-on' })).toBeNull();
    expect(readPopupMessage({ channel: 'fandeck-login', type: 'token', nonce: 'n', token: 't', remember: false })).not.toBeNull();
    expect(readPopupMessage({ channel: 'fandeck-login', type: 'token', nonce: 'n', token: 't' })).toBeNull();
    expect(readPopupMessage({ channel: 'fandeck-login', type: 'offer' })).toBeNull();
  });
});
