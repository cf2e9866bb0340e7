/**
 * Where the bridge keeps the fan's token between page views: its own cookie first (the one
 * kind of third-party state a browser that blocks third-party storage still keeps, when it
 * is partitioned), its storage as well. Here the test page is first-party, so the cookie's
 * partitioning is not visible; test/e2e/third-party.test.ts looks at it on a partner's page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeCredential } from './bridge-credential.js';
import { readCookie } from './bridge-cookie.js';

const KEY = 'fandeck.bridge.credential';
// A name of this file's own: other test files on this origin build real bridges, which read the real one.
const name = 'fandeck_bridge_unit';
const credential = () => new BridgeCredential({ cookie: name });

function forget(): void {
  document.cookie = `${name}=; path=${location.pathname}; secure; samesite=none; partitioned; max-age=0`;
  localStorage.removeItem(KEY);
  sessionStorage.removeItem(KEY);
}

/** Makes `window.localStorage` and `sessionStorage` throw, as a browser blocking third-party storage does. */
function blockStorage(): () => void {
  const denied = () => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  };
  const keys = ['localStorage', 'sessionStorage'] as const;
  const own = keys.map((key) => Object.getOwnPropertyDescriptor(window, key));
  for (const key of keys) Object.defineProperty(window, key, { configurable: true, get: denied });
  return () =>
    keys.forEach((key, i) => {
      const descriptor = own[i];
      if (descriptor) Object.defineProperty(window, key, descriptor);
      else delete (window as unknown as Record<string, unknown>)[key];
    });
}

describe('the bridge credential', () => {
  afterEach(forget);

  it('keeps a remembered sign-in in its cookie, marked remembered, and finds it at the next start', () => {
    credential().set('token-remembered-1', true);
    expect(readCookie(name)).toEqual({ token: 'token-remembered-1', remember: true });
    // Storage gone (a browser that drops third-party storage): the cookie alone brings it back.
    localStorage.removeItem(KEY);
    const next = credential();
    expect(next.signedIn).toBe(true);
    expect(next.token).toBe('token-remembered-1');
  });

  it('keeps a sign-in without remember me only as a session cookie and session storage', () => {
    credential().set('token-session-1', false);
    expect(readCookie(name)).toEqual({ token: 'token-session-1', remember: false });
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toEqual({ token: 'token-session-1', remember: false });
    expect(credential().token).toBe('token-session-1');
  });

  it('still comes back after a reload where the browser refuses third-party storage', () => {
    const restore = blockStorage();
    try {
      expect(() => window.localStorage).toThrow();
      const first = credential();
      first.set('token-blocked-1', true);
      expect(first.token).toBe('token-blocked-1');
      expect(credential().token).toBe('token-blocked-1');
    } finally {
      restore();
    }
  });

  it('signs out everywhere it kept the token, and says so once', () => {
    const held = credential();
    held.set('token-out-1', true);
    const heard: boolean[] = [];
    held.onChange((signedIn) => heard.push(signedIn));
    held.clear();
    held.clear();
    expect(heard).toEqual([false]);
    expect(readCookie(name)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(credential().signedIn).toBe(false);
  });

  it('ignores a cookie it did not write', () => {
    document.cookie = `${name}=forged-without-kind; path=${location.pathname}; secure; samesite=none; partitioned`;
    expect(credential().signedIn).toBe(false);
  });
});
