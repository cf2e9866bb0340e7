import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { performers, streams, userBlocks, walletCharges } from '../../db/schema/index.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { earningsOf, freshKey, quote, walletOf } from '../wallet/wallet-test-kit.js';
import { call, expectError, pay, party, requestOf, type Party } from './private-streams-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const chargesFor = (requestId: string) =>
  t.ctx.db.select().from(walletCharges).where(and(eq(walletCharges.target, 'private_chat'), eq(walletCharges.targetId, requestId)));
const privateStreamsOf = (creatorId: string) => t.ctx.db.select().from(streams).where(and(eq(streams.performerId, creatorId), eq(streams.type, 'private')));

describe('a paid private call', () => {
  let creator: Party;
  beforeAll(async () => {
    creator = await party(t, { role: 'performer', priceCents: 1000 });
  });

  it('is paid once by the fan, retries included, and only then can start', async () => {
    const fan = await party(t, { balanceCents: 2500 });
    const req = await requestOf(t, fan, creator);
    expect(req.price).toBe(10);
    // The price was fixed at request time: a later change of the creator's price does not touch it.
    await t.ctx.db.update(performers).set({ privateCallPriceCents: 3000 }).where(eq(performers.userId, creator.id));

    expectError(await pay(t, fan, req._id), 422, 'streaming.request_invalid_state');
    await call(t, 'POST', `/streaming/private/${req._id}/approve`, creator);
    expectError(await call(t, 'POST', `/streaming/private/${req._id}/start`, creator), 422, 'streaming.request_invalid_state');
    expect(await privateStreamsOf(creator.id)).toHaveLength(0);

    const q = await quote(t.app, fan.token, `/wallet/charges/stream/${req._id}`, {});
    expect(q.statusCode, q.body).toBe(200);
    // The item is data the fan's dialog words in their language (kind `call`, its minutes), never a server text.
    expect(q.json().data).toMatchObject({ action: 'charge:stream', kind: 'call', price: 10, minutes: 30, description: null, recipient: { _id: creator.id } });
    expect(await walletOf(t.ctx, fan.id)).toBe(2500);

    const key = freshKey('call');
    const first = await pay(t, fan, req._id, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ target: 'private_chat', targetId: req._id, price: 10, performerId: creator.id });
    const replay = await pay(t, fan, req._id, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data._id).toBe(first.json().data._id);
    // Another key is another payment attempt: refused, the call is paid already.
    expectError(await pay(t, fan, req._id), 409, 'payment.already_paid');
    expect(await walletOf(t.ctx, fan.id)).toBe(1500);
    expect(await earningsOf(t.ctx, creator.id)).toBe(800);
    expect(await chargesFor(req._id)).toHaveLength(1);

    // Paid and not started it could still be cancelled with a refund (private-call-cancel.test.ts).

    const started = await call(t, 'POST', `/streaming/private/${req._id}/start`, creator);
    expect(started.statusCode, started.body).toBe(200);
    expect((await call(t, 'POST', `/streaming/private/${req._id}/start`, creator)).json().data.streamId).toBe(started.json().data.streamId);
    expectError(await pay(t, fan, req._id), 422, 'streaming.request_invalid_state');
    // Once started, nobody cancels it: the payment stays.
    expectError(await call(t, 'DELETE', `/streaming/private/${req._id}`, creator), 422, 'streaming.request_invalid_state');
    expect(await walletOf(t.ctx, fan.id)).toBe(1500);
    expect(await privateStreamsOf(creator.id)).toHaveLength(1);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('takes one of two payments sent at once with different keys', async () => {
    const fan = await party(t, { balanceCents: 5000 });
    const seller = await party(t, { role: 'performer', priceCents: 3000 });
    const req = await requestOf(t, fan, seller);
    await call(t, 'POST', `/streaming/private/${req._id}/approve`, seller);
    const results = await Promise.all([pay(t, fan, req._id), pay(t, fan, req._id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await walletOf(t.ctx, fan.id)).toBe(5000 - 3000);
    expect(await chargesFor(req._id)).toHaveLength(1);
  });

  it('refuses a short balance: nothing charged, nothing started', async () => {
    const fan = await party(t, { balanceCents: 500 });
    const poorCreator = await party(t, { role: 'performer', priceCents: 1000 });
    const req = await requestOf(t, fan, poorCreator);
    await call(t, 'POST', `/streaming/private/${req._id}/approve`, poorCreator);
    expectError(await pay(t, fan, req._id), 422, 'wallet.insufficient_balance');
    expect(await walletOf(t.ctx, fan.id)).toBe(500);
    expect(await chargesFor(req._id)).toHaveLength(0);
    expectError(await call(t, 'POST', `/streaming/private/${req._id}/start`, poorCreator), 422, 'streaming.request_invalid_state');
    expect(await privateStreamsOf(poorCreator.id)).toHaveLength(0);
  });

  it('is paid only by its own fan, never for a free call, never by a fan blocked since', async () => {
    const fan = await party(t, { balanceCents: 5000 });
    const other = await party(t, { balanceCents: 5000 });
    const seller = await party(t, { role: 'performer', priceCents: 700 });
    const req = await requestOf(t, fan, seller);
    await call(t, 'POST', `/streaming/private/${req._id}/approve`, seller);
    expectError(await pay(t, other, req._id), 404, 'wallet.item_not_found');
    expectError(await pay(t, fan, 'not-an-id'), 404, 'wallet.item_not_found');

    await t.ctx.db.insert(userBlocks).values({ performerId: seller.id, userId: fan.id });
    expectError(await pay(t, fan, req._id), 403, 'blocks.blocked');
    expect(await walletOf(t.ctx, fan.id)).toBe(5000);

    const freeCreator = await party(t, { role: 'performer', priceCents: 0 });
    const free = await requestOf(t, other, freeCreator);
    await call(t, 'POST', `/streaming/private/${free._id}/approve`, freeCreator);
    expectError(await pay(t, other, free._id), 422, 'streaming.request_invalid_state');
    expect((await call(t, 'POST', `/streaming/private/${free._id}/start`, freeCreator)).statusCode).toBe(200);
    expect(await walletOf(t.ctx, other.id)).toBe(5000);
  });

  it('tells every answer whether the fan has paid: the list (one read for the page) and each single answer', async () => {
    const fan = await party(t, { balanceCents: 5000 });
    const seller = await party(t, { role: 'performer', priceCents: 1200 });
    const req = await requestOf(t, fan, seller);
    const unpaid = await requestOf(t, fan, seller, { duration: 10 });
    expect(req.paid).toBe(false);
    const paidIn = async (who: Party, route: 'search' | 'list') => {
      const res = await call(t, 'GET', `/streaming/private/${route}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries((res.json().data.data as { _id: string; paid: boolean }[]).map((item) => [item._id, item.paid]));
    };
    const dataOf = (res: { statusCode: number; body: string; json(): { data: { paid: boolean } } }) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };

    expect(dataOf(await call(t, 'POST', `/streaming/private/${req._id}/approve`, seller)).paid).toBe(false);
    expect(dataOf(await call(t, 'POST', `/streaming/private/${unpaid._id}/approve`, seller)).paid).toBe(false);
    expect(dataOf(await call(t, 'POST', `/streaming/private/${req._id}/edit`, seller, { duration: 45 })).paid).toBe(false);
    expect(await paidIn(fan, 'search')).toEqual({ [req._id]: false, [unpaid._id]: false });
    // The quote follows the edit: the call's minutes as they are now.
    expect((await quote(t.app, fan.token, `/wallet/charges/stream/${req._id}`, {})).json().data).toMatchObject({ kind: 'call', minutes: 45 });

    expect((await pay(t, fan, req._id)).statusCode).toBe(200);
    for (const who of [fan, seller]) {
      expect(await paidIn(who, 'search')).toEqual({ [req._id]: true, [unpaid._id]: false });
      expect(await paidIn(who, 'list')).toEqual({ [req._id]: true, [unpaid._id]: false });
    }
    expect(dataOf(await call(t, 'POST', `/streaming/private/${req._id}/edit`, seller, { note: 'paid' })).paid).toBe(true);
    expect(dataOf(await call(t, 'POST', `/streaming/private/${unpaid._id}/edit`, seller, { note: 'not paid' })).paid).toBe(false);
    expect(dataOf(await call(t, 'POST', `/streaming/private/${req._id}/start`, seller)).paid).toBe(true);
    const joined = await call(t, 'POST', `/streaming/private/${req._id}/join`, fan);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data.request).toMatchObject({ _id: req._id, paid: true });
    // A free call is never paid.
    const freeCreator = await party(t, { role: 'performer', priceCents: 0 });
    expect((await requestOf(t, fan, freeCreator)).paid).toBe(false);
  });
});
