import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, readOutbox, signIn, TEST_PASSWORD, type TestApp } from '../../../test/helpers.js';
import { updateSettings } from '../settings/settings.service.js';
import { createOneTimeToken } from './one-time-tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (body: Record<string, unknown>, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: ip });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/users/me', headers });

describe('sign-in', () => {
  it('answers a token in the envelope and a token cookie, usable as header or cookie', async () => {
    const user = await createUser(t.ctx);
    const res = await login({ username: user.email, password: TEST_PASSWORD, remember: true }, '10.0.1.1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data.token.length).toBeGreaterThanOrEqual(22);
    const cookie = res.cookies.find((c) => c.name === 'token');
    expect(cookie?.value).toBe(body.data.token);
    expect(cookie?.maxAge).toBe(365 * 24 * 3600);

    const byHeader = await me({ authorization: body.data.token });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json().data).toMatchObject({ _id: user.id, email: user.email, isPerformer: false });
    expect((await me({ authorization: `Bearer ${body.data.token}` })).statusCode).toBe(200);
    expect((await me({ cookie: `token=${body.data.token}` })).statusCode).toBe(200);
  });

  it('gives a one-day cookie without remember and accepts the username', async () => {
    const user = await createUser(t.ctx);
    const res = await login({ username: user.username!.toUpperCase(), password: TEST_PASSWORD }, '10.0.1.2');
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'token')?.maxAge).toBe(24 * 3600);
  });

  it('never takes the token from the URL', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/me?token=${token}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'auth.sign_in_required' });
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const user = await createUser(t.ctx);
    const wrong = await login({ username: user.email, password: 'not the password' }, '10.0.2.1');
    const unknown = await login({ username: 'nobody@example.test', password: 'not the password' }, '10.0.2.2');
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'auth.incorrect_credentials', message: 'Incorrect credentials!' });
  });

  it('locks one account for one address after 5 failures, even the right password, but not the owner elsewhere', async () => {
    const user = await createUser(t.ctx);
    const attacker = '10.0.3.1';
    for (let i = 1; i <= 5; i += 1) {
      const res = await login({ username: user.email, password: `wrong-${i}` }, attacker);
      expect(res.statusCode).toBe(422);
    }
    const sixth = await login({ username: user.email, password: 'wrong-6' }, attacker);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json()).toMatchObject({ statusCode: 429, code: 'auth.too_many_attempts' });
    expect((await login({ username: user.email, password: TEST_PASSWORD }, attacker)).statusCode).toBe(429);
    // The owner, from their own address, is not locked out by a stranger's guesses.
    expect((await login({ username: user.email, password: TEST_PASSWORD }, '10.0.3.200')).statusCode).toBe(200);
  });

  it('counts the email and the username of one account as one', async () => {
    const user = await createUser(t.ctx);
    const ip = '10.0.3.50';
    for (let i = 1; i <= 5; i += 1) {
      const identifier = i % 2 === 0 ? user.username!.toUpperCase() : user.email;
      expect((await login({ username: identifier, password: `wrong-${i}` }, ip)).statusCode).toBe(422);
    }
    expect((await login({ username: user.username!, password: 'wrong-6' }, ip)).statusCode).toBe(429);
    expect((await login({ username: user.email, password: 'wrong-7' }, ip)).statusCode).toBe(429);
  });

  it('locks an account for every address after 30 failures spread over many addresses in an hour', async () => {
    const user = await createUser(t.ctx);
    for (let i = 1; i <= 30; i += 1) expect((await login({ username: user.email, password: `wrong-${i}` }, `10.1.${i}.1`)).statusCode).toBe(422);
    const after = await login({ username: user.email, password: TEST_PASSWORD }, '10.1.200.1');
    expect(after.statusCode).toBe(429);
    expect(after.json()).toMatchObject({ code: 'auth.too_many_attempts' });
  });

  it('never lets 40 wrong passwords from one address lock the owner out elsewhere (issue 21)', async () => {
    const user = await createUser(t.ctx);
    const attacker = '10.4.1.1';
    const answers: number[] = [];
    for (let i = 1; i <= 40; i += 1) answers.push((await login({ username: user.email, password: `wrong-${i}` }, attacker)).statusCode);
    expect(answers.filter((code) => code === 422)).toHaveLength(5);
    expect(answers.slice(5).every((code) => code === 429)).toBe(true);
    expect((await login({ username: user.email, password: TEST_PASSWORD }, '10.4.1.200')).statusCode).toBe(200);
  });

  it('counts at most 5 of 40 parallel wrong passwords from one address, and the owner still signs in elsewhere', async () => {
    const user = await createUser(t.ctx);
    const attempts = Array.from({ length: 40 }, (_, i) => login({ username: user.email, password: `wrong-${i}` }, '10.4.2.1'));
    const codes = (await Promise.all(attempts)).map((res) => res.statusCode);
    expect(codes.filter((code) => code === 422)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(35);
    expect((await login({ username: user.email, password: TEST_PASSWORD }, '10.4.2.200')).statusCode).toBe(200);
  });

  it('still locks the account when guesses past each pair limit come from enough addresses', async () => {
    const user = await createUser(t.ctx);
    // Six addresses, six guesses each: five of each count against the account, 30 in all.
    for (let a = 1; a <= 6; a += 1) {
      for (let i = 1; i <= 6; i += 1) await login({ username: user.email, password: `wrong-${a}-${i}` }, `10.5.${a}.1`);
    }
    expect((await login({ username: user.email, password: 'wrong' }, '10.5.7.1')).statusCode).toBe(429);
    expect((await login({ username: user.email, password: TEST_PASSWORD }, '10.5.200.1')).statusCode).toBe(429);
  });

  it('throttles one address across accounts after 20 failures', async () => {
    const ip = '10.0.4.1';
    for (let i = 1; i <= 20; i += 1) expect((await login({ username: `ghost${i}@example.test`, password: 'x' }, ip)).statusCode).toBe(422);
    expect((await login({ username: 'ghost21@example.test', password: 'x' }, ip)).statusCode).toBe(429);
  });

  it('lets the window pass: failures older than 15 minutes no longer count', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const clocked = await createTestApp({ now: () => now });
    const user = await createUser(clocked.ctx);
    const attempt = (password: string) =>
      clocked.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.email, password }, remoteAddress: '10.0.5.1' });
    for (let i = 0; i < 5; i += 1) await attempt('wrong');
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
    now = new Date(now.getTime() + 16 * 60 * 1000);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    await clocked.close();
  });
});

