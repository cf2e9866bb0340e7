import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: token } : {} });

describe('reactions', () => {
  it('likes count once per fan, bookmarks list the posts, and both can be taken back', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const creatorToken = await signIn(t.app, creator.email);
    const post = async (text: string) => (await call('POST', '/api/performer/feeds', creatorToken, { type: 'text', text })).json().data._id as string;
    const [a, b] = [await post('um'), await post('dois')];
    const fans = await Promise.all([createUser(t.ctx), createUser(t.ctx)]);
    const [ana, bia] = await Promise.all(fans.map((fan) => signIn(t.app, fan.email)));

    // Liking twice, even at once, counts once.
    const twice = await Promise.all([call('POST', '/api/reactions', ana!, { objectId: a, action: 'like' }), call('POST', '/api/reactions', ana!, { objectId: a, action: 'like' })]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    await call('POST', '/api/reactions', bia!, { objectId: a, action: 'like' });
    await call('POST', '/api/reactions', ana!, { objectType: 'feed', objectId: b, action: 'bookmark' });
    await call('POST', '/api/reactions', ana!, { objectId: a, action: 'bookmark' });

    const seen = (await call('GET', `/api/user/feeds/${a}`, ana!)).json().data;
    expect(seen).toMatchObject({ totalLike: 2, isLiked: true, isBookMarked: true });
    expect((await call('GET', `/api/user/feeds/${a}`, null)).json().data).toMatchObject({ totalLike: 2, isLiked: false, isBookMarked: false });

    const bookmarks = (await call('GET', '/api/reactions/feeds/bookmark', ana!)).json().data;
    expect(bookmarks.data.map((f: { _id: string }) => f._id)).toEqual([a, b]);
    expect((await call('GET', '/api/reactions/feeds/bookmark', bia!)).json().data.total).toBe(0);

    expect((await call('DELETE', '/api/reactions', ana!, { objectId: a, action: 'like' })).json().data).toEqual({ success: true, action: 'like', active: false });
    expect((await call('GET', `/api/user/feeds/${a}`, ana!)).json().data).toMatchObject({ totalLike: 1, isLiked: false });
    // A post that is no longer published leaves the bookmarks.
    await call('DELETE', `/api/performer/feeds/${b}`, creatorToken);
    expect((await call('GET', '/api/reactions/feeds/bookmark', ana!)).json().data.data.map((f: { _id: string }) => f._id)).toEqual([a]);
  });

  it('refuses reactions to what cannot be seen, unknown actions or kinds, and anonymous callers', async () => {
    const creatorToken = await signIn(t.app, (await createUser(t.ctx, { role: 'performer' })).email);
    const draft = (await call('POST', '/api/performer/feeds', creatorToken, { type: 'text', text: 'x', status: 'draft' })).json().data._id;
    const fan = await signIn(t.app, (await createUser(t.ctx)).email);
    expect((await call('POST', '/api/reactions', fan, { objectId: draft, action: 'like' })).statusCode).toBe(404);
    expect((await call('POST', '/api/reactions', fan, { objectId: draft, action: 'love' })).statusCode).toBe(400);
    expect((await call('GET', '/api/reactions/videos/bookmark', fan)).statusCode).toBe(400);
    expect((await call('POST', '/api/reactions', null, { objectId: draft, action: 'like' })).statusCode).toBe(401);
  });
});
