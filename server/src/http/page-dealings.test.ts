/**
 * A page acts only on the fan's dealings with the creators who own it (issue 21, defect 3).
 * Calls "from a page" carry `PAGE_ORIGIN_HEADER` as the bridge sends it on page-scoped routes
 * and money actions. From a page listed by creator B, with the fan signed in: the fan's
 * subscription to creator A can be neither cancelled nor resumed, the fan's money history
 * shows nothing of A (nor the top-ups, which belong to no creator), and the fan cannot write
 * in A's stream chat; the same calls about B work. Nor does it list what the fan bookmarked
 * or follows of A (issue 22). The platform's own pages (no header) see and do everything, as before.
 */
import { PAGE_ORIGIN_HEADER } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOriginVerified } from '../../test/embed-origins.js';
import { createTestApp, createUser, signIn, type TestApp } from '../../test/helpers.js';
import { feeds, paymentTransactions, subscriptions } from '../db/schema/index.js';
import { resumeCall, setPrices, subscribeCall } from '../domains/subscriptions/subscriptions-test-kit.js';
import { freshKey, tip } from '../domains/wallet/wallet-test-kit.js';

const SHOP_B = 'https://shop-b.example';
const NOBODYS = 'https://nobody.example';

type Method = 'GET' | 'POST';
interface Person {
  id: string;
  username: string;
  token: string;
}

let t: TestApp;
let fan: Person;
let creatorA: Person;
let creatorB: Person;
let subToA: string;
let subToB: string;

/** A call as the platform's own pages make it (`origin` null) or as the bridge makes it for a page on `origin`. */
const call = (origin: string | null, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: fan.token, ...(origin ? { [PAGE_ORIGIN_HEADER]: origin } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });

const refused = (res: { statusCode: number; body: string; json(): { code?: string } }) => {
  expect({ status: res.statusCode, code: res.json().code }, res.body).toEqual({ status: 403, code: 'embeds.origin_not_owned' });
};
const okData = <T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function person(role: 'user' | 'performer', balanceCents = 0): Promise<Person> {
  const user = await createUser(t.ctx, { role, balanceCents });
  return { id: user.id, username: user.username!, token: await signIn(t.app, user.email) };
}

const cancelledAt = async (id: string) => (await t.ctx.db.select({ at: subscriptions.cancelledAt }).from(subscriptions).where(eq(subscriptions.id, id)))[0]!.at;

beforeAll(async () => {
  t = await createTestApp();
  [fan, creatorA, creatorB] = await Promise.all([person('user', 100_000), person('performer'), person('performer')]);
  for (const creator of [creatorA, creatorB]) await setPrices(t.ctx, creator.id, { monthlyPriceCents: 1000 });
  const listed = await t.app.inject({ method: 'POST', url: '/api/embeds/origins', headers: { authorization: creatorB.token }, payload: { origin: SHOP_B } });
  expect(listed.statusCode, listed.body).toBe(200);
  await markOriginVerified(t.ctx, creatorB.id, SHOP_B);

  const subscribed = async (creator: Person) => {
    const res = await subscribeCall(t.app, fan.token, { performerId: creator.id, type: 'monthly' });
    return okData<{ subscription: { _id: string } }>(res).subscription._id;
  };
  subToA = await subscribed(creatorA);
  subToB = await subscribed(creatorB);
  for (const creator of [creatorA, creatorB]) okData(await tip(t.app, fan.token, creator.id, { price: 20 }));
  await t.ctx.db.insert(paymentTransactions).values({ userId: fan.id, gateway: 'pix-sandbox', amountCents: 2000, creditCents: 2000 });
});
afterAll(() => t?.close());

