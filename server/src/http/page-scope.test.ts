import { moneyActions, routes, type RouteSpec } from '@fandeck/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { pageScopedRoutes, scopeOfOrigin } from './page-scope.js';

const PLATFORM = 'https://fandeck.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('page scope', () => {
  it('turns the page origin into the creators who own it; the platform has no scope, anything else not an origin sees nobody', async () => {
    const asked: string[] = [];
    const owners = async (origin: string) => {
      asked.push(origin);
      return origin === 'https://shop.example' ? ['creator-a', 'creator-b'] : [];
    };
    expect(await scopeOfOrigin('https://shop.example', PLATFORM, owners)).toEqual(new Set(['creator-a', 'creator-b']));
    expect(await scopeOfOrigin('https://other.example', PLATFORM, owners)).toEqual(new Set());
    expect(await scopeOfOrigin(PLATFORM, PLATFORM, owners)).toBeNull();
    for (const header of ['', 'null', 'https://SHOP.example', 'https://shop.example/', 'shop.example', ['https://shop.example', 'https://shop.example']]) {
      expect(await scopeOfOrigin(header, PLATFORM, owners), JSON.stringify(header)).toEqual(new Set());
    }
    // Only normalised origins are looked up.
    expect(asked).toEqual(['https://shop.example', 'https://other.example']);
  });

  it('covers exactly the routes and money actions the contract marks page-scoped, all of them served', () => {
    const page = Object.values(routes as Record<string, RouteSpec>).filter((spec) => spec.embed === 'page');
    expect(page.length).toBeGreaterThanOrEqual(27);
    const money = moneyActions.filter((action) => action.embed === 'page');
    expect(money.map((action) => action.name)).toEqual(['resume']);
    const scoped = [...page.map((spec) => ({ method: spec.method, path: spec.path })), ...money.flatMap((action) => [action, { method: 'POST' as const, path: action.quotePath }])];
    expect(pageScopedRoutes()).toEqual(new Set(scoped.map((spec) => `${spec.method} /api${spec.path}`)));
    for (const spec of scoped) expect(t.app.hasRoute({ method: spec.method, url: `/api${spec.path}` }), `${spec.method} ${spec.path}`).toBe(true);
  });
});
