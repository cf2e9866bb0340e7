import { describe, expect, it } from 'vitest';
import { toResult } from './bridge-api.js';
import { apiTarget, ConfirmGrants, GRANT_LIFETIME_MS, isDenied, moneyKind, pageHeaders, readConfirmRequest, redact } from './bridge-policy.js';
import { readPageMessage, readPopupMessage } from './protocol.js';

const platform = 'https://fandeck.example';

describe('apiTarget', () => {
  it('keeps calls under the platform’s /api, with or without the prefix, and repeats array keys', () => {
    const target = apiTarget(platform, '/users/search', { q: 'ana', ids: ['a', 'b'], skip: undefined, none: null, limit: 10 });
    expect(target).toMatchObject({ ok: true, apiPath: '/users/search' });
    if (target.ok) expect(target.url.toString()).toBe(`${platform}/api/users/search?q=ana&ids=a&ids=b&limit=10`);
    expect(apiTarget(platform, '/api/users/me')).toMatchObject({ ok: true, apiPath: '/users/me' });
  });

  it('refuses anything that could leave /api or the platform', () => {
    for (const path of [
      'users/me',
      '//evil.example/api/x',
      '/../files/x',
      '/users/../../embed/bridge.html',
      '/%2e%2e/files/x',
      '/users%2fme',
      '/users\\me',
      '/users/me?token=x',
      '/users/me#x',
      '/users me',
      'https://evil.example/api/x',
    ]) {
      expect(apiTarget(platform, path).ok, path).toBe(false);
    }
  });
});

describe('what embedded pages may not do', () => {
  it('refuses credential, payout, staff and allow-list routes', () => {
    for (const path of [
      '/auth/login',
      '/auth/logout',
      '/auth/users/me/password',
      '/auth/google/login',
      '/telegram/login',
      '/manager/abc/switch-account',
      '/performers/banking-settings',
      '/payout-requests',
      '/payout-methods/1',
      '/stripe/accounts',
      '/stripe/cards',
      '/payment-cards/1',
      '/admin/settings',
      '/embeds/origins',
    ]) {
      expect(isDenied(path), path).toBe(true);
    }
    for (const path of ['/users/me', '/auth/users/me', '/performers/ana.lima', '/messages/conversations/1', '/wallet/charges/tip/1']) {
      expect(isDenied(path), path).toBe(false);
    }
  });

  it('knows which calls spend money', () => {
    expect(moneyKind('POST', '/wallet/charges/tip/abc')).toBe('tip');
    expect(moneyKind('POST', '/wallet/charges/video/abc')).toBe('unlock');
    expect(moneyKind('POST', '/wallet/charges/booking-cameo/abc')).toBe('unlock');
    expect(moneyKind('POST', '/payment/subscribe/performers')).toBe('subscribe');
    expect(moneyKind('POST', '/payment/wallet/top-up')).toBe('topup');
    expect(moneyKind('GET', '/wallet/charges/search')).toBeNull();
    expect(moneyKind('POST', '/messages/conversations/abc')).toBeNull();
  });

  it('passes only harmless page headers', () => {
    expect(pageHeaders({ Authorization: 'x', cookie: 'y', 'Idempotency-Key': 'k', 'x-trace': 't', host: 'h', n: 1 })).toEqual({
      'idempotency-key': 'k',
      'x-trace': 't',
    });
    expect(pageHeaders('nope')).toEqual({});
  });
});

describe('confirm grants', () => {
  it('allow one call of the confirmed kind, up to the confirmed amount, for a short while', () => {
    let now = 1_000;
    const grants = new ConfirmGrants(() => now);
    expect(grants.take('tip', { price: 10 })).toBe(false);
    grants.add({ kind: 'tip', amount: 10 });
    expect(grants.take('subscribe', {})).toBe(false);
    expect(grants.take('tip', { price: 11 })).toBe(false);
    expect(grants.take('tip', { price: '10' })).toBe(true);
    expect(grants.take('tip', { price: 10 })).toBe(false);

    grants.add({ kind: 'unlock', amount: 5 });
    now += GRANT_LIFETIME_MS + 1;
    expect(grants.take('unlock', {})).toBe(false);

    grants.add({ kind: 'topup', amount: 50 });
    grants.clear();
    expect(grants.take('topup', { amount: 50 })).toBe(false);
  });

  it('read only well-formed confirm requests', () => {
    expect(readConfirmRequest({ kind: 'tip', title: 'Tip', amount: 10, currency: 'BRL', creator: { _id: 'c1', name: 'Ana', extra: 1 } })).toEqual({
      kind: 'tip',
      title: 'Tip',
      amount: 10,
      currency: 'BRL',
      creator: { _id: 'c1', name: 'Ana' },
    });
    for (const bad of [
      null,
      { kind: 'steal', title: '', amount: 1, currency: 'BRL' },
      { kind: 'tip', title: '', amount: -1, currency: 'BRL' },
      { kind: 'tip', title: '', amount: Number.NaN, currency: 'BRL' },
      { kind: 'tip', title: 'x'.repeat(201), amount: 1, currency: 'BRL' },
      { kind: 'tip', title: '', amount: 1, currency: 'R$ <b>' },
    ]) {
      expect(readConfirmRequest(bad)).toBeNull();
    }
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
    expect(toResult(422, JSON.stringify({ statusCode: 422, message: 'No', error: 'Unprocessable Entity' }), null)).toEqual({
      ok: false,
      status: 422,
      body: { statusCode: 422, message: 'No', error: 'Unprocessable Entity' },
    });
    expect(toResult(204, '', null)).toEqual({ ok: true, status: 204, data: undefined });
  });
});

describe('protocol readers', () => {
  it('accept well-formed messages only', () => {
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 1, type: 'request', method: 'GET', path: '/users/me' })).not.toBeNull();
    expect(readPageMessage({ channel: 'other', id: 1, type: 'request', method: 'GET', path: '/x' })).toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: '1', type: 'logout' })).toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 1, type: 'eval' })).toBeNull();
    expect(readPageMessage({ channel: 'fandeck-bridge', id: 1, type: 'live-on' })).toBeNull();
    expect(readPopupMessage({ channel: 'fandeck-login', type: 'token', nonce: 'n', token: 't', remember: false })).not.toBeNull();
    expect(readPopupMessage({ channel: 'fandeck-login', type: 'token', nonce: 'n', token: 't' })).toBeNull();
    expect(readPopupMessage({ channel: 'fandeck-login', type: 'offer' })).toBeNull();
  });
});
