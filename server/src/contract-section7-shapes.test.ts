// api-contract.md section 7, "Observed a week later": the shapes existing clients read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../test/helpers.js';
import { reactions, tokenPackages, walletCharges } from './db/schema/index.js';
import { accountKeys } from './money/ledger/accounts.js';
import { postMovement } from './money/ledger/ledger.js';

let t: TestApp;
let fan: { id: string; token: string };
let creator: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  const fanRow = await createUser(t.ctx, { role: 'user', balanceCents: 5_000 });
  fan = { id: fanRow.id, token: await signIn(t.app, fanRow.email!) };
  const creatorRow = await createUser(t.ctx, { role: 'performer', balanceCents: 700 });
  creator = { id: creatorRow.id, token: await signIn(t.app, creatorRow.email!) };
  // 12.34 of earnings, as a sale leaves them.
  await t.ctx.db.transaction((tx) =>
    postMovement(tx, {
      kind: 'topup',
      referenceType: 'test',
      referenceId: creatorRow.id,
      postings: [
        { account: accountKeys.gateway('test'), amountCents: -1_234 },
        { account: accountKeys.earnings(creatorRow.id), amountCents: 1_234 },
      ],
    }),
  );
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(token ? { authorization: token } : {}), ...headers }, ...(payload ? { payload } : {}) });

describe('streaming', () => {
  it('POST /streaming/live answers { stream, conversation }, and GET /streaming/join/{performerId} carries conversation', async () => {
    const live = await call('POST', '/api/streaming/live', creator.token, {});
    expect(live.statusCode).toBe(200);
    const { stream, conversation } = live.json().data;
    expect(stream).toMatchObject({ performerId: creator.id, type: 'public' });
    expect(conversation).toMatchObject({ _id: stream.conversationId, type: 'stream' });
    const join = await call('GET', `/api/streaming/join/${creator.id}`, fan.token);
    expect(join.statusCode).toBe(200);
    expect(join.json().data.conversation._id).toBe(stream.conversationId);
    const chat = await call('GET', `/api/conversations/stream/public/${creator.id}`);
    expect(chat.statusCode).toBe(200);
    expect(chat.json().data._id).toBe(stream.conversationId);
  });
});

describe('money shapes', () => {
  it('POST /payout-requests/calculate answers totalEarnedTokens, previousPaidOutTokens and remainingUnpaidTokens', async () => {
    const res = await call('POST', '/api/payout-requests/calculate', creator.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ availableAmount: 12.34, totalEarnedTokens: 12.34, previousPaidOutTokens: 0, remainingUnpaidTokens: 12.34 });
  });

  it('GET /wallet/charges/search items carry type, totalPrice and products (always an array)', async () => {
    await t.ctx.db.insert(walletCharges).values([
      { userId: fan.id, performerId: creator.id, target: 'tip', targetId: creator.id, priceCents: 250, earningsCents: 200, platformCents: 50, status: 'success', idempotencyKey: `s7-tip-${Date.now()}` },
      { userId: fan.id, performerId: creator.id, target: 'product', targetId: creator.id, priceCents: 900, earningsCents: 700, platformCents: 200, status: 'success', idempotencyKey: `s7-product-${Date.now()}` },
    ]);
    const res = await call('GET', '/api/wallet/charges/search', fan.token);
    expect(res.statusCode).toBe(200);
    const items = res.json().data.data as { type: string; totalPrice: number; products: unknown[]; price: number; target: string }[];
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const item of items) {
      expect(item.type).toBe(item.target);
      expect(item.totalPrice).toBe(item.price);
      expect(Array.isArray(item.products)).toBe(true);
    }
  });

  it('GET /payment-cards answers an empty list when cards are off', async () => {
    const res = await call('GET', '/api/payment-cards', fan.token);
    expect(res.json()).toEqual({ status: 0, data: { data: [], total: 0 } });
  });

  it('a top-up through a gateway with a hosted page answers paymentUrl', async () => {
    const res = await call('POST', '/api/payment/wallet/top-up', fan.token, { amount: 10 }, { 'idempotency-key': `s7-topup-${Date.now()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.paymentUrl).toMatch(/^http:\/\/fandeck\.test\/api\/payment\/sandbox\//);
  });

  it('a creator’s /users/me balance is the earnings balance; a fan’s is the wallet', async () => {
    expect((await call('GET', '/api/users/me', creator.token)).json().data).toMatchObject({ balance: 12.34, walletBalance: 7 });
    expect((await call('GET', '/api/users/me', fan.token)).json().data.balance).toBeGreaterThan(0);
  });
});

describe('settings', () => {
  it('GET /settings/public carries logoUrl and darkmodeLogoUrl as absolute URLs', async () => {
    const data = (await call('GET', '/api/settings/public')).json().data;
    for (const key of ['logoUrl', 'darkmodeLogoUrl', 'logo', 'darkmodeLogo', 'favicon']) expect(data[key], key).toMatch(/^https?:\/\//);
  });
});

describe('paths also called', () => {
  it('GET /reactions/performers/bookmark lists the fan’s bookmarked creators', async () => {
    const empty = await call('GET', '/api/reactions/performers/bookmark', fan.token);
    expect(empty.json()).toEqual({ status: 0, data: { data: [], total: 0 } });
    const bookmark = await call('POST', '/api/reactions', fan.token, { objectType: 'performer', objectId: creator.id, action: 'bookmark' });
    expect(bookmark.statusCode).toBe(200);
    const res = await call('GET', '/api/reactions/performers/bookmark', fan.token);
    expect(res.json().data).toMatchObject({ total: 1, data: [{ _id: creator.id }] });
    expect((await call('POST', '/api/reactions', fan.token, { objectType: 'performer', objectId: '0123456789abcdef01234567', action: 'bookmark' })).statusCode).toBe(404);
    await t.ctx.db.delete(reactions);
  });

  it('GET /package/token/search answers the active token packages, possibly none', async () => {
    expect((await call('GET', '/api/package/token/search')).json()).toEqual({ status: 0, data: { data: [], total: 0 } });
    await t.ctx.db.insert(tokenPackages).values([
      { name: 'Big', priceCents: 5_000, tokensCents: 6_000, ordering: 2 },
      { name: 'Small', priceCents: 1_000, tokensCents: 1_000, ordering: 1 },
      { name: 'Retired', priceCents: 500, tokensCents: 500, isActive: false },
    ]);
    const res = await call('GET', '/api/package/token/search');
    expect(res.json().data).toMatchObject({ total: 2, data: [{ name: 'Small', price: 10, tokens: 10 }, { name: 'Big', price: 50, tokens: 60 }] });
  });
});
