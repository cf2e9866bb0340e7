import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { isCreatorHiddenFrom } from '../../content/blocks.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { balanceOf } from '../../money/ledger/ledger.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let keys = 0;
const call = (method: Method, url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...headers, ...(token ? { authorization: token } : {}) } });
const pay = (url: string, token: string, payload: object) => call('POST', url, token, payload, { 'idempotency-key': `blocks-${++keys}` });
const ids = (res: { json(): { data: { data: { _id: string }[] } } }) => res.json().data.data.map((item) => item._id);

async function creatorWithPosts() {
  const creator = await createUser(t.ctx, { role: 'performer' });
  const token = await signIn(t.app, creator.email);
  const text = `mural${creator.id}`;
  const free = (await call('POST', '/api/performer/feeds', token, { type: 'text', text: `${text} livre` })).json().data._id as string;
  const paid = (await call('POST', '/api/performer/feeds', token, { type: 'text', text: `${text} pago`, isSale: true, price: 5 })).json().data._id as string;
  return { creator, token, text, posts: [free, paid].sort(), free, paid };
}

describe('blocking users', () => {
  it('blocks, lists and unblocks; blocking again changes nothing', async () => {
    const { creator, token } = await creatorWithPosts();
    const fan = await createUser(t.ctx);
    const other = await createUser(t.ctx);

    const blocked = await call('POST', '/api/block/users', token, { targetId: fan.id, reason: '  spam  ', extra: 'ignored' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data).toMatchObject({ _id: fan.id, username: fan.username, name: fan.name, reason: 'spam' });
    expect(blocked.json().data.avatar).toEqual(expect.any(String));
    const again = await call('POST', '/api/block/users', token, { targetId: fan.id, reason: 'other reason' });
    expect(again.json().data).toMatchObject({ _id: fan.id, reason: 'spam', createdAt: blocked.json().data.createdAt });
    // `""` for the reason means none.
    expect((await call('POST', '/api/block/users', token, { targetId: other.id, reason: '' })).json().data.reason).toBe('');

    const listed = await call('GET', '/api/block/users?sortBy=createdAt&sort=asc', token);
    expect(listed.json().data.total).toBe(2);
    expect(ids(listed)).toEqual([fan.id, other.id]);
    expect(listed.json().data.data[0]).toEqual({ _id: fan.id, username: fan.username, name: fan.name, avatar: expect.any(String), reason: 'spam', createdAt: expect.any(String) });
    expect(ids(await call('GET', `/api/block/users?q=${other.username}`, token))).toEqual([other.id]);
    expect((await call('GET', '/api/block/users?pageSize=1&current=2&sort=asc', token)).json().data).toMatchObject({ total: 2, data: [{ _id: other.id }] });

    // Another creator's list is their own.
    const rival = await createUser(t.ctx, { role: 'performer' });
    expect((await call('GET', '/api/block/users', await signIn(t.app, rival.email))).json().data).toEqual({ data: [], total: 0 });

    for (let i = 0; i < 2; i++) expect((await call('DELETE', `/api/block/users/${fan.id}`, token)).json().data).toEqual({ success: true });
    expect(ids(await call('GET', '/api/block/users', token))).toEqual([other.id]);
  });

  it('refuses blocking oneself, nobody, and callers who are not creators; bad input names the field', async () => {
    const { creator, token } = await creatorWithPosts();
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    const cases: [string, string | null, Method, string, unknown, number, string][] = [
      ['oneself', token, 'POST', '/api/block/users', { targetId: creator.id }, 422, 'blocks.self'],
      ['nobody', token, 'POST', '/api/block/users', { targetId: '0123456789abcdef01234567' }, 404, 'users.not_found'],
      ['a fan', fanToken, 'POST', '/api/block/users', { targetId: creator.id }, 403, 'auth.role_forbidden'],
      ['signed out', null, 'POST', '/api/block/users', { targetId: fan.id }, 401, 'auth.sign_in_required'],
      ['a fan listing', fanToken, 'GET', '/api/block/users', undefined, 403, 'auth.role_forbidden'],
      ['a fan unblocking', fanToken, 'DELETE', `/api/block/users/${creator.id}`, undefined, 403, 'auth.role_forbidden'],
      ['no target', token, 'POST', '/api/block/users', {}, 400, 'request.invalid'],
      ['a number as target', token, 'POST', '/api/block/users', { targetId: 42 }, 400, 'request.invalid'],
      ['an empty target', token, 'POST', '/api/block/users', { targetId: '' }, 400, 'request.invalid'],
      ['a long reason', token, 'POST', '/api/block/users', { targetId: fan.id, reason: 'x'.repeat(501) }, 400, 'request.invalid'],
      ['an unknown sort column', token, 'GET', '/api/block/users?sortBy=passwordHash', undefined, 400, 'request.invalid'],
      ['a negative offset', token, 'GET', '/api/block/users?offset=-1', undefined, 400, 'request.invalid'],
    ];
    for (const [what, who, method, url, body, status, code] of cases) {
      const res = await call(method, url, who, body);
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });
    }
    const named = await call('POST', '/api/block/users', token, { targetId: 42 });
    expect(named.json().fields).toEqual(['body.targetId']);
    expect((await call('GET', '/api/block/users?sortBy=constructor', token)).json().fields).toEqual(['querystring.sortBy']);
  });

  it('a blocked fan sees nothing of the creator and cannot follow, comment, buy or tip; unblocking restores it all', async () => {
    const { creator, token, text, posts, free, paid } = await creatorWithPosts();
    const fan = await createUser(t.ctx, { balanceCents: 10_000 });
    const fanToken = await signIn(t.app, fan.email);
    const bystander = await createUser(t.ctx);
    const bystanderToken = await signIn(t.app, bystander.email);
    expect((await call('POST', `/api/follows/${creator.id}`, fanToken)).statusCode).toBe(200);

    /** Everything the fan can see of the creator, from every list and by id. */
    const seen = async (who: string) => ({
      home: ids(await call('GET', '/api/user/feeds?following=true&limit=100', who)).filter((id: string) => posts.includes(id)).sort(),
      all: ids(await call('GET', `/api/user/feeds?performerId=${creator.id}`, who)).sort(),
      page: ids(await call('GET', `/api/user/feeds/search/${creator.username}`, who)).sort(),
      trending: ids(await call('GET', '/api/trending?limit=100', who)).filter((id: string) => posts.includes(id)).sort(),
      search: ids(await call('GET', `/api/posts/search?q=${text}`, who)).sort(),
      byId: [(await call('GET', `/api/user/feeds/${free}`, who)).statusCode, (await call('GET', `/api/posts/${paid}`, who)).statusCode],
      following: ids(await call('GET', '/api/follows/following', who)).includes(creator.id),
    });
    const everything = { home: posts, all: posts, page: posts, trending: posts, search: posts, byId: [200, 200], following: true };
    expect(await seen(fanToken)).toEqual(everything);

    expect((await call('POST', '/api/block/users', token, { targetId: fan.id })).statusCode).toBe(200);
    expect(await seen(fanToken)).toEqual({ home: [], all: [], page: [], trending: [], search: [], byId: [404, 404], following: false });
    // Others still see the creator, and the creator sees their own posts.
    expect((await seen(bystanderToken)).all).toEqual(posts);
    expect(ids(await call('GET', `/api/user/feeds/search/${creator.username}`, token)).sort()).toEqual(posts);

    const refusals = {
      follow: await call('POST', `/api/follows/${creator.username}`, fanToken),
      comment: await call('POST', '/api/comments', fanToken, { objectId: free, content: 'oi' }),
      buy: await pay(`/api/wallet/charges/feed/${paid}`, fanToken, {}),
      buyQuote: await call('POST', `/api/wallet/charges/feed/${paid}/quote`, fanToken, {}),
      tip: await pay(`/api/wallet/charges/tip/${creator.id}`, fanToken, { price: 10 }),
    };
    for (const [what, res] of Object.entries(refusals)) expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status: 403, code: 'blocks.blocked' });
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fan.id))).toBe(10_000);
    // Liking is as for a missing post.
    expect((await call('POST', '/api/reactions', fanToken, { objectId: free, action: 'like' })).statusCode).toBe(404);

    expect((await call('DELETE', `/api/block/users/${fan.id}`, token)).statusCode).toBe(200);
    expect(await seen(fanToken)).toEqual(everything);
    expect((await call('POST', `/api/follows/${creator.username}`, fanToken)).statusCode).toBe(200);
    expect((await call('POST', '/api/comments', fanToken, { objectId: free, content: 'oi' })).statusCode).toBe(200);
    expect((await pay(`/api/wallet/charges/feed/${paid}`, fanToken, {})).statusCode).toBe(200);
    expect((await pay(`/api/wallet/charges/tip/${creator.id}`, fanToken, { price: 10 })).statusCode).toBe(200);
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fan.id))).toBe(10_000 - 500 - 1000);
  });
});

