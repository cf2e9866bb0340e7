import diagnostics from 'node:diagnostics_channel';
import { moneyActions, routes } from '@fandeck/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

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
