import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession, type OwnedSession } from '../session/session.js';
import { createFakeTransport, demoFan, fail, ok, type FakeTransport } from '../session/testing/fake-transport.js';
import type { FeedPost } from './feeds-api.js';
import { FeedListModel } from './feeds.model.js';

let transport: FakeTransport;
let session: OwnedSession;

const post = (id: string, locked: boolean): FeedPost => ({
  _id: id,
  fromSourceId: 'creator-1',
  type: 'photo',
  text: `post ${id}`,
  isSale: true,
  price: 5,
  subscribersOnly: false,
  status: 'active',
  scheduledAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  isBought: !locked,
  locked,
  performer: { _id: 'creator-1', username: 'ana.lima', name: 'Ana Lima', avatar: '/files/defaults/avatar.svg' },
  files: [{ _id: `f-${id}`, type: 'photo', status: null, progress: null, duration: null, teaser: null, width: 640, height: 480, placeholder: 'data:image/webp;base64,AA', url: locked ? null : `/api/media/files/f-${id}/large?v=u`, sizes: null }],
  totalFiles: 1,
});

beforeEach(async () => {
  transport = createFakeTransport();
  transport.respond('GET', '/settings/public', ok({}));
  transport.respond('GET', '/users/me', ok({ ...demoFan, balance: 100 }));
  session = createSession({ transport, lazy: true, onUnauthorized: () => undefined });
  await session.auth.login({ username: 'fan1', password: 'pw' });
});

afterEach(() => session.dispose());

describe('feed list model', () => {
  it('loads pages of a creator’s posts and appends the next without duplicates', async () => {
    let offset = -1;
    transport.respond('GET', '/user/feeds/search/ana.lima', (call) => {
      offset = Number((call.options.query as { offset?: number } | undefined)?.offset ?? 0);
      return ok(offset === 0 ? { data: [post('a', false), post('b', true)], total: 3 } : { data: [post('b', true), post('c', false)], total: 3 });
    });
    const model = new FeedListModel(session);
    await model.load('ana.lima');
    expect(model.state.value).toMatchObject({ status: 'ready', total: 3 });
    await model.more();
    expect(offset).toBe(2);
    const state = model.state.value;
    expect(state.status === 'ready' && state.posts.map((p) => p._id)).toEqual(['a', 'b', 'c']);
    // All three are here: no further page is asked for.
    const calls = transport.calls.length;
    await model.more();
    expect(transport.calls.length).toBe(calls);
  });

  it('unlocks a paid post with one pay of charge:feed, then shows it as the server now sends it', async () => {
    transport.respond('GET', '/user/feeds/search/ana.lima', ok({ data: [post('b', true)], total: 1 }));
    transport.respond('GET', '/user/feeds/b', ok(post('b', false)));
    transport.respondPay('charge:feed', ok({ _id: 'charge-1' }));
    const model = new FeedListModel(session);
    await model.load('ana.lima');
    const [locked] = model.state.value.status === 'ready' ? model.state.value.posts : [];
    expect(await model.unlock(locked!)).toBe(true);
    expect(transport.payCalls.map((c) => c.request)).toEqual([{ action: 'charge:feed', params: { id: 'b' }, body: {}, idempotencyKey: expect.any(String) }]);
    const state = model.state.value;
    expect(state.status === 'ready' && state.posts[0]).toMatchObject({ locked: false, isBought: true });
    expect(model.unlocks.value.size).toBe(0);
  });

  it('a decline charges nothing; a lost answer is retried with the same key; a short balance is final', async () => {
    transport.respond('GET', '/user/feeds/search/ana.lima', ok({ data: [post('b', true)], total: 1 }));
    transport.respond('GET', '/user/feeds/b', ok(post('b', false)));
    const model = new FeedListModel(session);
    await model.load('ana.lima');
    const locked = post('b', true);

    transport.confirmPay = () => false;
    expect(await model.unlock(locked)).toBe(false);
    expect(model.unlocks.value.get('b')).toEqual({ step: 'declined' });

    transport.confirmPay = () => true;
    const answers = [fail(0, undefined), fail(422, { statusCode: 422, code: 'wallet.insufficient_balance', message: 'short' })];
    transport.respondPay('charge:feed', () => answers.shift() ?? ok({ _id: 'charge-1' }));
    await model.unlock(locked);
    expect(model.unlocks.value.get('b')).toMatchObject({ step: 'failed', retryable: true });
    await model.unlock(locked);
    expect(model.unlocks.value.get('b')).toMatchObject({ step: 'failed', retryable: false, error: { code: 'wallet.insufficient_balance' } });
    const keys = transport.payCalls.filter((c) => c.confirmed).map((c) => c.request.idempotencyKey);
    expect(keys.at(-1)).toBe(keys.at(-2));
    // After the final refusal the next try is a new request.
    await model.unlock(locked);
    expect(transport.payCalls.at(-1)!.request.idempotencyKey).not.toBe(keys.at(-1));
  });

  it('says why a list could not load', async () => {
    transport.respond('GET', '/user/feeds/search/nobody', fail(404, { statusCode: 404, code: 'performers.not_found', message: 'No such creator' }));
    const model = new FeedListModel(session);
    await model.load('nobody');
    expect(model.state.value).toMatchObject({ status: 'failed', error: { status: 404 } });
  });
  it('reads trending posts and a search from their own calls, with the search text as q', async () => {
    transport.respond('GET', '/trending', ok({ data: [post('t', false)], total: 1 }));
    let q: unknown;
    transport.respond('GET', '/posts/search', (call) => {
      q = (call.options.query as { q?: string } | undefined)?.q;
      return ok({ data: [post('s', true)], total: 1 });
    });
    const model = new FeedListModel(session);
    await model.load({ trending: true });
    const trending = model.state.value;
    expect(trending.status === 'ready' && trending.posts.map((p) => p._id)).toEqual(['t']);
    await model.load({ search: 'praia & sol' });
    const found = model.state.value;
    expect(found.status === 'ready' && found.posts.map((p) => p._id)).toEqual(['s']);
    expect(q).toBe('praia & sol');
  });
});
