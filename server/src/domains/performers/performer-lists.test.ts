import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { performers } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('creator lists', () => {
  it('/performers/top ranks by subscribers then followers; random gives active creators only, within the limit', async () => {
    const made = await Promise.all([0, 1, 2].map(() => createUser(t.ctx, { role: 'performer' })));
    const inactive = await createUser(t.ctx, { role: 'performer', status: 'inactive' });
    const counts = [[5, 1], [9, 0], [5, 7]] as const;
    for (const [index, [subscribers, followers]] of counts.entries()) {
      await t.ctx.db.update(performers).set({ subscribersCount: subscribers, followersCount: followers }).where(eq(performers.userId, made[index]!.id));
    }
    await t.ctx.db.update(performers).set({ subscribersCount: 100 }).where(eq(performers.userId, inactive.id));

    const top = (await t.app.inject({ method: 'GET', url: '/api/performers/top?limit=3' })).json().data;
    expect(top.data.map((p: { _id: string }) => p._id)).toEqual([made[1]!.id, made[2]!.id, made[0]!.id]);

    const random = (await t.app.inject({ method: 'GET', url: '/api/performers/search/random?limit=50' })).json().data;
    const ids = random.data.map((p: { _id: string }) => p._id);
    expect(ids).toEqual(expect.arrayContaining(made.map((u) => u.id)));
    expect(ids).not.toContain(inactive.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/performers/search/random?limit=2' })).json().data.data).toHaveLength(2);
    // Above the maximum (50) is clamped, not refused (api-contract.md section 7).
    expect((await t.app.inject({ method: 'GET', url: '/api/performers/top?limit=500' })).statusCode).toBe(200);
  });

  it('/performers/me is the signed-in creator’s own profile, for creators only', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const me = await t.app.inject({ method: 'GET', url: '/api/performers/me', headers: { authorization: await signIn(t.app, creator.email) } });
    expect(me.json().data).toMatchObject({ _id: creator.id, username: creator.username, isFollowed: false });
    const fan = await createUser(t.ctx);
    expect((await t.app.inject({ method: 'GET', url: '/api/performers/me', headers: { authorization: await signIn(t.app, fan.email) } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/performers/me' })).statusCode).toBe(401);
  });
});
