import diagnostics from 'node:diagnostics_channel';
import { moneyActions, routes, type RouteAccess, type RouteSpec } from '@fandeck/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../test/helpers.js';

/**
 * The server's routes and the contract's are the same list, both ways: a route cannot be
 * served without its contract entry (where the bridge's allow-list and the clients read
 * it), and a contract entry cannot go unserved. Money actions count with their quote route.
 */
const API = '/api';
const registered = new Set<string>();
let t: TestApp;

beforeAll(async () => {
  // Fastify announces each new instance here before any plugin runs, so the hook sees every route.
  const channel = diagnostics.channel('fastify.initialization');
  const watch = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || !route.url.startsWith(`${API}/`)) continue;
        registered.add(`${method} ${route.url.slice(API.length)}`);
      }
    });
  };
  channel.subscribe(watch);
  try {
    t = await createTestApp();
  } finally {
    channel.unsubscribe(watch);
  }
});
afterAll(() => t?.close());

const declared = new Set([
  ...Object.values(routes).map((spec) => `${spec.method} ${spec.path}`),
  ...moneyActions.flatMap((action) => [`${action.method} ${action.path}`, `POST ${action.quotePath}`]),
]);

describe('server routes and the contract', () => {
  it('serves every route the contract declares, money actions and their quotes included', () => {
    expect([...declared].filter((route) => !registered.has(route)).sort()).toEqual([]);
  });

  it('serves no route the contract does not declare', () => {
    expect([...registered].filter((route) => !declared.has(route)).sort()).toEqual([]);
  });

  it('saw the routes at all (the hook is wired)', () => {
    expect(registered.size).toBeGreaterThan(50);
    expect(registered.has('POST /wallet/charges/tip/:id/quote')).toBe(true);
  });
});

/**
 * The guard reads each route's access from its contract entry. Called with no credential, a
 * route open to anyone never answers 401 and one that needs a signed-in caller always does
 * (not 404 or 500); a signed-in fan calling a restricted route (creators', staff's) gets 403.
 */
describe('access read from the contract', () => {
  const called: { method: string; path: string; access: RouteAccess; restricted: boolean }[] = [
    ...Object.values(routes as Record<string, RouteSpec>).map((spec) => ({ method: spec.method, path: spec.path, access: spec.access, restricted: spec.restriction !== undefined })),
    ...moneyActions.flatMap((action) => [action.path, action.quotePath].map((path) => ({ method: action.method, path, access: action.access, restricted: false }))),
  ];
  // A well-formed id nobody holds, in every path parameter.
  const urlOf = (path: string) => `${API}${path.replace(/:[A-Za-z]+/g, '0000000000000000000000aa')}`;
  const call = (route: { method: string; path: string }, headers: Record<string, string> = {}) =>
    t.app.inject({ method: route.method as 'GET', url: urlOf(route.path), headers, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });

  it('answers 401 to an unauthenticated call of every authenticated or restricted route', async () => {
    const wrong: string[] = [];
    for (const route of called.filter((entry) => entry.access === 'authenticated' || entry.access === 'restricted')) {
      const res = await call(route);
      if (res.statusCode !== 401 || res.json().code !== 'auth.sign_in_required') wrong.push(`${route.method} ${route.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(called.filter((entry) => entry.access === 'restricted').length).toBeGreaterThan(100);
  });

  it('never answers 401 (nor 5xx) to an unauthenticated call of a public or optional route', async () => {
    const wrong: string[] = [];
    for (const route of called.filter((entry) => entry.access === 'public' || entry.access === 'optional')) {
      const res = await call(route);
      if (res.statusCode === 401 || res.statusCode >= 500) wrong.push(`${route.method} ${route.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers 403 to a fan calling any restricted route (a creator's or staff's)", async () => {
    const fan = await createUser(t.ctx, {});
    const token = await signIn(t.app, fan.email);
    const wrong: string[] = [];
    for (const route of called.filter((entry) => entry.restricted)) {
      const res = await call(route, { authorization: token });
      if (res.statusCode !== 403 || !['auth.role_forbidden', 'auth.permission_denied'].includes(res.json().code)) wrong.push(`${route.method} ${route.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
