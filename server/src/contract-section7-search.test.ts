// api-contract.md section 7: creator searches as existing clients send them, filters with values
// (`categoryIds`, `isFreeSubscription`) applied with the others, and `isBookMarked` for the viewer.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../test/helpers.js';
import { categoryPerformers, performerCategories, performers, streams, users } from './db/schema/index.js';
import { updateSettings } from './domains/settings/settings.service.js';

let t: TestApp;
/** Creators: A (category 1, free, female, BR, 167-169 cm), B (category 2, paid, male, PT), C (both, free, female, PT, live), D (none, paid, female, BR). */
const c: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };
let cat1: string;
let cat2: string;
let fan1: string;
let fan2: string;

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
const nameOf = new Map<string, string>();
/** The creators a list answered, by letter (in the list's order). */
const letters = async (url: string, token?: string): Promise<string[]> => {
  const res = await get(url, token);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return (res.json().data.data as { _id: string }[]).map((item) => nameOf.get(item._id) ?? item._id);
};
const sorted = async (url: string, token?: string) => (await letters(url, token)).sort();

beforeAll(async () => {
  t = await createTestApp();
  const [one, two] = await t.ctx.db
    .insert(performerCategories)
    .values([
      { name: 'Fotografia', slug: 'fotografia' },
      { name: 'Culinária', slug: 'culinaria' },
    ])
    .returning();
  [cat1, cat2] = [one!.id, two!.id];
  const profiles = {
    A: { gender: 'female', countryCode: 'BR', free: true, height: '167_169', categories: [cat1] },
    B: { gender: 'male', countryCode: 'PT', free: false, height: null, categories: [cat2] },
    C: { gender: 'female', countryCode: 'PT', free: true, height: null, categories: [cat1, cat2] },
    D: { gender: 'female', countryCode: 'BR', free: false, height: null, categories: [] },
  } as const;
  for (const [letter, profile] of Object.entries(profiles) as [keyof typeof c, (typeof profiles)[keyof typeof profiles]][]) {
    const creator = await createUser(t.ctx, { role: 'performer' });
    c[letter] = creator.id;
    nameOf.set(creator.id, letter);
    await t.ctx.db.update(users).set({ gender: profile.gender, countryCode: profile.countryCode }).where(eq(users.id, creator.id));
    await t.ctx.db
      .update(performers)
      .set({ freeSubscriptionEnabled: profile.free, height: profile.height, monthlyPriceCents: profile.free ? 990 : 1990 })
      .where(eq(performers.userId, creator.id));
    if (profile.categories.length) await t.ctx.db.insert(categoryPerformers).values(profile.categories.map((categoryId) => ({ performerId: creator.id, categoryId })));
  }
  await t.ctx.db.insert(streams).values({ performerId: c.C, type: 'public', state: 'broadcasting', startedAt: new Date() });
  const [first, second] = [await createUser(t.ctx), await createUser(t.ctx)];
  fan1 = await signIn(t.app, first.email!);
  fan2 = await signIn(t.app, second.email!);
});
afterAll(() => t?.close());

const CLIENT = (filters: string) => `/api/performers/search?q=&gender=&country=&${filters}&sortBy=live&limit=12&offset=0`;

