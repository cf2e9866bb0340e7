import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, multipartForm, signIn, TEST_PASSWORD, type TestApp } from '../../../test/helpers.js';
import { users } from '../../db/schema/index.js';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.js';

/**
 * Issue 22, point 6: one username rule (`@fandeck/contract` usernames.ts: 3 to 30 lowercase
 * letters and digits) for registration and the account pages; usernames made before it keep
 * working for sign-in and profile links, and demo accounts have first and last names.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx, { media: false });
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/users/register', payload });
const putUser = (token: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/users', headers: { authorization: token }, payload });
const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: token } })).json().data;

describe('registration', () => {
  it('takes lowercase letters and digits, 3 to 30, and stores a mixed-case one lowercased', async () => {
    for (const username of ['with.dot', 'with_underscore', 'with-hyphen', 'ab', 'a'.repeat(31), 'acentuação']) {
      const res = await register({ email: `${username.length}-${username.replace(/\W/g, 'x')}@rule.test`, password: 'long enough pw', username });
      expect(res.statusCode, username).toBe(400);
      expect(res.json().fields, username).toEqual(['body.username']);
    }
    const res = await register({ email: 'mixed@rule.test', password: 'long enough pw', username: 'MixedCase7' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select({ username: users.username }).from(users).where(eq(users.email, 'mixed@rule.test'));
    expect(row?.username).toBe('mixedcase7');
  });

  it('creators follow the same rule', async () => {
    const fields = { email: 'dotted@rule.test', password: 'long enough pw', username: 'dotted.creator', firstName: 'Dot', lastName: 'Ted' };
    const form = multipartForm(Object.entries(fields).map(([name, data]) => ({ name, data })));
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/performers/register', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/body\.username/);
  });
});

describe('the account page (PUT /users)', () => {
  it('refuses a change outside the rule, stores a change lowercased, and takes its own old-style name sent back', async () => {
    const user = await createUser(t.ctx, { username: 'old.style.fan' });
    const token = await signIn(t.app, user.email);
    // The whole form comes back with the username as it was: not refused.
    expect((await putUser(token, { username: 'old.style.fan', firstName: 'Velho', lastName: 'Estilo' })).statusCode).toBe(200);
    expect(await me(token)).toMatchObject({ username: 'old.style.fan', name: 'Velho Estilo' });
    const dotted = await putUser(token, { username: 'new.style' });
    expect([dotted.statusCode, dotted.json().fields]).toEqual([400, ['body.username']]);
    expect((await putUser(token, { username: 'NewStyle1' })).statusCode).toBe(200);
    expect((await me(token)).username).toBe('newstyle1');
  });
});

describe('usernames made before the rule', () => {
  it('still sign in and open profile links', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'ana.lima', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/performers/ana.lima' })).json().data).toMatchObject({ username: 'ana.lima' });
    const legacy = await createUser(t.ctx, { username: 'legacy_fan-1' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'legacy_fan-1', password: TEST_PASSWORD } })).statusCode).toBe(200);
    expect(legacy.username).toBe('legacy_fan-1');
  });

  it('demo accounts carry first and last names', async () => {
    const rows = await t.ctx.db.select({ username: users.username, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, 'creator1@fandeck.local'));
    expect(rows).toEqual([{ username: 'ana.lima', firstName: 'Ana', lastName: 'Lima' }]);
    const all = await t.ctx.db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users);
    for (const row of all.filter((r) => r.email?.endsWith('@fandeck.local'))) expect(row.firstName && row.lastName, row.email ?? '').toBeTruthy();
  });
});
