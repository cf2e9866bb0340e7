import { callRoutes } from '@fandeck/contract';
import { describe, expect, it } from 'vitest';
import { routesCalledIn } from '../../called-routes.js';

const names = Object.keys(callRoutes);

// What the embed build reads (call-routes-used.ts walks the same files on disk).
const shipped = Object.entries(import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.type-test.ts', '!../**/testing/**'], { query: '?raw', import: 'default', eager: true }));

describe('the embed build’s call table (called-routes.ts)', () => {
  it('keeps a route named in a call, the route under a page reader or an upload, and a whole part picked at run time', () => {
    const used = routesCalledIn(
      [
        'await session.api.performers.get({ id }); const { api } = useSession(); api.notifications.list.list({});',
        'session.api\n    .users.avatarUpload.upload({ form });',
        'session.api.messages[uploadRoutes[kind]].upload(options);',
      ],
      names,
    );
    expect(used.has('performers.get')).toBe(true);
    expect(used.has('notifications.list')).toBe(true);
    expect(used.has('users.avatarUpload')).toBe(true);
    const messages = names.filter((name) => name.startsWith('messages.'));
    expect(messages.length).toBeGreaterThan(5);
    for (const name of messages) expect(used.has(name)).toBe(true);
    expect(used.has('performers.delete')).toBe(false);
    expect(used.has('auth.login')).toBe(false);
  });

  it('leaves out what names no route (paths, file names, words after “api”)', () => {
    expect([...routesCalledIn(["import { x } from '../api/typed-api.js'; fetch('/api/users/me'); api.nothing.here; // the api. part"], names)]).toEqual([]);
  });

  it('keeps every route when a call picks its domain at run time (`api[domain]`)', () => {
    expect(routesCalledIn(['session.api[domain][route]()'], names).size).toBe(names.length);
  });

  it('finds the widgets’ calls: the sources reach the API only as `api.<domain>.<route>`, so none escapes the table', () => {
    expect(shipped.length).toBeGreaterThan(100);
    for (const [file, text] of shipped) {
      // A TypedApi handed to a function goes by the name `api`, so its calls read `api.x.y`.
      for (const match of text.matchAll(/(\w+)\s*:\s*TypedApi\b/g)) expect(`${file}: ${match[1]}`).toBe(`${file}: api`);
      // The API is never put under another name (`const client = session.api`) or handed on whole (`f(session.api)`).
      expect(text, file).not.toMatch(/=\s*[\w$.]*\.api\s*[;,\n)]|[(,]\s*[\w$.]*\.api\s*[,)]/);
    }
    const used = routesCalledIn(
      shipped.map(([, text]) => text),
      names,
    );
    // The session's own calls at start-up are among them.
    for (const name of ['settings.public', 'users.me']) expect(used.has(name), name).toBe(true);
    expect(used.size).toBeLessThan(names.length / 2);
  });
});
