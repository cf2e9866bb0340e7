import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/helpers.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from '../../seed/demo.js';
import { subscribeCall } from './subscriptions-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.ctx, { media: false })).toBe(true);
});
afterAll(() => t?.close());

type Feed = { _id: string; locked: boolean; subscribersOnly: boolean };
const postsOf = async (username: string, token: string | null) =>
  (await t.app.inject({ method: 'GET', url: `/api/user/feeds/search/${username}`, headers: token ? { authorization: token } : {} })).json().data.data as Feed[];

describe('the demo', () => {
  it('shows every demo creator with a few locked subscribers-only posts, which subscribing opens', async () => {
    const creators = DEMO_LOGINS.filter((login) => login.role === 'performer');
    for (const creator of creators) {
      const posts = await postsOf(creator.username, null);
      const members = posts.filter((post) => post.subscribersOnly);
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(members.every((post) => post.locked)).toBe(true);
      expect(posts.filter((post) => !post.subscribersOnly).every((post) => !post.locked)).toBe(true);
    }
    const fan = DEMO_LOGINS.find((login) => login.username === 'fan.one')!;
    const token = await signIn(t.app, fan.email, DEMO_PASSWORD);
    const creator = creators[0]!;
    expect((await subscribeCall(t.app, token, { performerId: creator.username })).statusCode).toBe(200);
    expect((await postsOf(creator.username, token)).every((post) => !post.locked)).toBe(true);
  });
});
