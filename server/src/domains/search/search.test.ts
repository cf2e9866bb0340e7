import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { feeds, searchKeywords, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: token ? { authorization: token } : {} });
const ids = (res: { json(): { data: { data: { _id: string }[] } } }) => res.json().data.data.map((item) => item._id);

async function creator() {
  const user = await createUser(t.ctx, { role: 'performer' });
  return { user, token: await signIn(t.app, user.email) };
}
const publish = async (token: string, body: Record<string, unknown>) => {
  const res = await call('POST', '/api/performer/feeds', token, { type: 'text', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
};
const fans = (n: number) => Promise.all(Array.from({ length: n }, async () => signIn(t.app, (await createUser(t.ctx)).email)));

describe('GET /trending', () => {
  it('orders the last seven days’ posts by likes plus comments, then newest, paged', async () => {
    const { token } = await creator();
    const [a, b, c, d] = [await publish(token, { text: 'a' }), await publish(token, { text: 'b' }), await publish(token, { text: 'c' }), await publish(token, { text: 'd' })];
    const old = await publish(token, { text: 'old' });
    const draft = await publish(token, { text: 'draft', status: 'draft' });
    await t.ctx.db.update(feeds).set({ createdAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(feeds.id, old));
    // Age counts from publication: scheduled eight days ago is old; written long ago but out two days ago is recent;
    // scheduled for later is not out yet.
    const day = 86_400_000;
    const scheduledOld = await publish(token, { text: 'scheduled old', scheduledAt: new Date(Date.now() - 8 * day).toISOString() });
    const outLately = await publish(token, { text: 'out lately', scheduledAt: new Date(Date.now() - 2 * day).toISOString() });
    await t.ctx.db.update(feeds).set({ createdAt: new Date(Date.now() - 9 * day) }).where(eq(feeds.id, outLately));
    const later = await publish(token, { text: 'later', scheduledAt: new Date(Date.now() + day).toISOString() });
    const [f1, f2, f3] = await fans(3);
    const like = (token: string, id: string) => call('POST', '/api/reactions', token, { objectId: id, action: 'like' });
    const comment = (token: string, id: string) => call('POST', '/api/comments', token, { objectId: id, content: 'oi' });
    // b: 2 likes + 1 comment = 3; c: 3 comments = 3 (newer than b); a: 1 like; d: 0; old: 5 likes.
    for (const r of [await like(f1!, b), await like(f2!, b), await comment(f3!, b), await comment(f1!, c), await comment(f1!, c), await comment(f2!, c), await like(f1!, a)]) {
      expect(r.statusCode, r.body).toBe(200);
    }
    for (const f of [f1!, f2!, f3!]) await Promise.all([like(f, old), like(f, scheduledOld)]);
    // An inactive creator's posts are not listed.
    const { token: goneToken, user: gone } = await creator();
    const goneId = await publish(goneToken, { text: 'gone' });
    await like(f1!, goneId);
    await t.ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, gone.id));

    const mine = new Set([a, b, c, d, old, draft, later, goneId, scheduledOld, outLately]);
    const trending = async (query = '') => ids(await call('GET', `/api/trending?limit=100${query}`, null)).filter((id: string) => mine.has(id));
    expect(await trending()).toEqual([c, b, a, d, outLately]);
    const page = await call('GET', `/api/trending?pageSize=2&current=1`, f1!);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.data).toHaveLength(2);
    expect(page.json().data.total).toBeGreaterThanOrEqual(4);
    expect(page.json().data.data[0]).toMatchObject({ performer: { _id: expect.any(String) }, totalLike: expect.any(Number), locked: false });
    expect(await trending('&type=photo')).toEqual([]);
    // Unknown keys and a sort are ignored: trending has one order.
    expect(await trending('&sortBy=passwordHash&sort=asc&foo=1')).toEqual([c, b, a, d, outLately]);
  });

  it('refuses bad paging', async () => {
    for (const query of ['limit=0', 'limit=-1', 'offset=-1', 'current=0', 'type=hologram', 'limit=abc']) {
      const res = await call('GET', `/api/trending?${query}`, null);
      expect({ query, status: res.statusCode, code: res.json().code }).toEqual({ query, status: 400, code: 'request.invalid' });
    }
  });
});

