import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, readOutbox, signIn, TEST_PASSWORD, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const changeEmail = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/users/me/email', headers: { authorization: token }, payload });
const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/email-verification/confirm', payload: { token } });
const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: token } })).json().data;
const login = (username: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: TEST_PASSWORD }, remoteAddress: ip });

/** The link token of the newest mail to `address`. */
async function linkTo(address: string): Promise<string | undefined> {
  const mails = (await readOutbox(t.ctx)).filter((mail) => mail.toLowerCase().includes(`to: ${address.toLowerCase()}`));
  return /verify-email#token=([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? '')?.[1];
}

describe('changing the email address', () => {
  it('keeps the old address until the link mailed to the new one is opened, then switches', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    const res = await changeEmail(token, { email: 'Moved.Here@Example.test', currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pendingEmail).toBe('moved.here@example.test');

    // Nothing changed yet: the old address still signs in and is the account's.
    expect(await me(token)).toMatchObject({ email: user.email, pendingEmail: 'moved.here@example.test' });
    expect((await login(user.email, '10.20.0.1')).statusCode).toBe(200);
    expect((await login('moved.here@example.test', '10.20.0.2')).statusCode).toBe(422);

    const link = await linkTo('moved.here@example.test');
    expect(link).toBeTruthy();
    expect((await confirm(link!)).statusCode).toBe(200);
    expect(await me(token)).toMatchObject({ email: 'moved.here@example.test', pendingEmail: null, verifiedEmail: true });
    expect((await login('moved.here@example.test', '10.20.0.3')).statusCode).toBe(200);
    expect((await login(user.email, '10.20.0.4')).statusCode).toBe(422);
    // The old address is told of the change.
    const told = (await readOutbox(t.ctx)).filter((mail) => mail.toLowerCase().includes(`to: ${user.email.toLowerCase()}`));
    expect(told.at(-1)).toContain('O e-mail da sua conta');
    // The link works once.
    expect((await confirm(link!)).json()).toMatchObject({ code: 'auth.verification_link_invalid' });
  });

  it('needs the current password, refuses the same address, and names a malformed one', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    const wrong = await changeEmail(token, { email: 'thief@example.test', currentPassword: 'a guess' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'auth.current_password_incorrect' });
    expect(await linkTo('thief@example.test')).toBeUndefined();
    expect((await me(token)).pendingEmail).toBeNull();

    const same = await changeEmail(token, { email: user.email.toUpperCase(), currentPassword: TEST_PASSWORD });
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ code: 'auth.email_unchanged' });

    const malformed = await changeEmail(token, { email: 'not an address', currentPassword: TEST_PASSWORD });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'request.invalid', fields: ['body.email'] });

    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/auth/users/me/email', payload: { email: 'x@example.test', currentPassword: TEST_PASSWORD } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers an address another account holds like a free one, and mails it no link', async () => {
    const owner = await createUser(t.ctx);
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    const free = await changeEmail(token, { email: 'free.address@example.test', currentPassword: TEST_PASSWORD });
    const taken = await changeEmail(token, { email: owner.email, currentPassword: TEST_PASSWORD });
    expect(taken.statusCode).toBe(200);
    expect(Object.keys(taken.json().data)).toEqual(Object.keys(free.json().data));
    expect(taken.json().data.message).toBe(free.json().data.message);
    expect(await linkTo(owner.email)).toBeUndefined();
    // The newer request voided the link of the first.
    const first = await linkTo('free.address@example.test');
    expect((await confirm(first!)).statusCode).toBe(422);
    expect((await me(token)).email).toBe(user.email);
  });

  it('refuses the link when the address found an owner meanwhile', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    await changeEmail(token, { email: 'contested@example.test', currentPassword: TEST_PASSWORD });
    const link = await linkTo('contested@example.test');
    await createUser(t.ctx, { email: 'contested@example.test' });
    const late = await confirm(link!);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'auth.email_taken' });
    expect((await me(token)).email).toBe(user.email);
  });
});

describe('changing the password from the settings', () => {
  it('keeps this device remembered when it signed in with remember me, and signs out the other sessions', async () => {
    const user = await createUser(t.ctx);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.email, password: TEST_PASSWORD, remember: true }, remoteAddress: '10.21.0.1' });
    const remembered = signedIn.json().data.token as string;
    const other = await signIn(t.app, user.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/users/me/password',
      headers: { authorization: remembered },
      payload: { currentPassword: TEST_PASSWORD, password: 'a new long secret' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((one) => one.name === 'token');
    expect(cookie?.value).toBe(res.json().data.token);
    expect(cookie?.maxAge).toBe(365 * 24 * 60 * 60);
    expect(new Date(res.json().data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 60 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: other } })).statusCode).toBe(401);

    // Signed in without it: the fresh token lasts a day, as the old one did.
    const daily = await signIn(t.app, user.email, 'a new long secret', '10.21.0.2');
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/users/me/password',
      headers: { authorization: daily },
      payload: { currentPassword: 'a new long secret', password: 'another long secret' },
    });
    expect(again.cookies.find((one) => one.name === 'token')?.maxAge).toBe(24 * 60 * 60);
  });
});