describe('categoryIds and isFreeSubscription with values filter the creator searches', () => {
  it('as the existing client sends them: one category, free only, live first', async () => {
    expect(await letters(CLIENT(`categoryIds=${cat1}&isFreeSubscription=true`))).toEqual(['C', 'A']);
    expect(await sorted(CLIENT(`categoryIds=${cat1}&isFreeSubscription=`))).toEqual(['A', 'C']);
    expect(await sorted(CLIENT(`categoryIds=&isFreeSubscription=true`))).toEqual(['A', 'C']);
    expect(await sorted(CLIENT(`categoryIds=&isFreeSubscription=false`))).toEqual(['B', 'D']);
    expect(await sorted(CLIENT(`categoryIds=${cat2}&isFreeSubscription=false`))).toEqual(['B']);
    expect(await sorted(CLIENT(`categoryIds=&isFreeSubscription=`))).toEqual(['A', 'B', 'C', 'D']);
  });

  it('takes several categories comma-separated, repeated, or both: creators in any of them', async () => {
    for (const ids of [`categoryIds=${cat1},${cat2}`, `categoryIds=${cat1}&categoryIds=${cat2}`, `categoryIds=${cat1},&categoryIds=&categoryIds=${cat2}`]) {
      expect(await sorted(CLIENT(ids)), ids).toEqual(['A', 'B', 'C']);
    }
    expect(await sorted(CLIENT(`categoryIds=${cat2}`))).toEqual(['B', 'C']);
  });

  it('works together with gender, country, body attributes, q and the sort keys', async () => {
    expect(await sorted(`/api/performers/search?gender=female&categoryIds=${cat1}`)).toEqual(['A', 'C']);
    expect(await sorted(`/api/performers/search?country=PT&categoryIds=${cat1}`)).toEqual(['C']);
    expect(await sorted(`/api/performers/search?countryCode=br&isFreeSubscription=false`)).toEqual(['D']);
    expect(await sorted(`/api/performers/search?height=167-169&isFreeSubscription=true`)).toEqual(['A']);
    expect(await sorted(`/api/performers/search?height=167_169&categoryIds=${cat2}`)).toEqual([]);
    const nameOfB = (await get(`/api/performers/${c.B}`)).json().data.username as string;
    expect(await sorted(`/api/performers/search?q=${nameOfB}&categoryIds=${cat2}&isFreeSubscription=false`)).toEqual(['B']);
    expect(await letters(`/api/performers/search?categoryIds=${cat1},${cat2}&sortBy=updatedAt&sort=asc`)).toHaveLength(3);
    const total = (await get(CLIENT(`categoryIds=${cat1}&isFreeSubscription=true`).replace('limit=12', 'limit=1'))).json().data;
    expect({ shown: total.data.length, total: total.total }).toEqual({ shown: 1, total: 2 });
  });

  it('filters the fans’ search, the top list and the random list the same way', async () => {
    const lists = ['/api/performers/user/search?sortBy=live&', '/api/performers/top?limit=50&', '/api/performers/search/random?limit=50&'];
    for (const list of lists) {
      expect(await sorted(`${list}categoryIds=${cat1}&isFreeSubscription=true`), list).toEqual(['A', 'C']);
      expect(await sorted(`${list}categoryIds=${cat2}&categoryIds=${cat1}&gender=female`), list).toEqual(['A', 'C']);
      expect(await sorted(`${list}isFreeSubscription=false&country=&gender=`), list).toEqual(['B', 'D']);
    }
    // The fans' search's single `categoryId` (every list takes it), adding to `categoryIds`.
    for (const list of ['/api/performers/user/search', '/api/performers/search']) {
      expect(await sorted(`${list}?categoryId=${cat2}&isFreeSubscription=false`)).toEqual(['B']);
      expect(await sorted(`${list}?categoryId=${cat2}&categoryIds=${cat1}&gender=male`)).toEqual(['B']);
    }
  });

  it('isFreeSubscription=true finds nobody while the platform turns free subscriptions off', async () => {
    await updateSettings(t.ctx.db, { freeSubscriptionEnabled: false });
    try {
      expect(await sorted(CLIENT('isFreeSubscription=true'))).toEqual([]);
      expect(await sorted(CLIENT('isFreeSubscription=false'))).toEqual(['A', 'B', 'C', 'D']);
    } finally {
      await updateSettings(t.ctx.db, { freeSubscriptionEnabled: true });
    }
    expect(await sorted(CLIENT('isFreeSubscription=true'))).toEqual(['A', 'C']);
  });
});

