import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { performers } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: token } : {} });
const followersCount = async (id: string) => (await t.ctx.db.select({ n: performers.followersCount }).from(performers).where(eq(performers.userId, id)))[0]!.n;

describe('follows', () => {
  it('follows and unfollows by id or username, idempotently; the count equals the rows and never goes below zero', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const fans = await Promise.all([createUser(t.ctx), createUser(t.ctx), createUser(t.ctx)]);
    const tokens = await Promise.all(fans.map((fan) => signIn(t.app, fan.email)));
    // The same fan following twice at once, and by username, counts once.
    const twice = await Promise.all([call('POST', `/api/follows/${creator.id}`, tokens[0]!), call('POST', `/api/follows/${creator.username}`, tokens[0]!)]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    await call('POST', `/api/follows/${creator.id}`, tokens[1]!);
    expect(await followersCount(creator.id)).toBe(2);

    const creatorToken = await signIn(t.app, creator.email);
    const followers = (await call('GET', '/api/follows/followers', creatorToken)).json().data;
    expect(followers.total).toBe(2);
    expect(followers.data.map((f: { _id: string }) => f._id).sort()).toEqual([fans[0]!.id, fans[1]!.id].sort());
    const following = (await call('GET', '/api/follows/following', tokens[0]!)).json().data;
    expect(following).toMatchObject({ total: 1, data: [{ _id: creator.id, username: creator.username }] });

    // Unfollowing twice, or someone never followed, leaves the count right.
    for (let i = 0; i < 2; i++) expect((await call('DELETE', `/api/follows/${creator.id}`, tokens[0]!)).json().data).toEqual({ creatorId: creator.id, following: false });
    expect((await call('DELETE', `/api/follows/${creator.id}`, tokens[2]!)).statusCode).toBe(200);
    expect(await followersCount(creator.id)).toBe(1);
    await call('DELETE', `/api/follows/${creator.id}`, tokens[1]!);
    expect(await followersCount(creator.id)).toBe(0);
  });

  it('refuses following oneself, a fan, or nobody; anonymous callers must sign in; followers are a creator’s list', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const creatorToken = await signIn(t.app, creator.email);
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    const self = await call('POST', `/api/follows/${creator.id}`, creatorToken);
    expect([self.statusCode, self.json().code]).toEqual([422, 'follows.self']);
    expect((await call('POST', `/api/follows/${fan.id}`, creatorToken)).statusCode).toBe(404);
    expect((await call('POST', '/api/follows/nobody.here', fanToken)).statusCode).toBe(404);
    expect((await call('POST', `/api/follows/${creator.id}`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/follows/followers', fanToken)).statusCode).toBe(403);
  });

  it('the home feed lists posts of the creators the fan follows only', async () => {
    const followed = await createUser(t.ctx, { role: 'performer' });
    const other = await createUser(t.ctx, { role: 'performer' });
    for (const [creator, text] of [[followed, 'seguido'], [other, 'outro']] as const) {
      const res = await call('POST', '/api/performer/feeds', await signIn(t.app, creator.email), { type: 'text', text });
      expect(res.statusCode).toBe(200);
    }
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    const home = async () => (await call('GET', '/api/user/feeds?following=true', fanToken)).json().data;
    expect((await home()).total).toBe(0);
    await call('POST', `/api/follows/${followed.id}`, fanToken);
    const after = await home();
    expect(after.data.map((p: { text: string }) => p.text)).toEqual(['seguido']);
    // Signed out, nobody is followed.
    expect((await call('GET', '/api/user/feeds?following=true', null)).json().data.total).toBe(0);
    expect((await call('GET', '/api/user/feeds?following=maybe', fanToken)).statusCode).toBe(400);
  });
});
