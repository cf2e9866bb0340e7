import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { performers, subscriptions } from '../../db/schema/index.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { walletCharging } from '../wallet/wallet-charging.js';
import { renewSubscription } from './subscription-renewal.js';
import { setPrices, settableClock, subscribeCall, subscribersCount } from './subscriptions-test-kit.js';

const clock = settableClock(new Date('2027-08-01T00:00:00.000Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  await t?.close();
});

/** What the count must be: the creator's subscriptions that hold access now. */
async function holding(creatorId: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.performerId, creatorId), eq(subscriptions.status, 'active'), gt(subscriptions.expiredAt, clock.now())));
  return row!.n;
}

async function fans(n: number) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const fan = await createUser(t.ctx, { balanceCents: 10_000 });
      return { fan, token: await signIn(t.app, fan.email) };
    }),
  );
}

describe('performers.subscribers_count', () => {
  it('follows concurrent subscribes and deactivations exactly, never below zero, and repairs a count a past bug left wrong', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    await setPrices(t.ctx, creator.id, { monthlyPriceCents: 1000 });
    // A count a past bug left negative: the next change recounts it from the rows.
    await t.ctx.db.update(performers).set({ subscribersCount: -7 }).where(eq(performers.userId, creator.id));

    const first = await fans(8);
    const subscribed = await Promise.all(first.map(({ token }) => subscribeCall(t.app, token, { performerId: creator.id })));
    for (const res of subscribed) expect(res.statusCode, res.body).toBe(200);
    expect(await subscribersCount(t.ctx, creator.id)).toBe(8);

    // Half of them cancel; at the expiry their jobs end them while others subscribe at the same moment.
    const ids = subscribed.map((res) => res.json().data.subscription._id as string);
    await Promise.all(first.slice(0, 4).map(({ token }, i) => t.app.inject({ method: 'POST', url: `/api/payment/wallet/cancel-subscription/${ids[i]}`, headers: { authorization: token } })));
    clock.set(new Date(subscribed[0]!.json().data.subscription.expiredAt));
    const second = await fans(6);
    const results = await Promise.all([
      ...ids.slice(0, 4).map((id) => renewSubscription(t.ctx, walletCharging(t.ctx), id)),
      ...second.map(({ token }) => subscribeCall(t.app, token, { performerId: creator.id })),
      // The other half renews in the same breath.
      ...ids.slice(4).map((id) => renewSubscription(t.ctx, walletCharging(t.ctx), id)),
    ]);
    expect(results.slice(0, 4).map((r) => (r as { kind: string }).kind)).toEqual(['ended', 'ended', 'ended', 'ended']);
    expect(results.slice(10).map((r) => (r as { kind: string }).kind)).toEqual(['renewed', 'renewed', 'renewed', 'renewed']);
    expect(await holding(creator.id)).toBe(4 + 6);
    expect(await subscribersCount(t.ctx, creator.id)).toBe(10);

    // Everyone cancels and everything ends: 0, never less.
    const all = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.performerId, creator.id));
    await t.ctx.db.update(subscriptions).set({ cancelledAt: clock.now() }).where(eq(subscriptions.performerId, creator.id));
    clock.advance(366 * 24 * 3600_000);
    await Promise.all([...all, ...all].map((row) => renewSubscription(t.ctx, walletCharging(t.ctx), row.id)));
    expect(await holding(creator.id)).toBe(0);
    expect(await subscribersCount(t.ctx, creator.id)).toBe(0);
  });
});
