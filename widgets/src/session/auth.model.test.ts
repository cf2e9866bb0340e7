import { routes } from '@fandeck/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/index.js';
import { initialLoginAuth } from './auth.model.js';
import { createSession, type OwnedSession } from './session.js';
import { createFakeTransport, demoFan, fail, ok, type FakeTransport } from './testing/fake-transport.js';
import { record } from './testing/signal-waits.js';

let transport: FakeTransport;
let session: OwnedSession;
let navigations: string[];

beforeEach(async () => {
  await setLocale('pt-BR');
  transport = createFakeTransport();
  transport.respond('GET', '/settings/public', ok({ siteName: 'Fandeck', hashPasswordOnClient: false }));
  transport.respond('GET', '/users/me', ok(demoFan));
  navigations = [];
  session = createSession({ transport, lazy: true, onUnauthorized: (from) => navigations.push(from) });
});

afterEach(() => session.dispose());

const summary = (state: typeof initialLoginAuth) => [state.requesting, state.success, state.error, state.data?._id ?? null];

describe('auth model: login (spec section 4)', () => {
  it('goes requesting → success, loads the user and opens the live connection', async () => {
    const states = record(session.auth.loginAuth);
    const outcome = await session.auth.login({ username: ' fan1@fandeck.local ', password: 'fandeck-demo', remember: true });

    expect(outcome).toEqual({ ok: true, value: demoFan });
    expect(states.values.map(summary)).toEqual([
      [false, false, null, null],
      [true, false, null, null],
      [false, true, null, 'fan-1'],
    ]);
    expect(session.auth.loggedIn.value).toBe(true);
    expect(session.user.current.value).toEqual(demoFan);
    expect(transport.loginCalls).toEqual([{ username: 'fan1@fandeck.local', password: 'fandeck-demo', remember: true }]);
    expect(transport.liveOpened).toBe(1);
    expect(session.live.channel.value).toBe(transport.channel);
  });

  it('goes requesting → error with the server message, translated when the catalogue knows it', async () => {
    transport.loginReply = fail(401, { statusCode: 401, message: 'Incorrect credentials!', error: 'Unauthorized' });
    const states = record(session.auth.loginAuth);
    const outcome = await session.auth.login({ username: 'fan1@fandeck.local', password: 'wrong' });

    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.message).toBe('Credenciais incorretas!');
    expect(states.values.map(summary)).toEqual([
      [false, false, null, null],
      [true, false, null, null],
      [false, false, 'Credenciais incorretas!', null],
    ]);
    expect(session.auth.loggedIn.value).toBe(false);
    expect(transport.calls.some((call) => call.path === '/users/me')).toBe(false);
    expect(transport.liveOpened).toBe(0);
    // A failed login is an answer, not a lost session.
    expect(navigations).toEqual([]);
  });

  it("shows the text of the server's code, else 'Credenciais incorretas!', else (no answer) the offline text", async () => {
    transport.loginReply = fail(429, { statusCode: 429, code: 'auth.too_many_attempts', message: 'Too many attempts, try again in 60 seconds' });
    await session.auth.login({ username: 'a', password: 'b' });
    // The English message is for logs; the fan reads the code's text.
    expect(session.auth.loginAuth.value.error).toBe('Muitas tentativas de entrada. Tente novamente mais tarde.');

    transport.loginReply = fail(400, {});
    await session.auth.login({ username: 'a', password: 'b' });
    expect(session.auth.loginAuth.value.error).toBe('Credenciais incorretas!');

    transport.loginReply = fail(0, undefined);
    await session.auth.login({ username: 'a', password: 'b' });
    expect(session.auth.loginAuth.value.error).toBe('Sem conexão com o Fandeck. Verifique sua internet e tente novamente.');
  });

  it('sends the MD5 hex digest of the password when hashPasswordOnClient is on', async () => {
    transport.respond('GET', '/settings/public', ok({ hashPasswordOnClient: true }));
    await session.auth.login({ username: 'fan1', password: 'password' });
    expect(transport.loginCalls[0]?.password).toBe('5f4dcc3b5aa765d61d8327deb882cf99');
  });

  it('a login whose user cannot be loaded fails and leaves no credential behind', async () => {
    transport.respond('GET', '/users/me', fail(500, { statusCode: 500, message: 'Something went wrong, please try again later' }));
    const outcome = await session.auth.login({ username: 'fan1', password: 'pw' });
    expect(outcome.ok).toBe(false);
    expect(session.auth.loggedIn.value).toBe(false);
    expect(transport.credential).toBe(false);
    expect(session.auth.loginAuth.value).toMatchObject({ requesting: false, success: false, error: 'Algo deu errado, tente novamente mais tarde' });
  });
});

describe('auth model: logout and credentials found elsewhere', () => {
  it('logout resets auth, the current user and what hangs on them, and closes the live connection', async () => {
    await session.auth.login({ username: 'fan1', password: 'pw' });
    session.follows.replace(['creator-1']);
    transport.channel?.setStatus('connected');
    expect(session.live.status.value).toBe('connected');

    const outcome = await session.auth.logout();

    expect(outcome).toEqual({ ok: true, value: undefined });
    expect(session.auth.loggedIn.value).toBe(false);
    expect(session.auth.loginAuth.value).toEqual(initialLoginAuth);
    expect(session.user.current.value).toBeNull();
    expect(session.user.status.value).toBe('idle');
    expect(session.follows.followedIds.value).toEqual([]);
    expect(transport.credential).toBe(false);
    expect(transport.channel?.closed).toBe(true);
    expect(session.live.channel.value).toBeNull();
    expect(session.live.status.value).toBe('disconnect');
  });

  it('sync adopts a credential obtained elsewhere and drops a vanished one', async () => {
    transport.credential = true;
    const adopted = await session.auth.sync();
    expect(adopted).toEqual({ ok: true, value: demoFan });
    expect(session.auth.loggedIn.value).toBe(true);

    transport.credential = false;
    expect(await session.auth.sync()).toEqual({ ok: true, value: null });
    expect(session.auth.loggedIn.value).toBe(false);
    expect(session.user.current.value).toBeNull();
  });

  it('forget drops the credential locally without calling the server', async () => {
    await session.auth.login({ username: 'fan1', password: 'pw' });
    const callsBefore = transport.calls.length;
    session.auth.forget();
    expect(transport.credential).toBe(false);
    expect(session.auth.loggedIn.value).toBe(false);
    expect(transport.calls.length).toBe(callsBefore);
  });

  it('a 401 on any later call signs the page out and navigates to login', async () => {
    await session.auth.login({ username: 'fan1', password: 'pw' });
    transport.respond('GET', routes['wallet.charges'].path, fail(401, { statusCode: 401, message: 'Expired', error: 'Unauthorized' }));
    const outcome = await session.api.wallet.charges();
    expect(!outcome.ok && outcome.error.code).toBe('auth.sign_in_required');
    expect(!outcome.ok && outcome.error.message).toBe('Entre para continuar.');
    expect(session.auth.loggedIn.value).toBe(false);
    expect(session.user.current.value).toBeNull();
    expect(transport.credential).toBe(false);
    expect(navigations).toHaveLength(1);
  });
});
