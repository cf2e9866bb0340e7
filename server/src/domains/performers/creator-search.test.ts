// The fans' creator search (`GET /performers/user/search`) as the discover page uses it:
// its filters (gender, country, body attributes, free subscription, live), its sorts
// (popular, newest, live), and the counts each card shows.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { performers, streams, users } from '../../db/schema/index.js';
import { subscribeCall } from '../subscriptions/subscriptions-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Card {
  _id: string;
  live: boolean;
  stats: { subscribers: number; followers: number; totalFeeds: number; likes: number };
}
const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: token } : {} });
const search = async (query: string) => {
  const res = await call('GET', `/api/performers/user/search?${query}&limit=50`, null);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as Card[]).map((card) => card._id);
};

/** A creator with a name holding `tag` (so a search finds only this file's), and these profile values. */
async function creator(tag: string, values: { gender: string; countryCode: string; hair: string; free?: boolean }) {
  const user = await createUser(t.ctx, { role: 'performer' });
  await t.ctx.db.update(users).set({ name: `${tag} ${user.username}`, gender: values.gender, countryCode: values.countryCode }).where(eq(users.id, user.id));
  await t.ctx.db.update(performers).set({ hair: values.hair, freeSubscriptionEnabled: values.free ?? false }).where(eq(performers.userId, user.id));
  return user;
}

describe('the creator search', () => {
  it('filters by gender, country, a body attribute, free subscription and live, and sorts by popularity, newest and live', async () => {
    const tag = 'Filtro';
    const ana = await creator(tag, { gender: 'female', countryCode: 'BR', hair: 'blond', free: true });
    const bruno = await creator(tag, { gender: 'male', countryCode: 'PT', hair: 'black' });
    const carla = await creator(tag, { gender: 'female', countryCode: 'US', hair: 'black' });
    await t.ctx.db.insert(streams).values({ performerId: carla.id, type: 'public', state: 'broadcasting', startedAt: new Date() });
    const fans = await Promise.all([createUser(t.ctx), createUser(t.ctx)]);
    const tokens = await Promise.all(fans.map((fan) => signIn(t.app, fan.email)));
    for (const token of tokens) expect((await call('POST', `/api/follows/${bruno.id}`, token, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/follows/${ana.id}`, tokens[0]!, {})).statusCode).toBe(200);

    const q = `q=${tag}`;
    expect((await search(`${q}&gender=female`)).sort()).toEqual([ana.id, carla.id].sort());
    expect(await search(`${q}&country=PT`)).toEqual([bruno.id]);
    expect(await search(`${q}&hair=blond`)).toEqual([ana.id]);
    expect(await search(`${q}&isFreeSubscription=true`)).toEqual([ana.id]);
    expect(await search(`${q}&live=true`)).toEqual([carla.id]);
    expect((await search(`${q}&live=false`)).sort()).toEqual([ana.id, bruno.id].sort());
    // Empty values are absent, as existing clients send them.
    expect((await search(`${q}&gender=&live=&country=`)).length).toBe(3);

    expect(await search(`${q}&sortBy=popular`)).toEqual([bruno.id, ana.id, carla.id]);
    expect(await search(`${q}&sortBy=newest`)).toEqual([carla.id, bruno.id, ana.id]);
    expect((await search(`${q}&sortBy=live`))[0]).toBe(carla.id);

    for (const bad of ['live=maybe', 'gender=robot', 'hair=plaid', 'sortBy=cheapest']) {
      const res = await call('GET', `/api/performers/user/search?${bad}`, null);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('counts subscribers, followers, posts and likes on the cards and the profile', async () => {
    const made = await creator('Contagem', { gender: 'female', countryCode: 'BR', hair: 'red', free: true });
    const creatorToken = await signIn(t.app, made.email);
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    const post = await call('POST', '/api/performer/feeds', creatorToken, { type: 'text', text: 'Olá!' });
    expect(post.statusCode, post.body).toBe(200);
    expect((await subscribeCall(t.app, fanToken, { performerId: made.id, type: 'free' })).statusCode).toBe(200);
    expect((await call('POST', `/api/follows/${made.id}`, fanToken, {})).statusCode).toBe(200);
    const like = await call('POST', '/api/reactions', fanToken, { objectId: post.json().data._id, objectType: 'feed', action: 'like' });
    expect(like.statusCode, like.body).toBe(200);

    const expected = { subscribers: 1, followers: 1, totalFeeds: 1, likes: 1 };
    const card = (await call('GET', '/api/performers/user/search?q=Contagem', null)).json().data.data[0] as Card;
    expect(card.stats).toMatchObject(expected);
    expect((await call('GET', `/api/performers/${made.id}`, null)).json().data.stats).toMatchObject(expected);
  });
});
