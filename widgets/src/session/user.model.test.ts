import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/index.js';
import { createSession, type OwnedSession } from './session.js';
import { createFakeTransport, demoFan, fail, ok, type FakeTransport } from './testing/fake-transport.js';
import { record } from './testing/signal-waits.js';

let transport: FakeTransport;
let session: OwnedSession;

beforeEach(async () => {
  await setLocale('pt-BR');
  transport = createFakeTransport();
  transport.respond('GET', '/settings/public', ok({ hashPasswordOnClient: false }));
  transport.respond('GET', '/users/me', ok(demoFan));
  session = createSession({ transport, lazy: true, onUnauthorized: () => undefined });
  await session.auth.login({ username: 'fan1', password: 'pw' });
});

afterEach(() => session.dispose());

describe('user model: update (spec sections 3 and 8)', () => {
  it("sets updating while saving, then updateSuccess and 'Changes saved'", async () => {
    transport.respond('PUT', '/users', (call) => ok({ ...demoFan, ...(call.options.body as object) }));
    const updating = record(session.user.updating);
    const outcome = await session.user.update({ name: 'Fan Renamed' });

    expect(updating.values).toEqual([false, true, false]);
    expect(session.user.updateSuccess.value).toBe(true);
    expect(session.user.error.value).toBeNull();
    expect(outcome).toEqual({ ok: true, value: { user: { ...demoFan, name: 'Fan Renamed' }, message: 'Alterações salvas' } });
    expect(session.user.current.value?.name).toBe('Fan Renamed');
    expect(transport.calls.at(-1)).toMatchObject({ method: 'PUT', path: '/users', options: { body: { name: 'Fan Renamed' } } });
  });

  it("shows the text of the server's code on failure and keeps the account as it was", async () => {
    transport.respond('PUT', '/users', fail(400, { statusCode: 400, code: 'auth.username_taken', message: 'body.username: already taken', error: 'Bad Request' }));
    const outcome = await session.user.update({ username: 'taken' });
    expect(!outcome.ok && outcome.error.code).toBe('auth.username_taken');
    expect(!outcome.ok && outcome.error.message).toBe('Este nome de usuário já está em uso.');
    expect(session.user.updating.value).toBe(false);
    expect(session.user.updateSuccess.value).toBe(false);
    expect(session.user.error.value).toBe('Este nome de usuário já está em uso.');
    expect(session.user.current.value).toEqual(demoFan);
  });

  it("falls back to 'Error occurred, please try again later' without a server message", async () => {
    transport.respond('PUT', '/users', fail(500, undefined));
    const outcome = await session.user.update({ name: 'x' });
    expect(!outcome.ok && outcome.error.message).toBe('Ocorreu um erro, tente novamente mais tarde');
    expect(session.user.error.value).toBe('Ocorreu um erro, tente novamente mais tarde');
  });

  it('changes the password hashed when the setting says so, then reloads the account', async () => {
    transport.respond('GET', '/settings/public', ok({ hashPasswordOnClient: true }));
    await session.settings.load();
    transport.respond('PUT', '/auth/users/me/password', ok({ token: 'renewed', expiresAt: '2030-01-01T00:00:00.000Z' }));
    const outcome = await session.user.changePassword('old-password', 'password');
    expect(transport.calls.find((call) => call.path === '/auth/users/me/password')?.options.body).toEqual({
      currentPassword: '575bbfeef07ce3c765c1c1d7b831d28d',
      password: '5f4dcc3b5aa765d61d8327deb882cf99',
      source: 'user',
    });
    expect(outcome).toEqual({ ok: true, value: { user: demoFan, message: 'Alterações salvas' } });
  });

  it('refresh shares one request between concurrent callers', async () => {
    const before = transport.calls.filter((call) => call.path === '/users/me').length;
    const [a, b] = await Promise.all([session.user.refresh(), session.user.refresh()]);
    expect(a).toEqual(b);
    expect(transport.calls.filter((call) => call.path === '/users/me').length).toBe(before + 1);
    expect(session.user.status.value).toBe('ready');
  });
});

describe('user model: refusals of the credential (issue 21)', () => {
  it('keeps the account and the credential on a 403 with a business code, and drops both on a 403 auth.account_inactive', async () => {
    transport.respond('GET', '/users/me', fail(403, { statusCode: 403, code: 'blocks.blocked', message: 'Blocked', error: 'Forbidden' }));
    const refused = await session.user.refresh();
    expect(!refused.ok && refused.error.code).toBe('blocks.blocked');
    expect(session.user.current.value).toEqual(demoFan);
    expect(session.auth.loggedIn.value).toBe(true);

    transport.respond('GET', '/users/me', fail(403, { statusCode: 403, code: 'auth.account_inactive', message: 'This account is inactive', error: 'Forbidden' }));
    await session.user.refresh();
    expect(session.user.current.value).toBeNull();
    expect(session.auth.loggedIn.value).toBe(false);
  });
});

describe('user model: balance', () => {
  it('takes the balance the wallet model reports, kept to cents, and nothing while signed out', async () => {
    session.user.setBalance(32.499999);
    expect(session.user.current.value?.balance).toBe(32.5);
    session.user.setBalance(Number.NaN);
    expect(session.user.current.value?.balance).toBe(32.5);
    await session.auth.logout();
    session.user.setBalance(10);
    expect(session.user.current.value).toBeNull();
  });

  it('no longer listens to update_balance itself: the wallet model does, once something uses it', () => {
    expect(transport.channel?.listenerCount('update_balance')).toBe(0);
    transport.channel?.serverEmit('update_balance', { token: 5, balance: 25 });
    expect(session.user.current.value?.balance).toBe(20);
  });
});
