import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { userPermissions } from '../../db/schema/index.js';
import { resumeCall, setPrices, settableClock, subscribeCall } from './subscriptions-test-kit.js';

const clock = settableClock(new Date('2027-06-15T09:00:00.000Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST', url: string, token: string) => t.app.inject({ method, url, headers: { authorization: token } });

async function subscribedPair(type: 'monthly' | 'yearly' = 'monthly') {
  const creator = await createUser(t.ctx, { role: 'performer' });
  await setPrices(t.ctx, creator.id, { monthlyPriceCents: 1000, yearlyPriceCents: 9000 });
  const fan = await createUser(t.ctx, { balanceCents: 20_000 });
  const token = await signIn(t.app, fan.email);
  const res = await subscribeCall(t.app, token, { performerId: creator.id, type });
  expect(res.statusCode, res.body).toBe(200);
  return { creator, fan, token, subscription: res.json().data.subscription as { _id: string } };
}

describe('subscription lists', () => {
  it('a creator lists their subscribers (userInfo), filtered by status and sorted by known columns only', async () => {
    const { creator, fan, subscription } = await subscribedPair();
    const second = await createUser(t.ctx, { balanceCents: 20_000 });
    const secondToken = await signIn(t.app, second.email);
    clock.advance(60_000);
    const later = (await subscribeCall(t.app, secondToken, { performerId: creator.id, type: 'yearly' })).json().data.subscription;
    await call('POST', `/api/payment/wallet/cancel-subscription/${later._id}`, secondToken);
    const creatorToken = await signIn(t.app, creator.email);

    const all = (await call('GET', '/api/subscriptions/performer/search?sortBy=createdAt&sort=asc', creatorToken)).json().data;
    expect(all.total).toBe(2);
    expect(all.data.map((s: { _id: string }) => s._id)).toEqual([subscription._id, later._id]);
    expect(all.data[0]).toMatchObject({ userId: fan.id, userInfo: { _id: fan.id, name: fan.name, username: fan.username, avatar: expect.stringContaining('http://fandeck.test/') } });
    expect(all.data[0]).not.toHaveProperty('performerInfo');
    expect(all.data[1]).toMatchObject({ subscriptionType: 'yearly', willRenew: false, isActive: true });
    const byPrice = (await call('GET', '/api/subscriptions/performer/search?sortBy=price&sort=desc', creatorToken)).json().data;
    expect(byPrice.data.map((s: { price: number }) => s.price)).toEqual([90, 10]);
    expect((await call('GET', `/api/subscriptions/performer/search?q=${second.username}`, creatorToken)).json().data.total).toBe(1);

    // Both cancelled: a month on, the monthly one has ended, the yearly one still holds.
    await call('POST', `/api/payment/wallet/cancel-subscription/${subscription._id}`, await signIn(t.app, fan.email));
    clock.advance(31 * 24 * 3600_000);
    await t.ctx.jobs.drain();
    const token = await signIn(t.app, creator.email);
    const active = (await call('GET', '/api/subscriptions/performer/search?status=active', token)).json().data;
    expect(active.data.map((s: { _id: string }) => s._id)).toEqual([later._id]);
    const ended = (await call('GET', '/api/subscriptions/performer/search?status=deactivated', token)).json().data;
    expect(ended.data.map((s: { _id: string; status: string }) => [s._id, s.status])).toEqual([[subscription._id, 'deactivated']]);

    for (const bad of ['sortBy=passwordHash', 'sortBy=constructor', 'status=expired']) {
      expect((await call('GET', `/api/subscriptions/performer/search?${bad}`, token)).statusCode).toBe(400);
    }
    // Fans have no subscribers list.
    expect((await call('GET', '/api/subscriptions/performer/search', await signIn(t.app, second.email))).json()).toMatchObject({ statusCode: 403 });
  });

  it('a fan lists their subscriptions (performerInfo) and reads the one to a creator by id or username, or null', async () => {
    const { creator, fan, token, subscription } = await subscribedPair();
    const mine = (await call('GET', '/api/subscriptions/user/search', token)).json().data;
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ _id: subscription._id, performerInfo: { _id: creator.id, username: creator.username } });
    expect(mine.data[0]).not.toHaveProperty('userInfo');
    for (const key of [creator.id, creator.username!.toUpperCase()]) {
      expect((await call('GET', `/api/subscriptions/user-subscriber?performerId=${key}`, token)).json().data).toMatchObject({ _id: subscription._id, userId: fan.id, isActive: true });
    }
    const stranger = await createUser(t.ctx, { role: 'performer' });
    expect((await call('GET', `/api/subscriptions/user-subscriber?performerId=${stranger.id}`, token)).json()).toEqual({ status: 0, data: null });
    // Another fan sees none of it.
    const other = await signIn(t.app, (await createUser(t.ctx)).email);
    expect((await call('GET', '/api/subscriptions/user/search', other)).json().data).toEqual({ data: [], total: 0 });
    expect((await call('GET', `/api/subscriptions/user-subscriber?performerId=${creator.id}`, other)).json().data).toBeNull();
  });

  it('cancel and resume: only the fan or staff, any known provider, each once', async () => {
    const { token, subscription } = await subscribedPair();
    const other = await signIn(t.app, (await createUser(t.ctx)).email);
    expect((await call('POST', `/api/payment/wallet/cancel-subscription/${subscription._id}`, other)).json()).toMatchObject({ statusCode: 404, code: 'subscriptions.not_found' });
    expect((await call('POST', `/api/payment/paypal/cancel-subscription/${subscription._id}`, token)).json()).toMatchObject({ statusCode: 404, code: 'payment.unknown_provider' });
    expect((await resumeCall(t.app, token, subscription._id)).json()).toMatchObject({ statusCode: 409, code: 'subscriptions.not_cancelled' });
    expect((await call('POST', `/api/payment/pix-sandbox/cancel-subscription/${subscription._id}`, token)).statusCode).toBe(200);
    expect((await call('POST', `/api/payment/wallet/cancel-subscription/${subscription._id}`, token)).json()).toMatchObject({ statusCode: 409, code: 'subscriptions.already_cancelled' });
    expect((await resumeCall(t.app, other, subscription._id)).json().code).toBe('subscriptions.not_found');
    expect((await resumeCall(t.app, other, subscription._id, { quote: true })).json().code).toBe('subscriptions.not_found');
    // Resuming turns renewal charges back on: a money action, whose quote is the renewal's price. Without a key
    // (existing clients send none) it is a fresh action.
    const noKey = await t.app.inject({ method: 'POST', url: `/api/subscriptions/${subscription._id}/resume`, headers: { authorization: token }, payload: {} });
    expect(noKey.json().data).toMatchObject({ cancelledAt: null, willRenew: true });
    expect((await call('POST', `/api/payment/pix-sandbox/cancel-subscription/${subscription._id}`, token)).statusCode).toBe(200);
    const quote = await resumeCall(t.app, token, subscription._id, { quote: true });
    expect(quote.json().data).toMatchObject({ action: 'resume', kind: 'subscribe', itemId: subscription._id, price: 10, credit: null });
    const resumed = await resumeCall(t.app, token, subscription._id, { quote: quote.json().data.quote });
    expect(resumed.json().data).toMatchObject({ cancelledAt: null, willRenew: true });
    const admin = await signIn(t.app, (await createUser(t.ctx, { role: 'admin' })).email);
    expect((await call('POST', `/api/payment/wallet/cancel-subscription/${subscription._id}`, admin)).json().data.willRenew).toBe(false);
  });

  it('staff with earning.all search every subscription, with both parties; others may not', async () => {
    const { creator, fan, subscription } = await subscribedPair();
    const staff = await createUser(t.ctx, { role: 'manager' });
    const staffToken = await signIn(t.app, staff.email);
    expect((await call('GET', '/api/admin/subscriptions/search', staffToken)).json()).toMatchObject({ statusCode: 403, code: 'auth.permission_denied' });
    await t.ctx.db.insert(userPermissions).values({ userId: staff.id, permissionKey: 'earning.all' });
    const found = (await call('GET', `/api/admin/subscriptions/search?performerId=${creator.id}`, await signIn(t.app, staff.email))).json().data;
    expect(found.total).toBe(1);
    expect(found.data[0]).toMatchObject({ _id: subscription._id, userInfo: { _id: fan.id }, performerInfo: { _id: creator.id } });
    expect((await call('GET', `/api/admin/subscriptions/search?userId=${fan.id}&status=deactivated`, staffToken)).json().data.total).toBe(0);
  });

  it('a manager working for creators reads a named creator’s subscribers with earning.all; without it, or without naming one, not', async () => {
    const { creator, fan } = await subscribedPair();
    const manager = await createUser(t.ctx, { role: 'manager' });
    const managerToken = await signIn(t.app, manager.email);
    const url = `/api/subscriptions/performer/search?performerId=${creator.id}`;
    expect((await call('GET', url, managerToken)).json()).toMatchObject({ statusCode: 403, code: 'auth.permission_denied' });
    await t.ctx.db.insert(userPermissions).values({ userId: manager.id, permissionKey: 'earning.all' });
    const token = await signIn(t.app, manager.email);
    const found = (await call('GET', url, token)).json().data;
    expect(found.total).toBe(1);
    expect(found.data[0]).toMatchObject({ performerId: creator.id, userInfo: { _id: fan.id } });
    expect((await call('GET', '/api/subscriptions/performer/search', token)).json()).toMatchObject({ statusCode: 400, fields: ['querystring.performerId'] });
    // A fan is no creator and no staff.
    const fanToken = await signIn(t.app, fan.email);
    expect((await call('GET', url, fanToken)).statusCode).toBe(403);
  });
});
