import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auth = (token: string) => ({ authorization: token });
let keys = 0;
const tip = (token: string, creatorId: string) =>
  t.app.inject({ method: 'POST', url: `/api/wallet/charges/tip/${creatorId}`, headers: { ...auth(token), 'idempotency-key': `review-${(keys += 1)}` }, payload: { price: 10 } });

describe('creators under review', () => {
  it('cannot list or add embed origins, nor be tipped, until staff approve; then can', async () => {
    const creator = await createUser(t.ctx, { role: 'performer', verifiedDocument: false });
    const fan = await createUser(t.ctx, { balanceCents: 5000 });
    const admin = await createUser(t.ctx, { role: 'admin' });
    const [creatorToken, fanToken, adminToken] = await Promise.all([signIn(t.app, creator.email), signIn(t.app, fan.email), signIn(t.app, admin.email)]);

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(creatorToken) });
    expect(me.json().data).toMatchObject({ verifiedDocument: false, stats: { subscribers: 0, followers: 0 } });
    const add = await t.app.inject({ method: 'POST', url: '/api/embeds/origins', headers: auth(creatorToken), payload: { origin: 'https://fans.example.com' } });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toMatchObject({ code: 'performers.not_verified' });
    expect((await t.app.inject({ method: 'GET', url: '/api/embeds/origins', headers: auth(creatorToken) })).statusCode).toBe(403);
    const refused = await tip(fanToken, creator.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'performers.not_verified' });

    const pending = await t.app.inject({ method: 'GET', url: '/api/admin/performers/pending-review', headers: auth(adminToken) });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.data.map((item: { _id: string }) => item._id)).toContain(creator.id);
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/performers/${creator.id}/review`, headers: auth(adminToken), payload: { decision: 'approve' } });
    expect(approved.json()).toMatchObject({ data: { _id: creator.id, verifiedDocument: true } });

    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(creatorToken) })).json().data.verifiedDocument).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/embeds/origins', headers: auth(creatorToken), payload: { origin: 'https://fans.example.com' } })).statusCode).toBe(200);
    expect((await tip(fanToken, creator.id)).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/performers/pending-review', headers: auth(adminToken) });
    expect(after.json().data.data.map((item: { _id: string }) => item._id)).not.toContain(creator.id);
  });

  it('is staff work: fans and creators get 403, anonymous callers 401, an unknown creator 404', async () => {
    const creator = await createUser(t.ctx, { role: 'performer', verifiedDocument: false });
    const fan = await createUser(t.ctx);
    const admin = await createUser(t.ctx, { role: 'admin' });
    for (const who of [fan, creator]) {
      const token = await signIn(t.app, who.email);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/performers/${creator.id}/review`, headers: auth(token), payload: { decision: 'approve' } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/performers/pending-review', headers: auth(token) })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/performers/pending-review' })).statusCode).toBe(401);
    const adminToken = await signIn(t.app, admin.email);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/performers/nobody/review', headers: auth(adminToken), payload: { decision: 'approve' } })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: `/api/admin/performers/${creator.id}/review`, headers: auth(adminToken), payload: { decision: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(await signIn(t.app, creator.email)) })).json().data.verifiedDocument).toBe(false);
  });
});