describe("from a page listed by creator B, the fan's dealings", () => {
  it('subscriptions: the list shows only B, the subscription to A is refused by id and by username', async () => {
    const ids = async (origin: string | null) => okData<{ data: { _id: string }[]; total: number }>(await call(origin, 'GET', '/subscriptions/user/search'));
    expect(await ids(null)).toMatchObject({ total: 2 });
    expect(await ids(t.ctx.config.publicOrigin)).toMatchObject({ total: 2 });
    const fromB = await ids(SHOP_B);
    expect({ ids: fromB.data.map((item) => item._id), total: fromB.total }).toEqual({ ids: [subToB], total: 1 });
    expect(await ids(NOBODYS)).toEqual({ data: [], total: 0 });

    for (const key of [creatorA.id, creatorA.username]) refused(await call(SHOP_B, 'GET', `/subscriptions/user-subscriber?performerId=${key}`));
    refused(await call(SHOP_B, 'GET', '/subscriptions/user-subscriber?performerId=nobody-by-that-name'));
    expect(okData(await call(SHOP_B, 'GET', `/subscriptions/user-subscriber?performerId=${creatorB.username}`))).toMatchObject({ _id: subToB });
    expect(okData(await call(null, 'GET', `/subscriptions/user-subscriber?performerId=${creatorA.id}`))).toMatchObject({ _id: subToA });
  });

  it('money history: wallet charges only to B, no top-ups at all', async () => {
    const charges = async (origin: string | null) =>
      okData<{ data: { performerId: string }[]; total: number }>(await call(origin, 'GET', '/wallet/charges/search')).data.map((item) => item.performerId).sort();
    expect(await charges(null)).toEqual([creatorA.id, creatorB.id].sort());
    expect(await charges(SHOP_B)).toEqual([creatorB.id]);
    expect(await charges(NOBODYS)).toEqual([]);

    const transactions = async (origin: string | null) => okData<{ total: number }>(await call(origin, 'GET', '/payment/transactions/user/search')).total;
    expect(await transactions(null)).toBe(1);
    expect(await transactions(SHOP_B)).toBe(0);
  });

  it("cancel and resume: refused for A's subscription, which stays as it was; B's work, resume through its quote", async () => {
    refused(await call(SHOP_B, 'POST', `/payment/wallet/cancel-subscription/${subToA}`));
    refused(await call(NOBODYS, 'POST', `/payment/wallet/cancel-subscription/${subToA}`));
    expect(await cancelledAt(subToA)).toBeNull();

    // Cancelled on the platform itself; a page of B may not take that back either.
    okData(await call(null, 'POST', `/payment/wallet/cancel-subscription/${subToA}`));
    const fromB = { [PAGE_ORIGIN_HEADER]: SHOP_B };
    refused(await resumeCall(t.app, fan.token, subToA, { quote: true, extra: fromB }));
    refused(await resumeCall(t.app, fan.token, subToA, { extra: fromB }));
    expect(await cancelledAt(subToA)).not.toBeNull();
    // Someone else's subscription stays a 404, whatever the page.
    const stranger = await person('user');
    const theirs = await resumeCall(t.app, stranger.token, subToA, { extra: fromB });
    expect(theirs.json()).toMatchObject({ statusCode: 404, code: 'subscriptions.not_found' });

    expect(okData(await call(SHOP_B, 'POST', `/payment/wallet/cancel-subscription/${subToB}`))).toMatchObject({ _id: subToB, willRenew: false });
    const quote = okData<{ price: number; recipient: { _id: string }; quote: string }>(await resumeCall(t.app, fan.token, subToB, { quote: true, extra: fromB }));
    expect(quote).toMatchObject({ action: 'resume', kind: 'subscribe', price: 10, recipient: { _id: creatorB.id } });
    const resumed = await resumeCall(t.app, fan.token, subToB, { quote: quote.quote, key: freshKey('resume'), extra: fromB });
    expect(okData(resumed)).toMatchObject({ _id: subToB, cancelledAt: null, willRenew: true });

    // The platform itself resumes A's.
    expect(okData(await resumeCall(t.app, fan.token, subToA))).toMatchObject({ _id: subToA, willRenew: true });
  });

  it("stream chat: A's is readable but refused for writing; B's takes the fan's message", async () => {
    const streamOf = async (creator: Person) => okData<{ _id: string }>(await call(null, 'GET', `/conversations/stream/performer/${creator.id}`))._id;
    const [streamA, streamB] = [await streamOf(creatorA), await streamOf(creatorB)];
    let sent = 0;
    const write = (origin: string | null, url: string) => call(origin, 'POST', url, { clientId: `page-${(sent += 1)}`, text: 'hello from a page' });

    for (const url of [`/messages/stream/${streamA}`, `/messages/stream/public/conversations/${streamA}`]) {
      refused(await write(SHOP_B, url));
      refused(await write(NOBODYS, url));
    }
    expect(okData<{ total: number }>(await call(null, 'GET', `/messages/stream/${streamA}`)).total).toBe(0);

    for (const url of [`/messages/stream/${streamB}`, `/messages/stream/public/conversations/${streamB}`]) {
      expect(okData(await write(SHOP_B, url))).toMatchObject({ conversationId: streamB, text: 'hello from a page' });
    }
    // On the platform itself, A's chat takes it.
    expect(okData(await write(null, `/messages/stream/${streamA}`))).toMatchObject({ conversationId: streamA });
  });

  it("bookmarks and follows: the page lists only the fan's with B", async () => {
    const act = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api${url}`, headers: { authorization: fan.token }, ...(payload ? { payload } : {}) });
    const posts: Record<string, string> = {};
    for (const creator of [creatorA, creatorB]) {
      const [post] = await t.ctx.db.insert(feeds).values({ performerId: creator.id, text: `bookmarked post of ${creator.username}` }).returning();
      posts[creator.id] = post!.id;
      okData(await act('POST', '/reactions', { objectType: 'feed', objectId: post!.id, action: 'bookmark' }));
      okData(await act('POST', '/reactions', { objectType: 'performer', objectId: creator.id, action: 'bookmark' }));
      okData(await act('POST', `/follows/${creator.id}`));
    }
    const ids = async (origin: string | null, url: string) => {
      const data = okData<{ data: { _id: string }[]; total: number }>(await call(origin, 'GET', url));
      expect(data.total, url).toBe(data.data.length);
      return data.data.map((item) => item._id).sort();
    };
    const both = [creatorA.id, creatorB.id].sort();
    for (const url of ['/reactions/performers/bookmark', '/follows/following']) {
      expect(await ids(null, url), url).toEqual(both);
      expect(await ids(t.ctx.config.publicOrigin, url), url).toEqual(both);
      expect(await ids(SHOP_B, url), url).toEqual([creatorB.id]);
      expect(await ids(NOBODYS, url), url).toEqual([]);
    }
    expect(await ids(null, '/reactions/feeds/bookmark')).toEqual([posts[creatorA.id], posts[creatorB.id]].sort());
    expect(await ids(SHOP_B, '/reactions/feeds/bookmark')).toEqual([posts[creatorB.id]]);
    expect(await ids(NOBODYS, '/reactions/feeds/bookmark')).toEqual([]);
  });
});
