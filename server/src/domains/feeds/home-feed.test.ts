// The fan's home feed (`GET /user/feeds?following=true`): the creators they follow and the
// creators they subscribe to, newest first; nobody else's posts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { setPrices, subscribeCall } from '../subscriptions/subscriptions-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: token } : {} });

async function post(token: string, text: string, subscribersOnly = false): Promise<void> {
  const res = await call('POST', '/api/performer/feeds', token, { type: 'text', text, subscribersOnly });
  expect(res.statusCode, res.body).toBe(200);
}

const home = async (token: string | null) => (await call('GET', '/api/user/feeds?following=true&limit=50', token)).json().data as { data: { text: string; locked: boolean }[]; total: number };

describe('the home feed', () => {
  it('shows the posts of followed and subscribed creators, newest first, and none of the others', async () => {
    const [followed, subscribed, stranger] = await Promise.all([0, 1, 2].map(() => createUser(t.ctx, { role: 'performer' })));
    const fan = await createUser(t.ctx, { balanceCents: 500_00 });
    const [followedToken, subscribedToken, strangerToken, fanToken] = await Promise.all([followed!, subscribed!, stranger!, fan].map((user) => signIn(t.app, user.email)));

    expect((await call('POST', `/api/follows/${followed!.id}`, fanToken!, {})).statusCode).toBe(200);
    // A year paid, never followed: that creator's posts belong on the home feed too.
    await setPrices(t.ctx, subscribed!.id, { yearlyPriceCents: 90_00 });
    const subscription = await subscribeCall(t.app, fanToken!, { performerId: subscribed!.id, type: 'yearly' });
    expect(subscription.statusCode, subscription.body).toBe(200);

    await post(strangerToken!, 'stranger: first');
    await post(followedToken!, 'followed: first');
    await post(subscribedToken!, 'subscribed: for members', true);
    await post(strangerToken!, 'stranger: second');
    await post(followedToken!, 'followed: second');

    const feed = await home(fanToken!);
    expect(feed.data.map((item) => item.text)).toEqual(['followed: second', 'subscribed: for members', 'followed: first']);
    expect(feed.total).toBe(3);
    // The subscriber sees the members' post open.
    expect(feed.data.find((item) => item.text === 'subscribed: for members')!.locked).toBe(false);

    // Another fan, who follows and subscribes to nobody, has an empty home feed; so has a visitor.
    const other = await createUser(t.ctx);
    expect((await home(await signIn(t.app, other.email))).total).toBe(0);
    expect((await home(null)).total).toBe(0);
  });
});