describe('GET /posts/search and /posts/:id', () => {
  it('matches text literally (`%` and `_` match themselves), by creator and type', async () => {
    const { user, token } = await creator();
    const tag = `z${user.id}`;
    const percent = await publish(token, { text: `${tag} 100% real` });
    const plain = await publish(token, { text: `${tag} 100 X real` });
    const underscore = await publish(token, { text: `${tag} a_b` });
    const other = await publish(token, { text: `${tag} aXb` });
    await publish(token, { text: `${tag} rascunho 100%`, status: 'draft' });
    const { token: rivalToken, user: rival } = await creator();
    const rivals = await publish(rivalToken, { text: `${tag} 100% also` });

    const search = async (query: string) => ids(await call('GET', `/api/posts/search?${query}`, null)).sort();
    expect(await search(`q=${encodeURIComponent('100%')}&performerId=${user.id}`)).toEqual([percent]);
    expect(await search(`q=${encodeURIComponent('100%')}`)).toEqual([percent, rivals].sort());
    expect(await search(`q=${encodeURIComponent('a_b')}`)).toEqual([underscore]);
    expect(await search(`q=${encodeURIComponent(tag.toUpperCase())}&performerId=${user.id}`)).toEqual([percent, plain, underscore, other].sort());
    expect(await search(`q=${tag}&performerId=${rival.id}&type=text`)).toEqual([rivals]);
    expect(await search(`q=${tag}&type=photo`)).toEqual([]);
    expect(await search(`q=${tag}`)).toEqual([percent, plain, underscore, other, rivals].sort());
    const paged = await call('GET', `/api/posts/search?q=${tag}&limit=2&sortBy=createdAt&sort=asc`, null);
    expect(paged.json().data).toMatchObject({ total: 5 });
    expect(ids(paged)).toEqual([percent, plain]);

    // One post, as GET /user/feeds/:id answers it.
    const [one, same] = await Promise.all([call('GET', `/api/posts/${percent}`, null), call('GET', `/api/user/feeds/${percent}`, null)]);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(same.json().data);
  });

  it('refuses bad input and hides what fans may not see', async () => {
    const { token } = await creator();
    const draft = await publish(token, { text: 'x', status: 'draft' });
    for (const query of ['sortBy=passwordHash', 'sortBy=constructor', 'type=hologram', `q=${'x'.repeat(101)}`, 'limit=0']) {
      const res = await call('GET', `/api/posts/search?${query}`, null);
      expect({ query, status: res.statusCode, code: res.json().code }).toEqual({ query, status: 400, code: 'request.invalid' });
    }
    expect((await call('GET', `/api/posts/search?sortBy=constructor`, null)).json().fields).toEqual(['querystring.sortBy']);
    expect((await call('GET', `/api/posts/${draft}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/posts/${draft}`, token)).statusCode).toBe(200);
    expect((await call('GET', '/api/posts/0123456789abcdef01234567', null)).json().code).toBe('feeds.not_found');
    expect((await call('GET', `/api/posts/${'x'.repeat(65)}`, null)).statusCode).toBe(400);
  });
});

describe('search keywords', () => {
  it('counts searches of each keyword whatever its case and lists the most searched', async () => {
    await t.ctx.db.delete(searchKeywords);
    const save = (keyword: unknown, token: string | null = null) => call('POST', '/api/search/keywords', token, { keyword });
    const [fan] = await fans(1);
    for (const keyword of ['Praia', 'praia', '  PRAIA  ', 'yoga', 'Yoga', 'música ao  vivo']) expect((await save(keyword, fan!)).statusCode).toBe(200);
    // Concurrent searches all count.
    await Promise.all(Array.from({ length: 5 }, () => save('Corrida')));
    const saved = await save('praia');
    expect(saved.json().data).toMatchObject({ keyword: 'praia', total: 4 });

    const top = await call('GET', '/api/search/list/keywords', null);
    expect(top.json().data.total).toBe(4);
    expect(top.json().data.data.map((k: { keyword: string; total: number }) => [k.keyword, k.total])).toEqual([
      ['corrida', 5],
      ['praia', 4],
      ['yoga', 2],
      ['música ao vivo', 1],
    ]);
    expect((await call('GET', '/api/search/list/keywords?limit=2', null)).json().data.data.map((k: { keyword: string }) => k.keyword)).toEqual(['corrida', 'praia']);
  });

  it('refuses bad keywords and limits', async () => {
    for (const [what, keyword] of [['empty', ''], ['blank', '   '], ['too long', 'x'.repeat(101)], ['a number', 5], ['missing', undefined]] as const) {
      const res = await call('POST', '/api/search/keywords', null, keyword === undefined ? {} : { keyword });
      expect({ what, status: res.statusCode, code: res.json().code, fields: res.json().fields }).toEqual({ what, status: 400, code: 'request.invalid', fields: ['body.keyword'] });
    }
    for (const query of ['limit=0', 'limit=1.5', 'limit=x']) {
      const res = await call('GET', `/api/search/list/keywords?${query}`, null);
      expect({ query, status: res.statusCode, code: res.json().code }).toEqual({ query, status: 400, code: 'request.invalid' });
    }
  });
});
