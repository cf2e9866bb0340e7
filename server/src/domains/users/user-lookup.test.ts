import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('user lookup', () => {
  it('/users/view/{id} shows what anyone may see of an active account, nothing private', async () => {
    const fan = await createUser(t.ctx, { balanceCents: 500 });
    const res = await t.app.inject({ method: 'GET', url: `/api/users/view/${fan.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: fan.id, username: fan.username, name: fan.name, avatar: 'http://fandeck.test/files/defaults/avatar.svg', isPerformer: false });
    const inactive = await createUser(t.ctx, { status: 'inactive' });
    expect((await t.app.inject({ method: 'GET', url: `/api/users/view/${inactive.id}` })).statusCode).toBe(404);
  });

  it('/users/search finds accounts by name, email, role and status, for admins only', async () => {
    const admin = await createUser(t.ctx, { role: 'admin' });
    const token = await signIn(t.app, admin.email);
    const target = await createUser(t.ctx, { email: 'procurada@example.test' });
    await createUser(t.ctx, { role: 'performer' });
    const search = (query: string) => t.app.inject({ method: 'GET', url: `/api/users/search?${query}`, headers: { authorization: token } });
    const byEmail = (await search('q=procurada')).json().data;
    expect(byEmail).toMatchObject({ total: 1, data: [{ _id: target.id, email: 'procurada@example.test', role: 'user', status: 'active' }] });
    // The % of a LIKE is text here, not a wildcard.
    expect((await search('q=%25')).json().data.total).toBe(0);
    const creators = (await search('role=performer')).json().data;
    expect(creators.data.every((u: { role: string }) => u.role === 'performer')).toBe(true);
    expect((await search('sortBy=constructor')).statusCode).toBe(400);
    const fan = await createUser(t.ctx);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/search', headers: { authorization: await signIn(t.app, fan.email) } })).statusCode).toBe(403);
  });
});
