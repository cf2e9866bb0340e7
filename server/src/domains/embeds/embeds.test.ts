import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOriginVerified } from '../../../test/embed-origins.js';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { embedOrigins } from '../../db/schema/index.js';
import { MAX_EMBED_ORIGINS } from './embed-origin.js';
import { creatorsOwningOrigin } from './embeds.service.js';

let t: TestApp;
let creator: Awaited<ReturnType<typeof createUser>>;
let creatorToken: string;
let otherToken: string;
let fanToken: string;

beforeAll(async () => {
  t = await createTestApp({}, {}, { serveSite: true });
  creator = await createUser(t.ctx, { role: 'performer' });
  const other = await createUser(t.ctx, { role: 'performer' });
  const fan = await createUser(t.ctx);
  [creatorToken, otherToken, fanToken] = await Promise.all([
    signIn(t.app, creator.email),
    signIn(t.app, other.email),
    signIn(t.app, fan.email),
  ]);
});
afterAll(() => t.close());

const add = (token: string, origin: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/embeds/origins', headers: { authorization: token }, payload: { origin } });
const listOf = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/embeds/origins', headers: { authorization: token } });
  expect(res.statusCode).toBe(200);
  return res.json().data as { data: { _id: string; origin: string }[]; total: number };
};
const check = async (creatorKey: string, origin: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/embeds/check', query: { creator: creatorKey, origin } });
  expect(res.statusCode).toBe(200);
  return res.json().data.allowed as boolean;
};
const bridgePolicy = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/embed/bridge.html${query}` });
  expect([200, 503]).toContain(res.statusCode);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-store');
  return String(res.headers['content-security-policy']);
};

describe('who may manage embed origins', () => {
  it('needs a signed-in creator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/embeds/origins' })).statusCode).toBe(401);
    expect((await add('', 'https://a.example')).statusCode).toBe(401);
    const fanList = await t.app.inject({ method: 'GET', url: '/api/embeds/origins', headers: { authorization: fanToken } });
    expect(fanList.statusCode).toBe(403);
    expect(fanList.json().code).toBe('auth.role_forbidden');
    expect((await add(fanToken, 'https://a.example')).statusCode).toBe(403);
    const fanDelete = await t.app.inject({ method: 'DELETE', url: '/api/embeds/origins/abc', headers: { authorization: fanToken } });
    expect(fanDelete.statusCode).toBe(403);
  });
});

describe('a creator’s list', () => {
  it('adds normalised origins, lists them and refuses duplicates with 409', async () => {
    const first = await add(creatorToken, 'HTTPS://Shop.Example.com:443/');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 0, data: { origin: 'https://shop.example.com' } });
    expect(first.json().data._id).toMatch(/^[0-9a-f]{24}$/);
    expect((await add(creatorToken, 'http://localhost:5173')).statusCode).toBe(200);

    const again = await add(creatorToken, 'https://shop.example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, error: 'Conflict' });

    const mine = await listOf(creatorToken);
    expect(mine.total).toBe(2);
    expect(mine.data.map((o) => o.origin)).toEqual(['https://shop.example.com', 'http://localhost:5173']);
    expect((await listOf(otherToken)).total).toBe(0);
  });

  it('refuses what is not a bare http(s) origin with 400 naming the field', async () => {
    for (const origin of ['shop.example.com', 'ftp://shop.example.com', 'https://shop.example.com/embed', 'https://*.example.com', 'https://a.example?x', '']) {
      const res = await add(creatorToken, origin);
      expect(res.statusCode, origin).toBe(400);
      expect(res.json().message).toMatch(/^body\.origin/);
    }
    expect((await add(creatorToken, 42)).statusCode).toBe(400);
    expect((await add(creatorToken, `https://${'a'.repeat(300)}.com`)).statusCode).toBe(400);
  });

  it('deletes only the creator’s own origins', async () => {
    const added = (await add(otherToken, 'https://other.example')).json().data as { _id: string };
    const stranger = await t.app.inject({ method: 'DELETE', url: `/api/embeds/origins/${added._id}`, headers: { authorization: creatorToken } });
    expect(stranger.statusCode).toBe(404);
    const own = await t.app.inject({ method: 'DELETE', url: `/api/embeds/origins/${added._id}`, headers: { authorization: otherToken } });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ _id: added._id, origin: 'https://other.example' });
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/embeds/origins/${added._id}`, headers: { authorization: otherToken } });
    expect(gone.statusCode).toBe(404);
  });

  it(`keeps at most ${MAX_EMBED_ORIGINS} origins per creator`, async () => {
    const limited = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, limited.email);
    await t.ctx.db
      .insert(embedOrigins)
      .values(Array.from({ length: MAX_EMBED_ORIGINS }, (_, i) => ({ performerId: limited.id, origin: `https://site${i}.example` })));
    const over = await add(token, 'https://one-more.example');
    expect(over.statusCode).toBe(422);
    expect((await listOf(token)).total).toBe(MAX_EMBED_ORIGINS);
  });
});

