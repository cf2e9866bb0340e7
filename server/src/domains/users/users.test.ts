import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/users', headers: { authorization: token }, payload });

describe('PUT /users', () => {
  it('updates the profile and GET /users/me reads it back', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    const res = await put(token, { firstName: 'Joana', lastName: 'Dias', locale: 'pt-BR', timezone: 'America/Sao_Paulo', countryCode: 'br', phone: '+55 21 99876-5432' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Joana Dias', countryCode: 'BR', locale: 'pt-BR', phone: '+5521998765432' });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: token } });
    expect(me.json().data.name).toBe('Joana Dias');
    expect(me.json().data.avatar).toBe('http://fandeck.test/files/defaults/avatar.svg');
  });

  it('refuses an unsupported locale, an unknown time zone and a taken username', async () => {
    const other = await createUser(t.ctx, { username: 'takenname' });
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    const locale = await put(token, { locale: 'xx-YY' });
    expect(locale.statusCode).toBe(400);
    expect(locale.json().message).toMatch(/body\.locale/);
    expect((await put(token, { timezone: 'Mars/Olympus' })).json().message).toMatch(/body\.timezone/);
    const clash = await put(token, { username: other.username!.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/username/);
  });

  it('ignores the keys it does not take, as existing clients send the whole account back: nothing else changes', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    const res = await put(token, { name: 'Whole Form', email: 'someone.else@example.com', role: 'admin', balance: 1_000_000, status: 'active' });
    expect(res.statusCode).toBe(200);
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: token } })).json().data;
    expect(me.name).toBe('Whole Form');
    expect(me.email).toBe(user.email);
    expect(me.role).toBe('user');
    expect(me.balance).toBe(0);
  });

  it('takes an optional field sent as "" as absent, and keeps "" where a field accepts it', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    // countryCode "" is no country code: without it the update is valid.
    const res = await put(token, { name: 'Blank Country', countryCode: '' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: token } })).json().data.name).toBe('Blank Country');
    // A "" that is not the only fault still gets the 400 naming the real one.
    const wrong = await put(token, { countryCode: '', timezone: 'Mars/Olympus' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/body\.timezone/);
  });

  it('takes a query parameter sent as "" as absent too (forms send every filter)', async () => {
    const blank = await t.app.inject({ method: 'GET', url: '/api/performers/search?q=&gender=&limit=&sortBy=' });
    expect(blank.statusCode, blank.body).toBe(200);
    const feeds = await t.app.inject({ method: 'GET', url: '/api/user/feeds?performerId=&type=&q=' });
    expect(feeds.statusCode, feeds.body).toBe(200);
    // A real fault beside the blanks is still named.
    const wrong = await t.app.inject({ method: 'GET', url: '/api/performers/search?gender=&limit=abc' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/querystring\.limit/);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/users', payload: { name: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
