import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { slugify } from './categories.service.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.ctx, { role: 'admin' });
  adminToken = await signIn(t.app, admin.email);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: token } : {} });
const create = (payload: object, token = adminToken) => call('POST', '/api/admin/performer-categories', token, payload);
const search = async (query = '') => (await call('GET', `/api/admin/performer-categories/search${query}`, null)).json().data as { data: { _id: string; name: string }[]; total: number };

describe('creator categories', () => {
  it('admins create, update and delete; anyone reads them by ordering then name; deleting takes them off creators', async () => {
    const created = await create({ name: 'Música ao vivo', ordering: 2, description: 'Shows' });
    expect(created.statusCode, created.body).toBe(200);
    const music = created.json().data;
    expect(music).toMatchObject({ name: 'Música ao vivo', slug: 'musica-ao-vivo', ordering: 2, status: 'active', description: 'Shows' });
    const cooking = (await create({ name: 'Culinária', slug: 'cozinha', ordering: 1 })).json().data;
    const art = (await create({ name: 'arte', ordering: 2, status: 'inactive' })).json().data;

    const all = await search();
    expect(all.data.map((c) => c._id)).toEqual([cooking._id, art._id, music._id]);
    expect(all.total).toBe(3);
    expect((await search('?q=m%C3%BAs')).data.map((c) => c._id)).toEqual([music._id]);
    expect((await search('?status=inactive')).data.map((c) => c._id)).toEqual([art._id]);
    const paged = await search('?pageSize=1&current=2');
    expect(paged).toMatchObject({ total: 3, data: [{ _id: art._id }] });
    expect((await search('?q=%25')).total).toBe(0);

    const updated = await call('PUT', `/api/admin/performer-categories/${art._id}`, adminToken, { name: 'Arte digital', status: 'active', ordering: 0, _id: 'ignored' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ _id: art._id, name: 'Arte digital', slug: 'arte', status: 'active', ordering: 0 });
    expect((await search()).data.map((c) => c._id)).toEqual([art._id, cooking._id, music._id]);

    // A creator picks categories; one deleted disappears from their profile.
    const creator = await createUser(t.ctx, { role: 'performer' });
    const creatorToken = await signIn(t.app, creator.email);
    const picked = await call('PUT', '/api/performers/me', creatorToken, { categoryIds: [music._id, cooking._id] });
    expect(picked.json().data.categories.map((c: { _id: string }) => c._id)).toEqual([cooking._id, music._id]);
    const deleted = await call('DELETE', `/api/admin/performer-categories/${cooking._id}`, adminToken);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ success: true });
    expect((await call('GET', `/api/performers/${creator.id}`, null)).json().data.categories.map((c: { _id: string }) => c._id)).toEqual([music._id]);
    // An inactive category stays chosen but is not shown.
    await call('PUT', `/api/admin/performer-categories/${music._id}`, adminToken, { status: 'inactive' });
    expect((await call('GET', `/api/performers/${creator.id}`, null)).json().data.categories).toEqual([]);
    expect((await call('DELETE', `/api/admin/performer-categories/${cooking._id}`, adminToken)).statusCode).toBe(404);
  });

  it('refuses a name taken in any case, or a slug taken, with 409', async () => {
    const first = (await create({ name: 'Fitness' })).json().data;
    const again = await create({ name: '  FITNESS ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'categories.name_taken', message: 'A category with this name already exists' });
    const slug = await create({ name: 'Fit', slug: 'fitness' });
    expect(slug.statusCode).toBe(409);
    expect(slug.json().code).toBe('categories.name_taken');
    const other = (await create({ name: 'Dança' })).json().data;
    const rename = await call('PUT', `/api/admin/performer-categories/${other._id}`, adminToken, { name: 'fitness' });
    expect(rename.statusCode).toBe(409);
    expect((await call('PUT', `/api/admin/performer-categories/${first._id}`, adminToken, { name: 'Fitness' })).statusCode).toBe(200);
  });

  it('is admin work: fans and creators 403, visitors 401; bad input 400 naming the field; unknown ids 404', async () => {
    const fan = await createUser(t.ctx);
    const creator = await createUser(t.ctx, { role: 'performer' });
    const existing = (await create({ name: 'Viagem' })).json().data;
    for (const who of [fan, creator]) {
      const token = await signIn(t.app, who.email);
      expect((await create({ name: 'Hack' }, token)).statusCode).toBe(403);
      expect((await call('PUT', `/api/admin/performer-categories/${existing._id}`, token, { name: 'Hack' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/admin/performer-categories/${existing._id}`, token)).statusCode).toBe(403);
    }
    expect((await call('POST', '/api/admin/performer-categories', null, { name: 'Hack' })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/performer-categories/${existing._id}`, null)).statusCode).toBe(401);

    for (const [payload, field] of [
      [{}, 'body.name'],
      [{ name: '   ' }, 'body.name'],
      [{ name: 'x'.repeat(101) }, 'body.name'],
      [{ name: 'Ok', slug: 'Not A Slug' }, 'body.slug'],
      [{ name: 'Ok', ordering: 1.5 }, 'body.ordering'],
      [{ name: 'Ok', status: 'archived' }, 'body.status'],
    ] as const) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toEqual([field]);
    }
    expect((await call('PUT', '/api/admin/performer-categories/aaaaaaaaaaaaaaaaaaaaaaaa', adminToken, { name: 'Nope' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/admin/performer-categories/${existing._id}`, adminToken, { status: 'gone' })).statusCode).toBe(400);
    for (const query of ['?pageSize=0', '?pageSize=x', '?status=gone', `?q=${'x'.repeat(201)}`]) {
      expect((await call('GET', `/api/admin/performer-categories/search${query}`, null)).statusCode, query).toBe(400);
    }
    // Clients send sortBy and sort with every list: the order stays the catalogue's.
    expect((await call('GET', '/api/admin/performer-categories/search?sortBy=password&sort=asc', null)).statusCode).toBe(200);
    expect(slugify('Ação & Aventura!')).toBe('acao-aventura');
    const symbols = await create({ name: '★★★' });
    expect(symbols.json().data.slug).toMatch(/^category-[0-9a-f]{24}$/);
  });
});
