import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../domains/auth/permissions.js';
import { hasPermission, registerGuard, type AuthUser } from './guard.js';

describe('route guard', () => {
  it('refuses to start an app with a route that declares no access', async () => {
    const app = Fastify();
    registerGuard(app, async () => null);
    app.get('/declared', { config: { access: 'public' } }, async () => 'ok');
    expect(() => app.get('/undeclared', async () => 'no')).toThrow(/does not declare config.access/);
    await app.close();
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
