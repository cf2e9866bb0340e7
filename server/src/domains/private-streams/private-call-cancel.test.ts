import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { testDatabaseKind } from '../../../test/databases.js';
import { privateStreamRequests, walletCharges } from '../../db/schema/index.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { earningsOf, platformBalance, recordingRealtime, reservePayout, walletOf } from '../wallet/wallet-test-kit.js';
import { call, expectError, pay, party, requestOf, type Party } from './private-streams-test-kit.js';

const live = recordingRealtime();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime: live });
});
afterAll(() => t.close());

const chargesFor = (requestId: string) =>
  t.ctx.db.select().from(walletCharges).where(and(eq(walletCharges.target, 'private_chat'), eq(walletCharges.targetId, requestId)));
const requestRow = async (id: string) => (await t.ctx.db.select().from(privateStreamRequests).where(eq(privateStreamRequests.id, id)))[0];

/** The `private_stream.updated` notification this user got for this request and action, if any. */
const notice = (userId: string, requestId: string, action: string) =>
  live.events.find((e) => {
    if (e.userId !== userId || e.event !== 'send_notification') return false;
    const n = e.payload as { type?: string; data?: { requestId?: string; action?: string } };
    return n.type === 'private_stream.updated' && n.data?.requestId === requestId && n.data?.action === action;
  })?.payload as { data: Record<string, unknown> } | undefined;
const balanceEvents = (userId: string) => live.events.filter((e) => e.userId === userId && e.event === 'update_balance').map((e) => e.payload);

/** A fan with 50.00 who asked a creator (private price 20.00) for a call, approved and paid. */
async function paidCall() {
  const fan = await party(t, { balanceCents: 5000 });
  const creator = await party(t, { role: 'performer', priceCents: 2000 });
  const req = await requestOf(t, fan, creator);
  expect((await call(t, 'POST', `/streaming/private/${req._id}/approve`, creator)).statusCode).toBe(200);
  const paid = await pay(t, fan, req._id);
  expect(paid.statusCode, paid.body).toBe(200);
  expect(await walletOf(t.ctx, fan.id)).toBe(3000);
  expect(await earningsOf(t.ctx, creator.id)).toBe(1600);
  return { fan, creator, id: req._id };
}

async function expectCancelled(who: Party, other: Party, fan: Party, creator: Party, id: string, platformBefore: number) {
  live.events.length = 0;
  const res = await call(t, 'DELETE', `/streaming/private/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toMatchObject({ _id: id, paid: false });
  expect(await requestRow(id)).toBeUndefined();
  expect(await walletOf(t.ctx, fan.id)).toBe(5000);
  expect(await earningsOf(t.ctx, creator.id)).toBe(0);
  expect(await platformBalance(t.ctx)).toBe(platformBefore);
  expect((await chargesFor(id)).map((c) => c.status)).toEqual(['refunded']);
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  expect(balanceEvents(fan.id)).toEqual([{ token: 20, balance: 50 }]);
  expect(balanceEvents(creator.id)).toEqual([{ token: -16, balance: 0, account: 'earnings' }]);
  await vi.waitFor(() => expect(notice(other.id, id, 'deleted')?.data).toMatchObject({ action: 'deleted', requestId: id, actorId: who.id, refunded: true }));
}

describe(`cancelling a paid private call (${testDatabaseKind()})`, () => {
  it('the fan cancels a paid call that has not started: refunded in full, the creator told', async () => {
    const platformBefore = await platformBalance(t.ctx);
    const { fan, creator, id } = await paidCall();
    await expectCancelled(fan, creator, fan, creator, id, platformBefore);
    expectError(await call(t, 'DELETE', `/streaming/private/${id}`, fan), 404, 'streaming.request_not_found');
  });

  it('the creator cancels a paid call that has not started: refunded in full, the fan told', async () => {
    const platformBefore = await platformBalance(t.ctx);
    const { fan, creator, id } = await paidCall();
    await expectCancelled(creator, fan, fan, creator, id, platformBefore);
  });

  it('two deletes at once (the fan and the creator): one cancels, the other finds nothing, refunded once', async () => {
    const { fan, creator, id } = await paidCall();
    const answers = await Promise.all([call(t, 'DELETE', `/streaming/private/${id}`, fan), call(t, 'DELETE', `/streaming/private/${id}`, creator)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(await walletOf(t.ctx, fan.id)).toBe(5000);
    expect(await earningsOf(t.ctx, creator.id)).toBe(0);
    expect((await chargesFor(id)).map((c) => c.status)).toEqual(['refunded']);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('a started call is not cancelled, and keeps its payment', async () => {
    const { fan, creator, id } = await paidCall();
    expect((await call(t, 'POST', `/streaming/private/${id}/start`, creator)).statusCode).toBe(200);
    expectError(await call(t, 'DELETE', `/streaming/private/${id}`, fan), 422, 'streaming.request_invalid_state');
    expectError(await call(t, 'DELETE', `/streaming/private/${id}`, creator), 422, 'streaming.request_invalid_state');
    expect(await walletOf(t.ctx, fan.id)).toBe(3000);
    expect((await chargesFor(id)).map((c) => c.status)).toEqual(['success']);
  });

  it('is refused when the creator has withdrawn the earnings: the call stays, paid, nothing moved', async () => {
    const { fan, creator, id } = await paidCall();
    await reservePayout(t.ctx, creator.id, 1000);
    for (const who of [fan, creator]) expectError(await call(t, 'DELETE', `/streaming/private/${id}`, who), 409, 'wallet.refund_not_covered');
    expect(await requestRow(id)).toMatchObject({ id, status: 'approved' });
    expect(await walletOf(t.ctx, fan.id)).toBe(3000);
    expect(await earningsOf(t.ctx, creator.id)).toBe(600);
    expect((await chargesFor(id)).map((c) => c.status)).toEqual(['success']);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('an approved call not paid yet: either side may withdraw it, nothing is refunded, and a started call may not', async () => {
    const fan = await party(t, { balanceCents: 5000 });
    const creator = await party(t, { role: 'performer', priceCents: 2000 });
    for (const who of ['fan', 'creator'] as const) {
      const req = await requestOf(t, fan, creator);
      await call(t, 'POST', `/streaming/private/${req._id}/approve`, creator);
      const res = await call(t, 'DELETE', `/streaming/private/${req._id}`, who === 'fan' ? fan : creator);
      expect(res.statusCode, res.body).toBe(200);
      const other = who === 'fan' ? creator : fan;
      await vi.waitFor(() => expect(notice(other.id, req._id, 'deleted')).toBeDefined());
      expect(notice(other.id, req._id, 'deleted')?.data).not.toHaveProperty('refunded');
      expectError(await call(t, 'DELETE', `/streaming/private/${req._id}`, fan), 404, 'streaming.request_not_found');
    }
    expect(await walletOf(t.ctx, fan.id)).toBe(5000);
  });
});