describe('invalid filter values', () => {
  const lists = ['/api/performers/search', '/api/performers/user/search', '/api/performers/top', '/api/performers/search/random'];
  const cases: [string, string, string][] = [
    ['isFreeSubscription=yes', 'querystring.isFreeSubscription', 'request.invalid'],
    ['isFreeSubscription=1', 'querystring.isFreeSubscription', 'request.invalid'],
    ['isFreeSubscription=true&isFreeSubscription=false', 'querystring.isFreeSubscription', 'request.invalid'],
    ['categoryIds=photography', 'querystring.categoryIds', 'request.invalid'],
    ['categoryIds=aaaaaaaaaaaaaaaaaaaaaaaa', 'querystring.categoryIds', 'categories.not_found'],
    ['height=tall', 'querystring.height', 'request.invalid'],
    ['gender=robot', 'querystring.gender', 'request.invalid'],
  ];

  it('are a 400 naming the parameter, never a 500, on every creator list', async () => {
    for (const list of lists) {
      for (const [query, field, code] of cases) {
        const res = await get(`${list}?${query}`);
        expect({ status: res.statusCode, code: res.json().code, fields: res.json().fields }, `${list}?${query}`).toEqual({ status: 400, code, fields: [field] });
      }
      // Hostile spellings: a 4xx, never a 5xx.
      const hostile = [
        `categoryIds=${'a,'.repeat(500)}`,
        `categoryIds=${Array.from({ length: 51 }, () => cat1).join(',')}`,
        'categoryIds[]=x&isFreeSubscription[]=true',
        'categoryIds=__proto__&isFreeSubscription=constructor',
        'height=__proto__&bodyType=%00&hair=blond%27--',
        `isFreeSubscription=${'t'.repeat(5000)}`,
      ];
      for (const query of hostile) {
        const res = await get(`${list}?${query}`);
        expect(res.statusCode, `${list}?${query.slice(0, 60)}`).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, `${list}?${query.slice(0, 60)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
      const single = await get(`${list}?categoryId=${'c'.repeat(24)}&categoryIds=${cat1}`);
      expect({ status: single.statusCode, code: single.json().code, fields: single.json().fields }).toEqual({
        status: 400,
        code: 'categories.not_found',
        fields: ['querystring.categoryId'],
      });
      // A known id beside an unknown one is still refused.
      const mixed = await get(`${list}?categoryIds=${cat1},${'b'.repeat(24)}`);
      expect({ status: mixed.statusCode, code: mixed.json().code }).toEqual({ status: 400, code: 'categories.not_found' });
    }
  });
});

describe('isBookMarked', () => {
  const bookmark = (token: string, creatorId: string, method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({ method, url: '/api/reactions', headers: { authorization: token }, payload: { objectType: 'performer', objectId: creatorId, action: 'bookmark' } });
  const marks = async (url: string, token?: string) => {
    const res = await get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.data as { _id: string; isBookMarked: boolean }[];
    return Object.fromEntries(items.map((item) => [nameOf.get(item._id), item.isBookMarked]));
  };

  beforeAll(async () => {
    for (const [token, creator] of [
      [fan1, c.A],
      [fan1, c.C],
      [fan2, c.B],
    ] as const) {
      expect((await bookmark(token, creator)).statusCode).toBe(200);
    }
  });

  it('on a creator profile: true for the fan who bookmarked them only, false for another fan and when signed out', async () => {
    const profile = async (id: string, token?: string) => (await get(`/api/performers/${id}`, token)).json().data.isBookMarked;
    expect([await profile(c.A, fan1), await profile(c.A, fan2), await profile(c.A)]).toEqual([true, false, false]);
    expect([await profile(c.B, fan1), await profile(c.B, fan2), await profile(c.B)]).toEqual([false, true, false]);
    // By username too, as the /{profileId} route asks.
    const username = (await get(`/api/performers/${c.C}`)).json().data.username as string;
    expect(await profile(username, fan1)).toBe(true);
  });

  it('on every item of the creator lists, for the viewer', async () => {
    const page = CLIENT('categoryIds=&isFreeSubscription=');
    expect(await marks(page, fan1)).toEqual({ A: true, B: false, C: true, D: false });
    expect(await marks(page, fan2)).toEqual({ A: false, B: true, C: false, D: false });
    expect(await marks(page)).toEqual({ A: false, B: false, C: false, D: false });
    for (const list of ['/api/performers/user/search', '/api/performers/top?limit=50', '/api/performers/search/random?limit=50']) {
      expect(await marks(list, fan1), list).toEqual({ A: true, B: false, C: true, D: false });
    }
    // The bookmarks list itself: every creator in it is bookmarked.
    expect(await marks('/api/reactions/performers/bookmark', fan1)).toEqual({ A: true, C: true });
  });

  it('is read once per page, not once per item', async () => {
    const selects = async (limit: number) => {
      const spy = vi.spyOn(t.ctx.db, 'select');
      try {
        const res = await get(CLIENT(`categoryIds=&isFreeSubscription=`).replace('limit=12', `limit=${limit}`), fan1);
        expect(res.json().data.data).toHaveLength(limit);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const one = await selects(1);
    expect(one).toBeGreaterThan(0);
    expect(await selects(4)).toBe(one);
  });

  it('turns false once the bookmark is taken back', async () => {
    expect((await bookmark(fan1, c.C, 'DELETE')).statusCode).toBe(200);
    expect((await get(`/api/performers/${c.C}`, fan1)).json().data.isBookMarked).toBe(false);
    expect(await marks(CLIENT(`categoryIds=${cat1}`), fan1)).toEqual({ A: true, C: false });
  });
});
