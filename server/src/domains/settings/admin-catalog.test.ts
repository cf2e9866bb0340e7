/**
 * The staff catalogue routes issue 25 added: the site logo upload, the blocked countries
 * (`block_country.all`) and changing or deleting a coupon; each refused to staff without
 * the permission.
 */
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, multipartForm, signIn, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let manager: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, (await createUser(t.ctx, { role: 'admin' })).email);
  const user = await createUser(t.ctx, { role: 'manager' });
  manager = { id: user.id, token: await signIn(t.app, user.email) };
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: token }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function grant(permissionKey: string) {
  const { userPermissions } = await import('../../db/schema/index.js');
  await t.ctx.db.insert(userPermissions).values({ userId: manager.id, permissionKey });
}

describe('site logo upload', () => {
  it('stores the picture whole, makes it the public logo at once, and refuses a text file', async () => {
    const png = await sharp({ create: { width: 1200, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
    const form = multipartForm([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: png }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/settings/logo/logo', payload: form.payload, headers: { ...form.headers, authorization: admin } });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/\/files\/images\/.+\/large\.webp$/);
    // Kept whole: a wide logo is scaled to the larger size, never cropped to a square.
    const meta = await sharp(path.join(t.ctx.config.uploadsDir, url.split('/files/')[1]!)).metadata();
    expect([meta.width, meta.height]).toEqual([960, 240]);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().data;
    expect(pub.logo).toBe(url);

    const text = multipartForm([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: 'not a picture' }]);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/settings/logo/logo', payload: text.payload, headers: { ...text.headers, authorization: admin } });
    expect(bad.statusCode).toBe(415);
    const wrongKind = await t.app.inject({ method: 'POST', url: '/api/admin/settings/logo/favicon', payload: form.payload, headers: { ...form.headers, authorization: admin } });
    expect(wrongKind.statusCode).toBe(400);
    const asManager = await t.app.inject({ method: 'POST', url: '/api/admin/settings/logo/logo', payload: form.payload, headers: { ...form.headers, authorization: manager.token } });
    expect(asManager.json().code).toBe('auth.permission_denied');
  });
});

describe('blocked countries', () => {
  it('are replaced as a whole by staff holding block_country.all, and block visitors from them', async () => {
    expect((await call(manager.token, 'GET', '/admin/block/countries')).statusCode).toBe(403);
    await grant('block_country.all');
    const set = await call(manager.token, 'PUT', '/admin/block/countries', { countryCodes: ['us', 'DE', 'US'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.countryCodes).toEqual(['DE', 'US']);
    expect((await call(manager.token, 'GET', '/admin/block/countries')).json().data.countryCodes).toEqual(['DE', 'US']);
    const unknown = await call(manager.token, 'PUT', '/admin/block/countries', { countryCodes: ['ZZ'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('request.invalid');
    expect((await call(admin, 'PUT', '/admin/block/countries', { countryCodes: [] })).json().data.countryCodes).toEqual([]);
  });
});

describe('coupons: change and delete', () => {
  async function made(code: string) {
    const res = await call(admin, 'POST', '/admin/coupons', { code, type: 'percentage', value: 10 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { _id: string };
  }

  it('changes the value, expiry and state, and keeps a percentage below 100', async () => {
    const { _id } = await made('EDIT-1');
    const res = await call(admin, 'PUT', `/admin/coupons/${_id}`, { value: 25, active: false, expiresAt: '2030-01-01T00:00:00.000Z', code: 'edit-2' });
    expect(res.json().data).toMatchObject({ code: 'EDIT-2', value: 25, active: false, expiresAt: '2030-01-01T00:00:00.000Z' });
    expect((await call(admin, 'PUT', `/admin/coupons/${_id}`, { value: 100 })).json().code).toBe('coupons.percentage_too_high');
    await made('EDIT-3');
    expect((await call(admin, 'PUT', `/admin/coupons/${_id}`, { code: 'EDIT-3' })).json().code).toBe('coupons.code_taken');
    expect((await call(manager.token, 'PUT', `/admin/coupons/${_id}`, { active: true })).statusCode).toBe(403);
  });

  it('deletes a coupon nobody used, and says so for one that is gone', async () => {
    const { _id } = await made('GONE-1');
    expect((await call(admin, 'DELETE', `/admin/coupons/${_id}`)).json().data).toEqual({ deleted: true });
    expect((await call(admin, 'DELETE', `/admin/coupons/${_id}`)).json().code).toBe('coupons.not_found');
    const codes = (await call(admin, 'GET', '/admin/coupons')).json().data.data.map((c: { code: string }) => c.code);
    expect(codes).not.toContain('GONE-1');
  });
});