describe('blocking countries', () => {
  it('replaces the creator’s list of ISO codes, either case, without duplicates', async () => {
    const { token } = await creatorWithPosts();
    const set = (countryCodes: unknown) => call('POST', '/api/block/countries', token, { countryCodes });
    expect((await set(['us', 'BR', 'br'])).json().data).toEqual({ countryCodes: ['BR', 'US'] });
    expect((await set(['PT'])).json().data).toEqual({ countryCodes: ['PT'] });
    expect((await call('GET', '/api/block/countries', token)).json().data).toEqual({ countryCodes: ['PT'] });
    expect((await set([])).json().data).toEqual({ countryCodes: [] });

    for (const [bad, field] of [
      [['XX'], 'body.countryCodes.0'],
      [['BR', 'USA'], 'body.countryCodes.1'],
      [['B1'], 'body.countryCodes.0'],
      [[7], 'body.countryCodes.0'],
      ['BR', 'body.countryCodes'],
      [undefined, 'body.countryCodes'],
      [Array(301).fill('BR'), 'body.countryCodes'],
    ] as const) {
      const res = await set(bad);
      expect({ bad, status: res.statusCode, code: res.json().code, fields: res.json().fields }).toEqual({ bad, status: 400, code: 'request.invalid', fields: [field] });
    }
    const fan = await createUser(t.ctx);
    expect((await call('POST', '/api/block/countries', await signIn(t.app, fan.email), { countryCodes: ['BR'] })).statusCode).toBe(403);
    expect((await call('POST', '/api/block/countries', null, { countryCodes: ['BR'] })).statusCode).toBe(401);
  });

  it('hides the creator’s posts from visitors of those countries only', async () => {
    const { creator, token, posts, free } = await creatorWithPosts();
    expect((await call('POST', '/api/block/countries', token, { countryCodes: ['US'] })).statusCode).toBe(200);
    // Visitors are placed by their address (8.8.8.8 is in the US, 200.160.2.3 in Brazil; a local one nowhere).
    const visit = (url: string, token: string | null, remoteAddress?: string) =>
      t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {}, ...(remoteAddress ? { remoteAddress } : {}) });
    const us = '8.8.8.8';
    const br = '200.160.2.3';
    const list = async (ip?: string, token: string | null = null) => ids(await visit(`/api/user/feeds?performerId=${creator.id}`, token, ip)).sort();
    expect(await list(us)).toEqual([]);
    expect(await list(br)).toEqual(posts);
    expect(await list()).toEqual(posts);
    expect(ids(await visit('/api/trending?limit=100', null, us)).filter((id: string) => posts.includes(id))).toEqual([]);
    expect((await visit(`/api/posts/${free}`, null, us)).statusCode).toBe(404);
    expect((await visit(`/api/posts/${free}`, null, br)).statusCode).toBe(200);
    // The creator sees their own posts from anywhere.
    expect(await list(us, token)).toEqual(posts);

    const fan = await createUser(t.ctx);
    expect(await isCreatorHiddenFrom(t.ctx.db, creator.id, { viewer: null, country: 'US' })).toBe(true);
    expect(await isCreatorHiddenFrom(t.ctx.db, creator.id, { viewer: { id: fan.id, role: 'user' }, country: 'BR' })).toBe(false);
    expect(await isCreatorHiddenFrom(t.ctx.db, creator.id, { viewer: { id: creator.id, role: 'performer' }, country: 'US' })).toBe(false);
    expect(await isCreatorHiddenFrom(t.ctx.db, creator.id, { viewer: null, country: null })).toBe(false);
    await call('POST', '/api/block/users', token, { targetId: fan.id });
    expect(await isCreatorHiddenFrom(t.ctx.db, creator.id, { viewer: { id: fan.id, role: 'user' }, country: 'BR' })).toBe(true);
  });
});
