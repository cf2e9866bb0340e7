import { describe, expect, it } from 'vitest';
import { matchMoneyAction, matchRoute } from './match.js';
import { fillTemplate, parsePath } from './paths.js';

const embed = (spec: { embed?: true | 'owner' | 'page' }) => spec.embed === true;

describe('parsePath', () => {
  it('decodes segments as the router does and drops the /api mount', () => {
    expect(parsePath('/api/performers/ana%2Elima')).toEqual({ ok: true, segments: ['performers', 'ana.lima'] });
    expect(parsePath('/%61dmin/settings')).toEqual({ ok: true, segments: ['admin', 'settings'] });
  });

  it.each([
    '/users/..',
    '/users/%2e%2e/admin/settings',
    '/users/%2E%2e',
    '/users/.',
    '/embeds%2forigins',
    '/embeds%2Forigins',
    '/users/%252e%252e/admin',
    '/users%5c..%5cadmin',
    '/users\\..\\admin',
    '/users//me',
    '/users/me?x=1',
    '/users/me#x',
    '/users/%zz',
    '/users/%00',
    'users/me',
    '//evil.example/users/me',
  ])('refuses %s', (raw) => {
    expect(parsePath(raw).ok).toBe(false);
  });
});

describe('matchRoute', () => {
  it('finds the embed route on the decoded path and answers the canonical path', () => {
    const match = matchRoute('get', '/api/performers/ana%2Elima', embed);
    expect(match).toMatchObject({ ok: true, name: 'performers.get', params: { id: 'ana.lima' }, path: '/performers/ana.lima' });
  });

  it('prefers literal routes, as the router does', () => {
    expect(matchRoute('GET', '/performers/search')).toMatchObject({ ok: true, name: 'performers.search' });
  });

  it.each([
    ['PUT', '/auth/users/me/password'],
    ['PUT', '/auth/users/me/%70assword'],
    ['GET', '/%61dmin/settings'],
    ['GET', '/embeds/origins'],
    ['POST', '/%65mbeds/origins'],
    ['GET', '/ADMIN/settings'],
    ['GET', '/Users/me'],
    ['POST', '/wallet/charges/tip/abc'],
    ['POST', '/wallet/charges/%74ip/abc'],
    ['POST', '/payment/wallet/top-up'],
  ])('refuses %s %s to an embedded page', (method, raw) => {
    expect(matchRoute(method, raw, embed).ok).toBe(false);
  });

  it('knows money actions in any spelling', () => {
    expect(matchMoneyAction('POST', '/wallet/charges/%74ip/abc')?.name).toBe('charge:tip');
    expect(matchMoneyAction('POST', '/payment/wallet/top-up')?.name).toBe('topup');
    expect(matchMoneyAction('GET', '/payment/wallet/top-up')).toBeNull();
  });
});

describe('fillTemplate', () => {
  it('encodes parameters and refuses dot segments and separators', () => {
    expect(fillTemplate('/wallet/charges/tip/:id', { id: 'ana lima' })).toBe('/wallet/charges/tip/ana%20lima');
    expect(fillTemplate('/wallet/charges/tip/:id', { id: '..' })).toBeNull();
    expect(fillTemplate('/wallet/charges/tip/:id', { id: 'a/b' })).toBeNull();
    expect(fillTemplate('/wallet/charges/tip/:id', {})).toBeNull();
  });
});
