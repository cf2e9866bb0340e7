import { eq } from 'drizzle-orm';
import { PAGE_ORIGIN_HEADER, routes, type RouteSpec } from '@fandeck/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOriginVerified } from '../../test/embed-origins.js';
import { createTestApp, createUser, signIn, type TestApp } from '../../test/helpers.js';
import { performers } from '../db/schema/index.js';
import { ownerOnlyRoutes } from './owner-embed.js';

const SHOP = 'https://shop.example';
let t: TestApp;
let creator: { id: string; token: string };
let ips = 0;
const token = async (email: string) => signIn(t.app, email, undefined, `10.5.0.${(ips += 1)}`);

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.ctx, { role: 'performer' });
  creator = { id: user.id, token: await token(user.email) };
  const added = await t.app.inject({ method: 'POST', url: '/api/embeds/origins', headers: { authorization: creator.token }, payload: { origin: SHOP } });
  expect(added.statusCode, added.body).toBe(200);
  // Listed but not yet proven: the creator's own site is refused like any other.
  expect((await stats(creator.token, SHOP)).statusCode).toBe(403);
  await markOriginVerified(t.ctx, creator.id, SHOP);
});
afterAll(() => t?.close());

const stats = (bearer: string, origin?: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: '/api/performer/earning/stats', headers: { authorization: bearer, ...(origin !== undefined ? { [PAGE_ORIGIN_HEADER]: origin } : {}) } });

describe('owner-only embeds', () => {
  it('lets the creator’s own site and the platform in, and refuses any other page', async () => {
    expect((await stats(creator.token)).statusCode).toBe(200);
    expect((await stats(creator.token, SHOP)).statusCode).toBe(200);
    expect((await stats(creator.token, 'http://fandeck.test')).statusCode).toBe(200);
    for (const origin of ['https://evil.example', `${SHOP}/`, 'https://SHOP.example', `${SHOP}:8443`, '', 'null']) {
      const res = await stats(creator.token, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().code).toBe('embeds.origin_not_owned');
    }
    expect((await stats(creator.token, 'https://evil.example', 'HEAD')).statusCode).toBe(403);
  });

  it('is the signed-in creator’s list that counts, and only while their documents are approved', async () => {
    const other = await createUser(t.ctx, { role: 'performer' });
    expect((await stats(await token(other.email), SHOP)).statusCode).toBe(403);
    // Staff read creators' figures on the platform, not through someone's page.
    const admin = await createUser(t.ctx, { role: 'admin' });
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/performer/earning/stats?performerId=${creator.id}`,
      headers: { authorization: await token(admin.email), [PAGE_ORIGIN_HEADER]: SHOP },
    });
    expect(staff.statusCode).toBe(403);

    await t.ctx.db.update(performers).set({ verifiedDocument: false }).where(eq(performers.userId, creator.id));
    try {
      expect((await stats(creator.token, SHOP)).statusCode).toBe(403);
    } finally {
      await t.ctx.db.update(performers).set({ verifiedDocument: true }).where(eq(performers.userId, creator.id));
    }
    expect((await stats(creator.token, SHOP)).statusCode).toBe(200);
  });

  it('leaves routes that are not owner-only alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/referrals/user/code', headers: { authorization: creator.token, [PAGE_ORIGIN_HEADER]: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });

  it('guards every route the contract marks owner-only, and only those', async () => {
    const owner = Object.values(routes as Record<string, RouteSpec>).filter((spec) => spec.embed === 'owner');
    expect(owner.length).toBeGreaterThanOrEqual(8);
    expect(ownerOnlyRoutes()).toEqual(new Set(owner.map((spec) => `${spec.method} /api${spec.path}`)));
    let guarded = 0;
    for (const spec of owner) {
      const url = `/api${spec.path.replace(/:[A-Za-z]+/g, '000000000000000000000000')}`;
      if (!t.app.hasRoute({ method: spec.method, url: `/api${spec.path}` })) continue;
      const res = await t.app.inject({ method: spec.method, url, headers: { authorization: creator.token, [PAGE_ORIGIN_HEADER]: 'https://evil.example' }, payload: spec.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${spec.method} ${spec.path}`).toBe(403);
      expect(res.json().code).toBe('embeds.origin_not_owned');
      guarded += 1;
    }
    // The earnings and payout routes at least (subscriptions' own list joins when its domain is there).
    expect(guarded).toBeGreaterThanOrEqual(8);
  });
});
