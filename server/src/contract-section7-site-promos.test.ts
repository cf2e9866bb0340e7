// api-contract.md section 7, "Observed a week later": `GET /site-promo/search` answers a list, possibly empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../test/helpers.js';
import { sitePromos, userPermissions } from './db/schema/index.js';

let t: TestApp;
let admin: string;
let manager: string;
let fan: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.delete(sitePromos);
  admin = await signIn(t.app, (await createUser(t.ctx, { role: 'admin' })).email!);
  const staff = await createUser(t.ctx, { role: 'manager' });
  await t.ctx.db.insert(userPermissions).values({ userId: staff.id, permissionKey: 'setting.view' });
  manager = await signIn(t.app, staff.email!);
  fan = await signIn(t.app, (await createUser(t.ctx, { role: 'user' })).email!);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
const shown = async () => (await call('GET', '/api/site-promo/search')).json().data as { data: { title: string }[]; total: number };
const hour = 3_600_000;

describe('GET /site-promo/search', () => {
  it('answers an empty list payload when there are no promos', async () => {
    const res = await call('GET', '/api/site-promo/search');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, data: { data: [], total: 0 } });
  });

  it('lists the active promos inside their window, in their order; staff create, order, schedule and retire them', async () => {
    const now = Date.now();
    const create = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/admin/site-promo', admin, body);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      return res.json().data._id as string;
    };
    const second = await create({ title: 'Second', ordering: 2, linkUrl: '/creators', imageUrl: 'https://cdn.example/b.png' });
    await create({ title: 'First', ordering: 1 });
    const later = await create({ title: 'Later', ordering: 0, startAt: new Date(now + hour).toISOString() });
    await create({ title: 'Over', ordering: 0, endAt: new Date(now - hour).toISOString() });
    expect(await shown()).toMatchObject({ total: 2, data: [{ title: 'First' }, { title: 'Second' }] });

    // Order: Second goes first; schedule: Later starts now.
    expect((await call('PUT', `/api/admin/site-promo/${second}`, admin, { ordering: -1 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/site-promo/${later}`, admin, { startAt: null })).statusCode).toBe(200);
    expect((await shown()).data.map((p) => p.title)).toEqual(['Second', 'Later', 'First']);

    // Retire: gone from the public list, kept for staff.
    expect((await call('DELETE', `/api/admin/site-promo/${second}`, admin)).json().data.status).toBe('retired');
    expect((await shown()).data.map((p) => p.title)).toEqual(['Later', 'First']);
    const all = await call('GET', '/api/admin/site-promo/search', manager);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.total).toBe(4);
  });

  it('refuses a window that ends before it starts, unsafe links and an unknown promo', async () => {
    const now = Date.now();
    const backwards = await call('POST', '/api/admin/site-promo', admin, { title: 'x', startAt: new Date(now + hour).toISOString(), endAt: new Date(now).toISOString() });
    expect(backwards.statusCode).toBe(400);
    expect((await call('POST', '/api/admin/site-promo', admin, { title: 'x', linkUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/site-promo/0123456789abcdef01234567', admin, { ordering: 1 })).statusCode).toBe(404);
  });

  it('lets only staff with the settings permissions manage them', async () => {
    expect((await call('POST', '/api/admin/site-promo', fan, { title: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/site-promo', manager, { title: 'x' })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/site-promo/search', fan)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/site-promo', undefined, { title: 'x' })).statusCode).toBe(401);
  });
});
