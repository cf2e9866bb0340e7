// api-contract.md section 7, "Observed a week later": list queries as existing clients send them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../test/helpers.js';
import { performerCategories, streams } from './db/schema/index.js';

let t: TestApp;
let fanToken: string;
let creatorToken: string;
let liveCreatorId: string;
beforeAll(async () => {
  t = await createTestApp();
  const fan = await createUser(t.ctx, { role: 'user' });
  fanToken = await signIn(t.app, fan.email!);
  const creator = await createUser(t.ctx, { role: 'performer' });
  creatorToken = await signIn(t.app, creator.email!);
  const live = await createUser(t.ctx, { role: 'performer' });
  liveCreatorId = live.id;
  await t.ctx.db.insert(streams).values({ performerId: live.id, type: 'public', state: 'broadcasting', startedAt: new Date() });
  // The live creator is the least recently updated: only `sortBy=live` puts them first.
  await createUser(t.ctx, { role: 'performer' });
  await t.ctx.db
    .insert(performerCategories)
    .values(Array.from({ length: 3 }, (_, i) => ({ name: `Category ${i} ${Date.now()}`, slug: `category-${i}-${Date.now()}` })));
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });

describe('query strings with empty values', () => {
  it('treats gender=, country=, type=, categoryIds=, isFreeSubscription= as absent on the creator searches', async () => {
    const empty = 'gender=&country=&type=&categoryIds=&isFreeSubscription=';
    for (const url of [`/api/performers/search?${empty}`, `/api/performers/user/search?${empty}`]) {
      const [blank, none] = [await get(url), await get(url.split('?')[0]!)];
      expect(blank.statusCode, url).toBe(200);
      expect(blank.json().data.total, url).toBe(none.json().data.total);
    }
  });

  it('treats an empty repeat of an array key as absent', async () => {
    const res = await get('/api/conversations?type=&q=&keyword=', fanToken);
    expect(res.statusCode).toBe(200);
  });
});

describe('limit above a list’s maximum', () => {
  it('clamps /admin/performer-categories/search?limit=500 instead of refusing it', async () => {
    const res = await get('/api/admin/performer-categories/search?limit=500');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.length).toBe(res.json().data.total);
  });

  it('clamps pageSize and the sample lists too', async () => {
    for (const url of ['/api/performers/search?pageSize=1000', '/api/performers/search/random?limit=900', '/api/notification?limit=500']) {
      expect((await get(url, fanToken)).statusCode, url).toBe(200);
    }
  });

  it('still refuses a limit that is no positive whole number', async () => {
    for (const limit of ['0', '-3', 'abc', '2.5']) {
      const res = await get(`/api/admin/performer-categories/search?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
    }
  });
});

describe('sort keys clients send', () => {
  it('sortBy=live on the creator searches puts the creators streaming now first', async () => {
    for (const url of ['/api/performers/search?sortBy=live', '/api/performers/user/search?sortBy=live', '/api/performers/search?sortBy=live&sort=asc']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data.data[0]._id, url).toBe(liveCreatorId);
      expect(res.json().data.data[0].live, url).toBe(true);
      expect(res.json().data.data[1].live, url).toBe(false);
    }
  });

  it('sortBy=updatedAt is taken by every sortable list', async () => {
    const lists: [string, string][] = [
      ['/api/performers/search', fanToken],
      ['/api/wallet/charges/search', fanToken],
      ['/api/payment/transactions/user/search', fanToken],
      ['/api/subscriptions/user/search', fanToken],
      ['/api/conversations', fanToken],
      ['/api/follows/following', fanToken],
      ['/api/performer/earning/search', creatorToken],
      ['/api/payout-requests/user/search', creatorToken],
      ['/api/admin/performer-categories/search', fanToken],
      ['/api/referral-earnings/search', fanToken],
      ['/api/referrals/user/search', fanToken],
    ];
    for (const [url, token] of lists) {
      const res = await get(`${url}?sortBy=updatedAt&sort=desc`, token);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('still refuses an unknown sort key with a 400 naming sortBy', async () => {
    for (const url of ['/api/performers/search', '/api/wallet/charges/search', '/api/performer/earning/search']) {
      const res = await get(`${url}?sortBy=nonsense`, url.includes('earning') ? creatorToken : fanToken);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ fields: ['querystring.sortBy'] });
    }
  });
});