describe('an origin counts only once the creator proved control of it', () => {
  it('lists each origin unverified, with its own token and where to serve it', async () => {
    const [shop] = (await listOf(creatorToken)).data as unknown as Record<string, unknown>[];
    expect(shop).toMatchObject({ origin: 'https://shop.example.com', verified: false, verifiedAt: null, proofUrl: 'https://shop.example.com/.well-known/fandeck-origin.txt' });
    expect(shop!.token).toMatch(/^[0-9a-f]{32}$/);
    expect(shop!.proofMeta).toBe(`<meta name="fandeck-origin" content="${String(shop!.token)}">`);
    // Another creator listing the same site proves it with a token of their own.
    const theirs = (await add(otherToken, 'https://shop.example.com')).json().data as { token: string; verified: boolean };
    expect(theirs.verified).toBe(false);
    expect(theirs.token).not.toBe(shop!.token);
  });

  it('is refused by the check, the framing rule and page scopes until verified', async () => {
    expect(await check(creator.username!, 'https://shop.example.com')).toBe(false);
    expect(await bridgePolicy(`?creator=${creator.username}`)).toMatch(/frame-ancestors 'none'$/);
    expect(await creatorsOwningOrigin(t.ctx, 'https://shop.example.com')).toEqual([]);
    await markOriginVerified(t.ctx, creator.id, 'https://shop.example.com');
    await markOriginVerified(t.ctx, creator.id, 'http://localhost:5173');
    expect(await creatorsOwningOrigin(t.ctx, 'https://shop.example.com')).toEqual([creator.id]);
    const [shop] = (await listOf(creatorToken)).data as unknown as { verified: boolean; verifiedAt: string | null }[];
    expect(shop!.verified).toBe(true);
    expect(Date.parse(shop!.verifiedAt!)).not.toBeNaN();
  });

  it('never lists the platform’s own origin', async () => {
    for (const origin of ['http://fandeck.test', 'HTTP://Fandeck.test:80/']) {
      const res = await add(creatorToken, origin);
      expect(res.statusCode, origin).toBe(422);
      expect(res.json().code).toBe('embeds.platform_origin');
    }
  });
});

describe('the public check the bridge asks', () => {
  it('answers whether an exact origin is on the creator’s list, by username or id', async () => {
    expect(await check(creator.username!, 'https://shop.example.com')).toBe(true);
    expect(await check(creator.username!.toUpperCase(), 'http://localhost:5173')).toBe(true);
    expect(await check(creator.id, 'https://shop.example.com')).toBe(true);
    // Exact: no normalising on the way in, no other scheme, port or sub-domain.
    expect(await check(creator.username!, 'https://shop.example.com/')).toBe(false);
    expect(await check(creator.username!, 'http://shop.example.com')).toBe(false);
    expect(await check(creator.username!, 'http://localhost:5174')).toBe(false);
    expect(await check(creator.username!, 'https://evil.shop.example.com')).toBe(false);
    expect(await check(creator.username!, 'null')).toBe(false);
    expect(await check('no-such-creator', 'https://shop.example.com')).toBe(false);
  });

  it('allows the platform itself only for a creator who embeds anywhere', async () => {
    expect(await check(creator.username!, 'http://fandeck.test')).toBe(true);
    const quiet = await createUser(t.ctx, { role: 'performer' });
    expect(await check(quiet.username!, 'http://fandeck.test')).toBe(false);
  });

  it('refuses a missing parameter with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/embeds/check', query: { creator: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('the bridge page’s framing rule', () => {
  it('lets only the platform and the creator’s listed origins frame it', async () => {
    const policy = await bridgePolicy(`?creator=${creator.username}`);
    expect(policy).toContain("frame-ancestors 'self' http://fandeck.test https://shop.example.com http://localhost:5173");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(await bridgePolicy(`?creator=${creator.id}`)).toContain('https://shop.example.com');
  });

  it("is 'none' for an unknown creator, a creator with no list, or no creator at all", async () => {
    const quiet = await createUser(t.ctx, { role: 'performer' });
    const fan = await createUser(t.ctx);
    for (const query of ['?creator=nobody-here', `?creator=${quiet.username}`, `?creator=${fan.username}`, '', '?creator=']) {
      expect(await bridgePolicy(query), query).toMatch(/frame-ancestors 'none'$/);
    }
  });

  it('never lets the sign-in popup be framed, and keeps its opener', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed/login.html' });
    expect([200, 503]).toContain(res.statusCode);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'$/);
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });

  it('does not serve the pages from the plain widget folder, where they would have no framing rule', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widgets/bridge/bridge.html' });
    expect(res.statusCode).not.toBe(200);
  });
});
