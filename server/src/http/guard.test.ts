import Fastify from 'fastify';
import { paths } from '@fandeck/contract';
import { describe, expect, it } from 'vitest';
import type { ApiScope } from '../domains/types.js';
import { PERMISSIONS } from '../domains/auth/permissions.js';
import { hasPermission, registerGuard, type AuthUser } from './guard.js';
import { API_PREFIX } from './route-contract.js';

// A registration that writes its own access does not compile: access is the contract's alone.
export function plantedAccess(api: ApiScope) {
  // @ts-expect-error: `access` is not a route option
  api.get(paths['performers.me'], { config: { access: 'public' } }, async () => 'no');
  // @ts-expect-error: nor a role gate
  api.get(paths['performers.me'], { config: { access: { roles: ['user'] } } }, async () => 'no');
}

describe('route guard', () => {
  it('refuses to start an app with an API route the contract does not declare', async () => {
    const app = Fastify();
    registerGuard(app, async () => null);
    await app.register(
      async (api) => {
        api.get(paths['performers.me'], async () => 'ok');
        expect(() => api.get('/performers/me/secret', async () => 'no')).toThrow(/is not in the contract/);
        // The method counts too: the contract's GET is not a DELETE.
        expect(() => api.delete(paths['performers.me'], async () => 'no')).toThrow(/is not in the contract/);
      },
      { prefix: API_PREFIX },
    );
    await app.close();
  });

  it("lets routes off the API (the site's files and pages) through, without asking anyone to sign in", async () => {
    const app = Fastify();
    registerGuard(app, async () => {
      throw new Error('no credential is read off the API');
    });
    app.get('/site-page', async () => 'ok');
    expect((await app.inject({ method: 'GET', url: '/site-page' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/site-page' })).statusCode).toBe(200);
    await app.close();
  });

  it("takes an extra domain's off-contract routes, never one that shadows a contract route", async () => {
    const app = Fastify();
    registerGuard(app, async () => null, [{ method: 'POST', path: '/bench/insert', access: 'authenticated' }]);
    await app.register(async (api) => void api.post('/bench/insert', async () => 'ok'), { prefix: API_PREFIX });
    expect((await app.inject({ method: 'POST', url: `${API_PREFIX}/bench/insert` })).statusCode).toBe(401);
    await app.close();
    expect(() => registerGuard(Fastify(), async () => null, [{ method: 'GET', path: paths['performers.me'], access: 'public' }])).toThrow(/is a contract route/);
  });

  it('grants area.all as every action of that area, and admins everything', () => {
    const staff: AuthUser = { id: '1', role: 'manager', status: 'active', permissions: new Set(['feed.all', 'order.view']) };
    expect(hasPermission(staff, 'feed.delete')).toBe(true);
    expect(hasPermission(staff, 'order.view')).toBe(true);
    expect(hasPermission(staff, 'order.update')).toBe(false);
    expect(hasPermission(staff, 'setting.view')).toBe(false);
    const admin: AuthUser = { id: '2', role: 'admin', status: 'active', permissions: new Set() };
    expect(PERMISSIONS.every((p) => hasPermission(admin, p.key))).toBe(true);
  });

  it('holds the spec section 6 catalogue', () => {
    const keys = new Set(PERMISSIONS.map((p) => p.key));
    expect(keys.has('mass_message.create')).toBe(true);
    expect(keys.has('setting.create' as never)).toBe(false);
    expect(keys.has('message.update' as never)).toBe(false);
    expect(keys.has('order.delete' as never)).toBe(false);
    expect([...keys].filter((k) => k.startsWith('earning.'))).toEqual(['earning.all']);
    // 15 full areas x 5 + setting 3 + message 4 + order 4 + 4 "all only" areas.
    expect(keys.size).toBe(15 * 5 + 3 + 4 + 4 + 4);
  });
});
