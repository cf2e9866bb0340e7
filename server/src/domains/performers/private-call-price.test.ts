import { LIMITS } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { performers } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: token } : {} });

async function creator() {
  const user = await createUser(t.ctx, { role: 'performer', verifiedDocument: true });
  return { user, token: await signIn(t.app, user.email) };
}

const storedCents = async (id: string) => (await t.ctx.db.select().from(performers).where(eq(performers.userId, id)))[0]!.privateCallPriceCents;

describe('a creator’s private call price', () => {
  it('is set through the profile update in decimal units, shown on the own and public profile, and asked of the fan', async () => {
    const { user, token } = await creator();
    const fresh = await call('GET', '/api/performers/me', token);
    // Not free by default: the contract's default price (a free call is the creator's choice).
    expect(fresh.json().data.privateCallPrice).toBe(LIMITS.profile.privateCallPriceDefaultCents / 100);

    const res = await call('PUT', '/api/performers/me', token, { privateCallPrice: 25.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: user.id, privateCallPrice: 25.5 });
    expect(await storedCents(user.id)).toBe(2550);

    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    expect((await call('GET', `/api/performers/${user.id}`, fanToken)).json().data.privateCallPrice).toBe(25.5);

    // The price is the one a fan's request carries.
    const asked = await call('POST', '/api/streaming/private/request', fanToken, { performerId: user.id, duration: 20 });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ price: 25.5, duration: 20, status: 'pending' });

    // As a string, at the upper limit, and back to a free call.
    expect((await call('PUT', '/api/performers/me', token, { privateCallPrice: '10000' })).json().data.privateCallPrice).toBe(10000);
    expect((await call('PUT', '/api/performers/me', token, { privateCallPrice: 0 })).json().data.privateCallPrice).toBe(0);
    expect(await storedCents(user.id)).toBe(0);
  });

  it('refuses a negative, a too large, an over-precise or a non-number price, naming the field, and keeps the stored one', async () => {
    const { user, token } = await creator();
    await call('PUT', '/api/performers/me', token, { privateCallPrice: 12 });
    for (const privateCallPrice of [-1, 10000.01, 9.999, 'abc', true, null]) {
      const res = await call('PUT', '/api/performers/me', token, { privateCallPrice, bio: 'changed' });
      expect(res.statusCode, `${String(privateCallPrice)}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'request.invalid', fields: ['body.privateCallPrice'] });
    }
    expect(await storedCents(user.id)).toBe(1200);
    const [row] = await t.ctx.db.select().from(performers).where(eq(performers.userId, user.id));
    expect(row!.bio).toBe('');
  });

  it('is not set by a fan', async () => {
    const fan = await createUser(t.ctx);
    const res = await call('PUT', '/api/performers/me', await signIn(t.app, fan.email), { privateCallPrice: 5 });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
