import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { feeds, galleries, ledgerMovements, userPermissions, videos, walletCharges, type WalletChargeTarget } from '../../db/schema/index.js';
import { fromCents } from '../../money/amounts.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { auth, testClock } from '../payments/payments.test-support.js';
import { tip } from '../wallet/wallet-test-kit.js';
import { creditEarnings, dateMovement, recordCharge, recordSubscriptionPayment } from './earnings.test-support.js';
import { SOURCE_OF_TARGET } from './earning-credits.js';

/** A sale as the test knows it: what it was for and how it was split, from its own record. */
interface Sale {
  type: string;
  sourceKind: string;
  sourceId: string | null;
  gross: number;
  net: number;
  buyerId: string;
  at: Date;
}

const clock = testClock(new Date('2025-04-10T12:00:00Z'));
let t: TestApp;
let creator: { id: string; token: string };
let fans: { id: string; email: string }[];
const sales: Sale[] = [];
const longText = 'Bastidores do ensaio de março: '.padEnd(120, 'x');

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const user = await createUser(t.ctx, { role: 'performer' });
  creator = { id: user.id, token: await signIn(t.app, user.email, undefined, '10.1.0.1') };
  fans = [await createUser(t.ctx, { balanceCents: 100_000 }), await createUser(t.ctx, { balanceCents: 100_000 })];

  // Two tips through the API (the real purchase engine), moved to known times.
  const tipAt = async (fanIndex: number, price: number, at: string) => {
    const fan = fans[fanIndex]!;
    const res = await tip(t.app, await signIn(t.app, fan.email, undefined, `10.1.1.${fanIndex + 1}`), creator.id, { price });
    expect(res.statusCode, res.body).toBe(200);
    const [charge] = await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.id, res.json().data._id));
    const [movement] = await t.ctx.db.select().from(ledgerMovements).where(eq(ledgerMovements.referenceId, charge!.id));
    await dateMovement(t.ctx, movement!.id, new Date(at));
    sales.push({ type: 'tip', sourceKind: 'tip', sourceId: null, gross: charge!.priceCents, net: charge!.earningsCents, buyerId: fan.id, at: new Date(at) });
  };
  await tipAt(0, 10, '2025-03-03T10:00:00Z');
  await tipAt(1, 25.5, '2025-03-05T23:59:59Z');

  const [feed] = await t.ctx.db.insert(feeds).values({ performerId: creator.id, text: longText, isSale: true, priceCents: 1500 }).returning();
  const [video] = await t.ctx.db.insert(videos).values({ performerId: creator.id, title: 'Making of', isSale: true, priceCents: 999 }).returning();
  const [gallery] = await t.ctx.db.insert(galleries).values({ performerId: creator.id, title: 'Ensaio', isSale: true, priceCents: 500 }).returning();
  const charge = async (fanIndex: number, target: WalletChargeTarget, targetId: string, priceCents: number, at: string) => {
    const { split } = await recordCharge(t.ctx, { buyerId: fans[fanIndex]!.id, performerId: creator.id, target, targetId, priceCents, at: new Date(at) });
    sales.push({ type: SOURCE_OF_TARGET[target], sourceKind: target, sourceId: targetId, gross: split.priceCents, net: split.earningsCents, buyerId: fans[fanIndex]!.id, at: new Date(at) });
  };
  await charge(0, 'feed', feed!.id, 1500, '2025-03-10T00:00:00Z');
  await charge(1, 'feed', feed!.id, 1500, '2025-03-12T08:30:00Z');
  await charge(0, 'video', video!.id, 999, '2025-03-20T15:00:00Z');
  await charge(1, 'gallery', gallery!.id, 500, '2025-03-25T09:00:00Z');
  await charge(0, 'stream_tip', 'a-stream', 1234, '2025-03-28T21:00:00Z');

  const subscription = async (fanIndex: number, type: 'monthly' | 'yearly', priceCents: number, at: string) => {
    const made = await recordSubscriptionPayment(t.ctx, { buyerId: fans[fanIndex]!.id, performerId: creator.id, type, priceCents, at: new Date(at) });
    sales.push({ type: 'subscription', sourceKind: 'subscription', sourceId: made.subscription.id, gross: made.split.priceCents, net: made.split.earningsCents, buyerId: fans[fanIndex]!.id, at: new Date(at) });
  };
  await subscription(0, 'monthly', 990, '2025-03-15T12:00:00Z');
  await subscription(1, 'yearly', 2990, '2025-04-02T12:00:00Z');
  // Not a sale: counts in the balance, never in the totals or the list.
  await creditEarnings(t.ctx, creator.id, 7_000);
});
afterAll(() => t?.close());

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: auth(token) });
const inMarch = (s: Sale) => s.at >= new Date('2025-03-01T00:00:00Z') && s.at < new Date('2025-04-01T00:00:00Z');
const sum = (list: Sale[], pick: (s: Sale) => number) => list.reduce((total, s) => total + pick(s), 0);

