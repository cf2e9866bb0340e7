import { afterEach, describe, expect, it } from 'vitest';
import { disposeSession, getSession, createSession } from './session.js';
import { createFakeTransport, demoFan, fail, ok } from './testing/fake-transport.js';
import { record, whenSignal } from './testing/signal-waits.js';

afterEach(() => disposeSession());

describe('getSession / disposeSession', () => {
  it('gives one session per page, found through Symbol.for("fandeck.session"); later options are ignored', () => {
    const transport = createFakeTransport();
    const first = getSession({ transport, lazy: true });
    const again = getSession({ transport: createFakeTransport(), lazy: true });
    expect(again).toBe(first);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('fandeck.session')]).toBe(first);
    expect(first.transport).toBe(transport);
    expect(Object.keys(first).sort()).toEqual(
      ['api', 'auth', 'dispose', 'follows', 'live', 'locale', 'setOnUnauthorized', 'settings', 'theme', 'transport', 'ui', 'use', 'user'].sort(),
    );
  });

  it('dispose closes the live connection and the next call builds a new session', async () => {
    const transport = createFakeTransport();
    transport.respond('GET', '/users/me', ok(demoFan));
    const first = getSession({ transport, lazy: true });
    await first.auth.login({ username: 'fan1', password: 'pw' });
    const channel = transport.channel;
    disposeSession();
    expect(channel?.closed).toBe(true);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('fandeck.session')]).toBeUndefined();
    expect(getSession({ transport: createFakeTransport(), lazy: true })).not.toBe(first);
  });
});

describe('session start-up', () => {
  it('with a stored credential: loggedIn at once, the live connection opens, the user loads', async () => {
    const transport = createFakeTransport({ credential: true });
    transport.respond('GET', '/settings/public', ok({ siteName: 'Fandeck' }));
    transport.respond('GET', '/users/me', ok(demoFan));
    const session = createSession({ transport, onUnauthorized: () => undefined });
    expect(session.auth.loggedIn.value).toBe(true);
    expect(transport.liveOpened).toBe(1);
    await whenSignal(session.user.current, (user) => user?._id === 'fan-1', 2000, 'the user');
    await whenSignal(session.settings.values, (values) => values !== null, 2000, 'the settings');
    session.dispose();
  });

  it('a stale credential is dropped quietly: no navigation from a public page', async () => {
    const transport = createFakeTransport({ credential: true });
    transport.respond('GET', '/users/me', fail(401, { statusCode: 401, message: 'Expired', error: 'Unauthorized' }));
    const navigations: string[] = [];
    const session = createSession({ transport, onUnauthorized: (from) => navigations.push(from) });
    await whenSignal(session.auth.loggedIn, (loggedIn) => !loggedIn, 2000, 'the sign-out');
    expect(transport.credential).toBe(false);
    expect(navigations).toEqual([]);
    expect(transport.channel?.closed).toBe(true);
    session.dispose();
  });
});

describe('live model', () => {
  it('follows the channel status while signed in and closes on logout; a new login opens a new channel', async () => {
    const transport = createFakeTransport();
    transport.respond('GET', '/users/me', ok(demoFan));
    const session = createSession({ transport, lazy: true, onUnauthorized: () => undefined });
    const statuses = record(session.live.status);
    expect(transport.liveOpened).toBe(0);

    await session.auth.login({ username: 'fan1', password: 'pw' });
    transport.channel?.setStatus('connected');
    transport.channel?.setStatus('disconnect');
    transport.channel?.setStatus('reconnecting');
    transport.channel?.setStatus('connected');
    await session.auth.logout();
    await session.auth.login({ username: 'fan1', password: 'pw' });

    expect(statuses.values).toEqual(['initialized', 'connected', 'disconnect', 'reconnecting', 'connected', 'disconnect', 'initialized']);
    expect(transport.liveOpened).toBe(2);
    session.dispose();
  });
});
