import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDirectTransport } from './direct-transport.js';
import { createSession, type OwnedSession } from './session.js';
import { createTabSync, TAB_SYNC_STORAGE_KEY, type TabSyncKind } from './tab-sync.js';
import { createFakeLiveChannel, demoFan } from './testing/fake-transport.js';
import { whenSignal } from './testing/signal-waits.js';
import { clearToken } from './token-cookie.js';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server, as far as these calls go: the login sets the shared cookie, as Set-Cookie would. */
function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = init?.method ?? 'GET';
  const authorized = new Headers(init?.headers).get('authorization') === 'tab-token';
  if (method === 'POST' && url.pathname === '/api/auth/login') {
    document.cookie = 'token=tab-token; path=/';
    return Promise.resolve(json(200, { status: 0, data: { token: 'tab-token' } }));
  }
  if (url.pathname === '/api/users/me') return Promise.resolve(authorized ? json(200, { status: 0, data: demoFan }) : json(401, {}));
  if (url.pathname === '/api/auth/logout') return Promise.resolve(json(200, { status: 0, data: { message: 'Signed out' } }));
  return Promise.resolve(json(200, { status: 0, data: {} }));
}

const sessions: OwnedSession[] = [];
function tab(): OwnedSession {
  const transport = createDirectTransport(location.origin, { createLive: () => createFakeLiveChannel() });
  const session = createSession({ transport, lazy: true, onUnauthorized: () => undefined });
  sessions.push(session);
  return session;
}

beforeEach(() => {
  clearToken();
  vi.spyOn(globalThis, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.dispose();
  vi.restoreAllMocks();
  clearToken();
});

describe('cross-tab propagation (BroadcastChannel "fandeck-session")', () => {
  it('a login in tab A makes tab B load the user; a logout in A clears it in B', async () => {
    const a = tab();
    const b = tab();
    expect(b.auth.loggedIn.value).toBe(false);

    const login = await a.auth.login({ username: 'fan1@fandeck.local', password: 'fandeck-demo' });
    expect(login.ok).toBe(true);
    await whenSignal(b.user.current, (user) => user?._id === demoFan._id, 2000, 'tab B to load the user');
    expect(b.auth.loggedIn.value).toBe(true);

    await a.auth.logout();
    await whenSignal(b.auth.loggedIn, (loggedIn) => !loggedIn, 2000, 'tab B to sign out');
    expect(b.user.current.value).toBeNull();
    expect(a.user.current.value).toBeNull();
  });
});

describe('cross-tab fallback (the storage event)', () => {
  it('reaches another document of the origin through a real storage event', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const other = frame.contentWindow;
    if (!other) throw new Error('no frame window');
    const here = createTabSync({ useBroadcastChannel: false });
    const there = createTabSync({ useBroadcastChannel: false, view: other });
    const heard = new Promise<TabSyncKind>((resolve) => there.subscribe(resolve));
    const echoed: TabSyncKind[] = [];
    here.subscribe((kind) => echoed.push(kind));

    here.announce('logout');

    await expect(heard).resolves.toBe('logout');
    expect(JSON.parse(localStorage.getItem(TAB_SYNC_STORAGE_KEY) ?? '{}')).toMatchObject({ kind: 'logout' });
    // A tab never hears its own announcement.
    expect(echoed).toEqual([]);
    here.close();
    there.close();
    frame.remove();
  });
});
