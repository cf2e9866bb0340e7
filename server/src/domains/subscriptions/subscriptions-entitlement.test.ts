import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, multipartForm, signIn, type TestApp } from '../../../test/helpers.js';
import { entitledIds } from '../../content/entitlement.js';
import { updateSettings } from '../settings/settings.service.js';
import { DAY_MS } from './plans.js';
import { setPrices, settableClock, subscribeCall } from './subscriptions-test-kit.js';

const clock = settableClock(new Date('2027-03-01T08:00:00.000Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t?.close());

type FeedFile = { url: string | null; sizes: Record<string, { url: string }> | null; placeholder: string | null };
type Feed = { _id: string; locked: boolean; subscribersOnly: boolean; files: FeedFile[] };

const get = (url: string, token: string | null) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
const fetchLink = (url: string, token: string | null) => {
  const link = new URL(url);
  return get(link.pathname + link.search, token);
};

async function uploadPhoto(token: string): Promise<string> {
  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#753' } }).jpeg().toBuffer();
  const form = multipartForm([{ name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: image }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/performer/feeds/photo/upload', payload: form.payload, headers: { ...form.headers, authorization: token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}

/** The post as `token` sees it in its single view and in the creator's list (both must agree). */
async function seen(post: string, username: string, token: string | null): Promise<Feed> {
  const single = (await get(`/api/user/feeds/${post}`, token)).json().data as Feed;
  const listed = ((await get(`/api/user/feeds/search/${username}`, token)).json().data.data as Feed[]).find((feed) => feed._id === post)!;
  expect(listed.locked).toBe(single.locked);
  expect(listed.files.map((f) => f.url === null)).toEqual(single.files.map((f) => f.url === null));
  return single;
}

describe('subscribers-only content', () => {
  it('a subscribers-only post is locked (no file link) for everyone but its creator, staff and active subscribers, and locked again once the subscription ends', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    await setPrices(t.ctx, creator.id, { monthlyPriceCents: 1000 });
    const creatorToken = await signIn(t.app, creator.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: { authorization: creatorToken },
      payload: { type: 'photo', text: 'Só para assinantes', subscribersOnly: true, fileIds: [await uploadPhoto(creatorToken)] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json().data as Feed;
    expect(post).toMatchObject({ subscribersOnly: true, locked: false });
    const creatorsLink = post.files[0]!.url!;
    const free = (await t.app.inject({ method: 'POST', url: '/api/performer/feeds', headers: { authorization: creatorToken }, payload: { type: 'text', text: 'Para todos' } })).json().data as Feed;
    expect(free.subscribersOnly).toBe(false);

    const fan = await createUser(t.ctx, { balanceCents: 5000 });
    const fanToken = await signIn(t.app, fan.email);
    for (const token of [null, fanToken]) {
      const view = await seen(post._id, creator.username!, token);
      expect(view).toMatchObject({ locked: true, subscribersOnly: true });
      expect(view.files[0]).toMatchObject({ url: null, sizes: null, placeholder: expect.any(String) });
      expect((await seen(free._id, creator.username!, token)).locked).toBe(false);
    }
    // A link handed to the creator is of no use to the fan.
    expect((await fetchLink(creatorsLink, fanToken)).statusCode).toBe(403);
    const admin = await createUser(t.ctx, { role: 'admin' });
    expect((await seen(post._id, creator.username!, await signIn(t.app, admin.email))).locked).toBe(false);

    const subscribed = await subscribeCall(t.app, fanToken, { performerId: creator.id });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const open = await seen(post._id, creator.username!, fanToken);
    expect(open.locked).toBe(false);
    const link = open.files[0]!.url!;
    expect((await fetchLink(link, fanToken)).statusCode).toBe(200);
    // Another fan still sees it locked.
    const other = await createUser(t.ctx);
    expect((await seen(post._id, creator.username!, await signIn(t.app, other.email))).locked).toBe(true);

    // Cancelled, it stays open to the end of the paid month; then the job ends it and it locks.
    const subscription = subscribed.json().data.subscription;
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/wallet/cancel-subscription/${subscription._id}`, headers: { authorization: fanToken } })).statusCode).toBe(200);
    clock.set(new Date(new Date(subscription.expiredAt).getTime() - 1000));
    const stillOpen = await signIn(t.app, fan.email);
    expect((await seen(post._id, creator.username!, stillOpen)).locked).toBe(false);
    clock.set(new Date(subscription.expiredAt));
    // Expired by the clock, it opens nothing even before the job has run.
    expect((await seen(post._id, creator.username!, stillOpen)).locked).toBe(true);
    await t.ctx.jobs.drain();
    const after = await seen(post._id, creator.username!, stillOpen);
    expect(after.locked).toBe(true);
    expect(after.files[0]!.url).toBeNull();
  });

  it('galleries and videos take and answer subscribersOnly; a subscription opens a subscribers-only gallery', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    await setPrices(t.ctx, creator.id, { monthlyPriceCents: 1000 });
    const creatorToken = await signIn(t.app, creator.email);
    const gallery = await t.app.inject({ method: 'POST', url: '/api/performer/performer-assets/galleries', headers: { authorization: creatorToken }, payload: { title: 'Membros', subscribersOnly: true } });
    expect(gallery.statusCode, gallery.body).toBe(200);
    expect(gallery.json().data).toMatchObject({ subscribersOnly: true, locked: false });
    const id = gallery.json().data._id as string;
    const edited = await t.app.inject({ method: 'PUT', url: `/api/performer/performer-assets/galleries/${id}`, headers: { authorization: creatorToken }, payload: { title: 'Membros!' } });
    expect(edited.json().data.subscribersOnly).toBe(true);

    const fan = await createUser(t.ctx, { balanceCents: 5000 });
    const fanToken = await signIn(t.app, fan.email);
    expect((await get(`/api/performer-assets/galleries/${id}`, fanToken)).json().data).toMatchObject({ subscribersOnly: true, locked: true });
    expect((await subscribeCall(t.app, fanToken, { performerId: creator.username })).statusCode).toBe(200);
    expect((await get(`/api/performer-assets/galleries/${id}`, fanToken)).json().data.locked).toBe(false);

    const video = await t.app.inject({ method: 'POST', url: '/api/performer/performer-assets/videos', headers: { authorization: creatorToken }, payload: { title: 'Aula', status: 'draft', subscribersOnly: true } });
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json().data).toMatchObject({ subscribersOnly: true });
    const unset = await t.app.inject({ method: 'PUT', url: `/api/performer/performer-assets/videos/update/${video.json().data._id}`, headers: { authorization: creatorToken }, payload: { subscribersOnly: false } });
    expect(unset.json().data.subscribersOnly).toBe(false);
  });

  it('entitledIds: one rule for every kind; an item for sale is sold on its own, a subscription does not open it', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    await setPrices(t.ctx, creator.id, { monthlyPriceCents: 1000 });
    const fan = await createUser(t.ctx, { balanceCents: 5000 });
    expect((await subscribeCall(t.app, await signIn(t.app, fan.email), { performerId: creator.id })).statusCode).toBe(200);
    const items = [
      { id: 'members', performerId: creator.id, isSale: false, priceCents: 0, subscribersOnly: true },
      { id: 'paid', performerId: creator.id, isSale: true, priceCents: 500, subscribersOnly: true },
      { id: 'free', performerId: creator.id, isSale: false, priceCents: 0, subscribersOnly: false },
      { id: 'elsewhere', performerId: fan.id, isSale: false, priceCents: 0, subscribersOnly: true },
    ];
    const viewer = { id: fan.id, role: 'user' as const };
    expect([...(await entitledIds(t.ctx.db, viewer, 'video', items, clock.now()))].sort()).toEqual(['elsewhere', 'free', 'members']);
    expect([...(await entitledIds(t.ctx.db, null, 'video', items, clock.now()))]).toEqual(['free']);
    // By the clock a month and a day later, the subscription opens nothing.
    expect([...(await entitledIds(t.ctx.db, viewer, 'video', items, new Date(clock.now().getTime() + 32 * DAY_MS)))].sort()).toEqual(['elsewhere', 'free']);
  });

  it('the creator’s profile tells the viewer whether they subscribe and used the free offer, and lists the plans within the limits', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    await setPrices(t.ctx, creator.id, { monthlyPriceCents: 1000, quarterlyPriceCents: 2700, halfYearlyPriceCents: 50_000, yearlyPriceCents: 9600, freeSubscriptionEnabled: true, freeSubscriptionDays: 3 });
    const fan = await createUser(t.ctx);
    const token = await signIn(t.app, fan.email);
    const profile = async (as: string | null) => (await get(`/api/performers/${creator.username}`, as)).json().data;
    const before = await profile(token);
    expect(before).toMatchObject({ isSubscribed: false, usedFreeSubscription: false, monthlyPrice: 10, halfYearlyPrice: 500 });
    // 500.00 is above the 300.00 limit: not offered.
    expect(before.subscriptionPlans).toEqual([
      { type: 'monthly', price: 10, months: 1 },
      { type: 'quarterly', price: 27, months: 3 },
      { type: 'yearly', price: 96, months: 12 },
    ]);
    await updateSettings(t.ctx.db, { maxSubscriptionPrice: 500 });
    try {
      expect((await profile(null)).subscriptionPlans.map((plan: { type: string }) => plan.type)).toEqual(['monthly', 'quarterly', 'half_yearly', 'yearly']);
    } finally {
      await updateSettings(t.ctx.db, { maxSubscriptionPrice: 300 });
    }
    expect((await subscribeCall(t.app, token, { performerId: creator.id, type: 'free' })).statusCode).toBe(200);
    expect(await profile(token)).toMatchObject({ isSubscribed: true, usedFreeSubscription: true, stats: { subscribers: 1 } });
    expect(await profile(null)).toMatchObject({ isSubscribed: false, usedFreeSubscription: false });
    // In a list too, one query for the page.
    const listed = (await get(`/api/performers/search?q=${creator.username}`, token)).json().data.data;
    expect(listed[0]).toMatchObject({ _id: creator.id, isSubscribed: true, usedFreeSubscription: true });
    clock.advance(3 * DAY_MS);
    expect(await profile(await signIn(t.app, fan.email))).toMatchObject({ isSubscribed: false, usedFreeSubscription: true });
  });
});