describe('logout and password change', () => {
  it('stops the token working right after logout', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    expect((await me({ authorization: token })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: token } });
    expect(out.statusCode).toBe(200);
    expect((await me({ authorization: token })).statusCode).toBe(401);
  });

  describe('a logout another page of the same site forges (issue 21)', () => {
    const logout = (headers: Record<string, string>, payload?: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/logout', headers, ...(payload !== undefined ? { payload } : {}) });
    const otherPort = 'http://127.0.0.1:5174';

    it('is refused as a form POST with the cookie from another port, leaving the session alive', async () => {
      const user = await createUser(t.ctx);
      const token = await signIn(t.app, user.email);
      const forged: [string, Record<string, string>, string][] = [
        ['an empty form', { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' }, ''],
        ['a text/plain form', { 'content-type': 'text/plain', 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' }, 'a=b'],
        ['a no-cors fetch', { 'content-type': 'text/plain', 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' }, ''],
        ['a form from a browser without Sec-Fetch-Site', { 'content-type': 'application/x-www-form-urlencoded' }, ''],
        ['a sandboxed frame', { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' }, ''],
      ];
      for (const [what, headers, body] of forged) {
        const origin = what === 'a sandboxed frame' ? 'null' : otherPort;
        const res = await logout({ cookie: `token=${token}`, origin, ...headers }, body);
        expect([res.statusCode, res.json().code], what).toEqual([403, 'request.cross_site']);
        expect(res.cookies.find((c) => c.name === 'token'), what).toBeUndefined();
      }
      expect((await me({ authorization: token })).statusCode).toBe(200);
    });

    it('works from the site itself: its clients send the Authorization header; the cookie alone, from its own pages', async () => {
      const user = await createUser(t.ctx);
      const [byHeader, bySameOrigin, byOrigin, byNonBrowser] = await Promise.all([1, 2, 3, 4].map(() => signIn(t.app, user.email)));
      const own = 'http://fandeck.test';
      const accepted: [string, Record<string, string>][] = [
        ['the site client', { authorization: byHeader!, cookie: `token=${byHeader}`, origin: own, 'sec-fetch-site': 'same-origin', accept: 'application/json' }],
        ['a cookie from the same origin', { cookie: `token=${bySameOrigin}`, origin: own, 'sec-fetch-site': 'same-origin' }],
        ['a cookie with the own Origin only', { cookie: `token=${byOrigin}`, origin: own }],
        ['a cookie from no browser page', { cookie: `token=${byNonBrowser}` }],
      ];
      for (const [what, headers] of accepted) expect((await logout(headers)).statusCode, what).toBe(200);
      for (const token of [byHeader, bySameOrigin, byOrigin, byNonBrowser]) expect((await me({ authorization: token! })).statusCode).toBe(401);
    });
  });

  it('revokes every session on a password change and returns a fresh token', async () => {
    const user = await createUser(t.ctx);
    const first = await signIn(t.app, user.email);
    const second = await signIn(t.app, user.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/users/me/password',
      headers: { authorization: first },
      payload: { currentPassword: TEST_PASSWORD, password: 'a brand new secret', source: 'user' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.token;
    expect((await me({ authorization: first })).statusCode).toBe(401);
    expect((await me({ authorization: second })).statusCode).toBe(401);
    expect((await me({ authorization: fresh })).statusCode).toBe(200);
    expect((await login({ username: user.email, password: 'a brand new secret' }, '10.0.6.1')).statusCode).toBe(200);
  });
});

describe('password change and reset links', () => {
  it('needs the current password: a token alone changes nothing, and no session ends', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    const change = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/users/me/password', headers: { authorization: token }, payload });
    const missing = await change({ password: 'taken over by a thief' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toContain('body.currentPassword');
    const wrong = await change({ currentPassword: 'a guess', password: 'taken over by a thief' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'auth.current_password_incorrect' });
    expect((await me({ authorization: token })).statusCode).toBe(200);
    expect((await login({ username: user.email, password: 'taken over by a thief' }, '10.0.6.2')).statusCode).not.toBe(200);
    expect((await login({ username: user.email, password: TEST_PASSWORD }, '10.0.6.3')).statusCode).toBe(200);
  });

  it('revokes the older reset links when a new one is asked for', async () => {
    const user = await createUser(t.ctx);
    const first = await createOneTimeToken(t.ctx.db, user.id, 'password-reset', t.ctx.now());
    const second = await createOneTimeToken(t.ctx.db, user.id, 'password-reset', t.ctx.now());
    const reset = (token: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/users/reset-password', payload: { token, password } });
    const old = await reset(first, 'from the old link');
    expect(old.statusCode).toBe(422);
    expect(old.json()).toMatchObject({ code: 'auth.reset_link_invalid' });
    expect((await reset(second, 'from the new link')).statusCode).toBe(200);
    expect((await login({ username: user.email, password: 'from the new link' }, '10.0.6.4')).statusCode).toBe(200);
  });
});

describe('registration and mail', () => {
  it('registers a fan; the same email again answers like a new account, keeps the first, and mails its owner', async () => {
    const payload = { email: 'New.Fan@Example.test', password: 'long enough pw', username: 'newfan' };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/users/register', payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.requireEmailVerification).toBe(false);
    const mailsBefore = (await readOutbox(t.ctx)).length;
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/users/register', payload: { ...payload, username: 'otherfan', password: 'a stranger pw', email: 'new.fan@example.test' } });
    // No 409: the answer has the shape and texts of a new registration, with an id of no account.
    expect(again.statusCode).toBe(200);
    expect(Object.keys(again.json().data).sort()).toEqual(Object.keys(res.json().data).sort());
    expect(again.json().data.message).toBe(res.json().data.message);
    expect(again.json().data._id).not.toBe(res.json().data._id);
    const mails = await readOutbox(t.ctx);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)).toMatch(/To: New\.Fan@Example\.test/i);
    expect(mails.at(-1)).toContain('/auth/login');
    // The first account is untouched; the stranger's password opens nothing.
    expect((await login({ username: 'new.fan@example.test', password: 'long enough pw' }, '10.0.7.1')).statusCode).toBe(200);
    expect((await login({ username: 'new.fan@example.test', password: 'a stranger pw' }, '10.0.7.2')).statusCode).toBe(422);
    expect((await login({ username: 'otherfan', password: 'a stranger pw' }, '10.0.7.3')).statusCode).toBe(422);
  });

  it('names the bad field in a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/users/register', payload: { email: 'nope', password: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'request.invalid', fields: ['body.email', 'body.password'] });
    expect(res.json().message).toMatch(/body\.email/);
    expect(res.json().message).toMatch(/body\.password/);
  });

  it('requires verification when the setting is on, then signs in after the mailed link', async () => {
    await updateSettings(t.ctx.db, { requireEmailVerification: true });
    const email = 'verify.me@example.test';
    const reg = await t.app.inject({ method: 'POST', url: '/api/auth/users/register', payload: { email, password: 'long enough pw' } });
    expect(reg.json().data.requireEmailVerification).toBe(true);
    const refused = await login({ username: email, password: 'long enough pw' }, '10.0.8.1');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'auth.email_not_verified' });

    const mails = await readOutbox(t.ctx);
    const mail = mails.find((m) => m.includes(`To: ${email}`))!;
    expect(mail).toContain('Confirme seu e-mail');
    const token = /verify-email#token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/email-verification/confirm', payload: { token } });
    expect(confirm.statusCode).toBe(200);
    expect((await login({ username: email, password: 'long enough pw' }, '10.0.8.2')).statusCode).toBe(200);
    const reused = await t.app.inject({ method: 'POST', url: '/api/auth/email-verification/confirm', payload: { token } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('auth.verification_link_invalid');
    await updateSettings(t.ctx.db, { requireEmailVerification: false });
  });

  it('resets a forgotten password through the mailed token and ends old sessions', async () => {
    const user = await createUser(t.ctx, { email: 'forgetful@example.test' });
    const old = await signIn(t.app, user.email);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: 'forgetful@example.test' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: 'nobody@example.test' } });
    expect(forgot.statusCode).toBe(200);
    expect(unknown.json()).toEqual(forgot.json());
    // The mail follows the answer.
    const mail = await vi.waitFor(async () => {
      const found = (await readOutbox(t.ctx)).find((m) => m.includes('To: forgetful@example.test'));
      expect(found).toBeDefined();
      return found!;
    });
    const token = /reset-password#token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/users/reset-password', payload: { token, password: 'remembered now' } });
    expect(reset.statusCode).toBe(200);
    expect((await me({ authorization: old })).statusCode).toBe(401);
    expect((await login({ username: user.email, password: 'remembered now' }, '10.0.9.1')).statusCode).toBe(200);
  });
});

describe('reset-link requests', () => {
  it('are limited per address asked about, with the same 429 whether it has an account or not', async () => {
    await createUser(t.ctx, { email: 'limited@example.test' });
    const ask = (email: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email }, remoteAddress: ip });
    for (const email of ['limited@example.test', 'nobody-limited@example.test']) {
      for (let i = 1; i <= 3; i += 1) expect((await ask(email, `10.2.${i}.1`)).statusCode).toBe(200);
      const fourth = await ask(email.toUpperCase(), '10.2.9.1');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({ code: 'request.too_many' });
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('are limited per client address across accounts', async () => {
    const ip = '10.3.0.1';
    for (let i = 1; i <= 10; i += 1) expect((await t.app.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: `spray${i}@example.test` }, remoteAddress: ip })).statusCode).toBe(200);
    const eleventh = await t.app.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: 'spray11@example.test' }, remoteAddress: ip });
    expect(eleventh.statusCode).toBe(429);
  });
});
