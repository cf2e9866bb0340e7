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
  transport.respond('GET', '/users/me', ok(demoFan));
  session = createSession({ transport, lazy: true, onUnauthorized: () => undefined });
  await session.auth.login({ username: 'fan1', password: 'pw' });
});

afterEach(() => session.dispose());

describe('follows model (spec section 4)', () => {
  it('follow adds at once and keeps it when the server agrees', async () => {
    transport.respond('POST', '/follows/creator-1', ok({ followed: true }));
    const ids = record(session.follows.followedIds);
    const pending = session.follows.follow('creator-1');
    expect(session.follows.isFollowing('creator-1')).toBe(true);
    expect(session.follows.pending.value).toEqual(['creator-1']);
    expect(await pending).toEqual({ ok: true, value: undefined });
    expect(ids.values).toEqual([[], ['creator-1']]);
    expect(session.follows.pending.value).toEqual([]);
  });

  it('reverts and answers the error while the follows domain does not exist (404)', async () => {
    const outcome = await session.follows.follow('creator-2');
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.status).toBe(404);
    expect(session.follows.followedIds.value).toEqual([]);
    expect(session.follows.pending.value).toEqual([]);
  });

  it('unfollow removes at once and restores on failure', async () => {
    session.follows.replace(['creator-1', 'creator-3']);
    transport.respond('DELETE', '/follows/creator-1', ok({}));
    expect(await session.follows.unfollow('creator-1')).toEqual({ ok: true, value: undefined });
    expect(session.follows.followedIds.value).toEqual(['creator-3']);

    transport.respond('DELETE', '/follows/creator-3', fail(500, { message: 'Something went wrong, please try again later' }));
    const failed = await session.follows.unfollow('creator-3');
    expect(failed.ok).toBe(false);
    expect(session.follows.followedIds.value).toEqual(['creator-3']);
  });

  it('escapes the id in the path, and refuses one that would change the path without calling', async () => {
    await session.follows.follow('a b');
    expect(transport.calls.at(-1)?.path).toBe('/follows/a%20b');
    const calls = transport.calls.length;
    const refused = await session.follows.follow('a/b');
    expect(refused.ok).toBe(false);
    expect(transport.calls).toHaveLength(calls);
  });
});