describe('earnings stats', () => {
  it('adds up the sales in the range; balances come from the ledger', async () => {
    const res = await get(creator.token, '/performer/earning/stats?fromDate=2025-03-01&toDate=2025-03-31');
    expect(res.statusCode, res.body).toBe(200);
    const march = sales.filter(inMarch);
    const gross = sum(march, (s) => s.gross);
    const net = sum(march, (s) => s.net);
    const balance = await balanceOf(t.ctx.db, accountKeys.earnings(creator.id));
    expect(balance).toBe(sum(sales, (s) => s.net) + 7_000);
    expect(res.json().data).toEqual({
      totalGrossPrice: fromCents(gross),
      totalSiteCommission: fromCents(gross - net),
      totalNetPrice: fromCents(net),
      paidPrice: 0,
      pendingPrice: 0,
      remainingPrice: fromCents(balance),
    });
    // A hand check of one split: 10.00 tipped, 20 % commission, 8.00 to the creator.
    expect(march.find((s) => s.gross === 1000)?.net).toBe(800);

    const all = (await get(creator.token, '/performer/earning/stats')).json().data;
    expect(all.totalNetPrice).toBe(fromCents(sum(sales, (s) => s.net)));
    // An instant as toDate is included: the second tip fell on the last second of 5 March.
    const edge = (await get(creator.token, '/performer/earning/stats?fromDate=2025-03-05T00:00:00Z&toDate=2025-03-05T23:59:59Z')).json().data;
    expect(edge.totalGrossPrice).toBe(25.5);
  });

  it('refuses a range that ends before it starts, and a bad date', async () => {
    expect((await get(creator.token, '/performer/earning/stats?fromDate=2025-03-10&toDate=2025-03-01')).statusCode).toBe(400);
    const bad = await get(creator.token, '/performer/earning/stats?fromDate=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(['querystring.fromDate']);
  });
});

describe('earnings search', () => {
  it('lists each sale credit, newest first, with the buyer and the split', async () => {
    const res = await get(creator.token, '/performer/earning/search?fromDate=2025-03-01&toDate=2025-03-31&limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const march = sales.filter(inMarch).sort((a, b) => b.at.getTime() - a.at.getTime());
    const { data, total } = res.json().data;
    expect(total).toBe(march.length);
    expect(data.map((e: { createdAt: string }) => e.createdAt)).toEqual(march.map((s) => s.at.toISOString()));
    for (const [i, sale] of march.entries()) {
      expect(data[i]).toMatchObject({
        type: sale.type,
        sourceId: sale.sourceId,
        grossPrice: fromCents(sale.gross),
        netPrice: fromCents(sale.net),
        siteCommission: fromCents(sale.gross - sale.net),
        userInfo: { _id: sale.buyerId },
      });
    }
    const monthly = data.find((e: { type: string }) => e.type === 'subscription');
    expect(monthly.sourceType).toBe('monthly');
    expect(data.find((e: { sourceType: string }) => e.sourceType === 'stream_tip').type).toBe('stream');
  });

  it('filters by type, pages and sorts on known columns only', async () => {
    const feedsOnly = (await get(creator.token, '/performer/earning/search?type=feed')).json().data;
    expect(feedsOnly.total).toBe(sales.filter((s) => s.type === 'feed').length);
    const subs = (await get(creator.token, '/performer/earning/search?type=subscription')).json().data;
    expect(subs.total).toBe(2);

    const byNet = [...sales].sort((a, b) => a.net - b.net);
    const page = (await get(creator.token, '/performer/earning/search?sortBy=netPrice&sort=asc&offset=2&limit=3')).json().data;
    expect(page.total).toBe(sales.length);
    expect(page.data.map((e: { netPrice: number }) => e.netPrice)).toEqual(byNet.slice(2, 5).map((s) => fromCents(s.net)));

    expect((await get(creator.token, '/performer/earning/search?sortBy=constructor')).statusCode).toBe(400);
    expect((await get(creator.token, '/performer/earning/search?type=lottery')).statusCode).toBe(400);
  });
});

describe('earnings timeline', () => {
  const bucketOf = (points: { date: string; count: number }[], at: Date) => points.filter((p) => new Date(p.date) <= at).at(-1);

  it('gives one bucket per UTC day, oldest first, empty days included', async () => {
    const res = await get(creator.token, '/performer/earning/timeline?interval=day&fromDate=2025-03-01&toDate=2025-03-31');
    expect(res.statusCode, res.body).toBe(200);
    const points = res.json().data as { date: string; netPrice: number; grossPrice: number; count: number }[];
    expect(points).toHaveLength(31);
    expect(points[0]!.date).toBe('2025-03-01T00:00:00.000Z');
    expect(points[30]!.date).toBe('2025-03-31T00:00:00.000Z');
    for (const point of points) {
      const start = new Date(point.date);
      const day = sales.filter((s) => s.at >= start && s.at.getTime() < start.getTime() + 86_400_000);
      expect(point).toEqual({ date: point.date, netPrice: fromCents(sum(day, (s) => s.net)), grossPrice: fromCents(sum(day, (s) => s.gross)), count: day.length });
    }
    // The tip at 23:59:59 on 5 March is in the 5th, not the 6th.
    expect(bucketOf(points, new Date('2025-03-05T23:59:59Z'))!.count).toBe(1);
    expect(points.find((p) => p.date.startsWith('2025-03-06'))!.count).toBe(0);
  });

  it('weeks start on Monday and months on the 1st; the whole range adds up', async () => {
    const weeks = (await get(creator.token, '/performer/earning/timeline?interval=week&fromDate=2025-03-01&toDate=2025-03-31')).json().data as { date: string; netPrice: number; count: number }[];
    expect(weeks.map((w) => w.date.slice(0, 10))).toEqual(['2025-02-24', '2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31']);
    expect(weeks.every((w) => new Date(w.date).getUTCDay() === 1)).toBe(true);
    expect(weeks.reduce((n, w) => n + w.count, 0)).toBe(sales.filter(inMarch).length);
    expect(weeks[1]!.netPrice).toBe(fromCents(sum(sales.filter((s) => s.at >= new Date('2025-03-03') && s.at < new Date('2025-03-10')), (s) => s.net)));

    const months = (await get(creator.token, '/performer/earning/timeline?interval=month&fromDate=2025-02-15&toDate=2025-04-30')).json().data as { date: string; netPrice: number }[];
    expect(months.map((m) => m.date)).toEqual(['2025-02-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z', '2025-04-01T00:00:00.000Z']);
    expect(months[0]!.netPrice).toBe(0);
    // Only sales from 15 February on count in the first bucket, and to the end of 30 April in the last.
    expect(months[2]!.netPrice).toBe(fromCents(sum(sales.filter((s) => s.at >= new Date('2025-04-01')), (s) => s.net)));
  });

  it('covers the last 30 days by default and refuses a range of too many buckets', async () => {
    const points = (await get(creator.token, '/performer/earning/timeline')).json().data as { date: string; count: number }[];
    const now = clock.now();
    expect(points.at(-1)!.date).toBe(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
    expect(points[0]!.date).toBe(`${new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10)}T00:00:00.000Z`);
    const from = new Date(now.getTime() - 30 * 86_400_000);
    expect(points.reduce((n, p) => n + p.count, 0)).toBe(sales.filter((s) => s.at >= from && s.at <= now).length);
    expect((await get(creator.token, '/performer/earning/timeline?interval=day&fromDate=2000-01-01&toDate=2025-01-01')).statusCode).toBe(400);
  });
});

describe('top content', () => {
  it('ranks the five best sources of the range by net, subscriptions and tips as one row each', async () => {
    const res = await get(creator.token, '/performer/earning/top-content?fromDate=2025-03-01&toDate=2025-03-31');
    expect(res.statusCode, res.body).toBe(200);
    const groups = new Map<string, { type: string; sourceId: string | null; net: number; count: number }>();
    for (const sale of sales.filter(inMarch)) {
      const sourceId = sale.type === 'subscription' || sale.type === 'tip' ? null : sale.sourceId;
      const key = `${sale.sourceKind}:${sourceId}`;
      const group = groups.get(key) ?? { type: sale.type, sourceId, net: 0, count: 0 };
      group.net += sale.net;
      group.count += 1;
      groups.set(key, group);
    }
    const expected = [...groups.values()].sort((a, b) => b.net - a.net).slice(0, 5);
    const rows = res.json().data as { type: string; sourceId: string | null; title: string; netPrice: number; count: number }[];
    expect(rows.map(({ type, sourceId, netPrice, count }) => ({ type, sourceId, net: netPrice, count }))).toEqual(
      expected.map((g) => ({ type: g.type, sourceId: g.sourceId, net: fromCents(g.net), count: g.count })),
    );
    expect(groups.size).toBeGreaterThan(5);
    const feedRow = rows.find((r) => r.type === 'feed')!;
    expect(feedRow.title).toBe(longText.slice(0, 80));
    expect(feedRow.count).toBe(2);
    expect(rows.find((r) => r.type === 'tip')!.title).toBe('');
  });
});

describe('who may read earnings', () => {
  it('a fan is refused; another creator reads only their own; staff need earning.all and a creator id', async () => {
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email, undefined, '10.1.2.1');
    for (const url of ['/performer/earning/stats', '/performer/earning/search', '/performer/earning/timeline', '/performer/earning/top-content']) {
      expect((await get(fanToken, url)).statusCode).toBe(403);
    }
    const other = await createUser(t.ctx, { role: 'performer' });
    const otherToken = await signIn(t.app, other.email, undefined, '10.1.2.2');
    const theirs = (await get(otherToken, `/performer/earning/search?performerId=${creator.id}`)).json().data;
    expect(theirs).toEqual({ data: [], total: 0 });

    const manager = await createUser(t.ctx, { role: 'manager' });
    const managerToken = await signIn(t.app, manager.email, undefined, '10.1.2.3');
    expect((await get(managerToken, `/performer/earning/stats?performerId=${creator.id}`)).statusCode).toBe(403);
    await t.ctx.db.insert(userPermissions).values({ userId: manager.id, permissionKey: 'earning.all' });
    const managerToken2 = await signIn(t.app, manager.email, undefined, '10.1.2.4');
    expect((await get(managerToken2, '/performer/earning/stats')).statusCode).toBe(400);
    const read = await get(managerToken2, `/performer/earning/stats?performerId=${creator.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.totalNetPrice).toBe(fromCents(sum(sales, (s) => s.net)));
  });
});
