/**
 * A creator's earnings, read from the ledger (earning-credits.ts): totals, the list of
 * credits, a timeline and what earned the most. Balances (what may be requested, what is
 * reserved) are the ledger accounts themselves.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { EarningDto, EarningPoint, EarningSource, EarningStats, TopContentDto } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { feedCrowdfunding, feeds } from '../feeds/feeds.tables.js';
import { galleries } from '../galleries/galleries.tables.js';
import { payoutRequests } from '../payouts/payouts.tables.js';
import { videos } from '../videos/videos.tables.js';
import { badRequest } from '../../http/errors.js';
import { fromCents } from '../../money/amounts.js';
import { sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { balancesOf } from '../../money/ledger/ledger.js';
import { accountIdOf, creditsOf, ofSource, sourceOf, type TimeRange } from './earning-credits.js';
import { partiesById, presentParty } from './party-info.js';

const cents = (value: string | number | null | undefined) => Number(value ?? 0);

/** Sum of a creator's payout requests that were paid (`done`). */
export async function paidOutCents(db: DbOrTx, performerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`sum(${payoutRequests.requestedCents})` })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.performerId, performerId), eq(payoutRequests.status, 'done')));
  return cents(row?.total);
}

/** What may be requested (the earnings account) and what open requests hold (the payout account). */
export async function earningBalances(db: DbOrTx, performerId: string): Promise<{ availableCents: number; reservedCents: number }> {
  const earnings = accountKeys.earnings(performerId);
  const payout = accountKeys.payout(performerId);
  const balances = await balancesOf(db, [earnings, payout]);
  return { availableCents: balances.get(earnings)!, reservedCents: balances.get(payout)! };
}

/** Totals of the sales in the range; paid, pending and remaining are as of now, whatever the range. */
export async function earningStats(ctx: AppContext, performerId: string, range: TimeRange): Promise<EarningStats> {
  const accountId = await accountIdOf(ctx.db, accountKeys.earnings(performerId));
  const credits = accountId ? creditsOf(ctx.db, accountId, range) : undefined;
  const [totals] = credits
    ? await ctx.db.select({ gross: sql<string | number | null>`sum(${credits.gross})`, net: sql<string | number | null>`sum(${credits.net})` }).from(credits)
    : [];
  const [{ availableCents, reservedCents }, paid] = await Promise.all([earningBalances(ctx.db, performerId), paidOutCents(ctx.db, performerId)]);
  const gross = cents(totals?.gross);
  const net = cents(totals?.net);
  return {
    totalGrossPrice: fromCents(gross),
    // Everything taken off the price before it reached the creator (referrers are paid out of it).
    totalSiteCommission: fromCents(gross - net),
    totalNetPrice: fromCents(net),
    paidPrice: fromCents(paid),
    pendingPrice: fromCents(reservedCents),
    remainingPrice: fromCents(availableCents),
  };
}

/** What the list may be sorted by, and the credit column each sorts on. */
export const earningSortColumns = { createdAt: 'createdAt', netPrice: 'net', grossPrice: 'gross' } as const;

export interface EarningSearch extends ListQuery {
  type?: EarningSource | undefined;
}

export async function searchEarnings(ctx: AppContext, performerId: string, query: EarningSearch, range: TimeRange): Promise<{ items: EarningDto[]; total: number }> {
  const accountId = await accountIdOf(ctx.db, accountKeys.earnings(performerId));
  if (!accountId) return { items: [], total: 0 };
  const page = toPage(query, { sortBy: 'createdAt' });
  const credits = creditsOf(ctx.db, accountId, range, query.type ? ofSource(query.type) : undefined);
  const column = credits[sortColumnOf(earningSortColumns, page, 'createdAt')];
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(credits)
      .orderBy(page.sort === 'asc' ? asc(column) : desc(column), asc(credits.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(credits),
  ]);
  const parties = await partiesById(ctx.db, rows.map((r) => r.buyer));
  const items = rows.map((r): EarningDto => {
    const buyer = r.buyer ? parties.get(r.buyer) : undefined;
    const gross = cents(r.gross);
    return {
      _id: r.id,
      type: sourceOf(r.kind),
      sourceType: r.recorded,
      // A tip's recorded target is the creator themself: nothing to link to.
      sourceId: r.kind === 'tip' ? null : r.recordId,
      grossPrice: fromCents(gross),
      siteCommission: fromCents(gross - r.net),
      netPrice: fromCents(r.net),
      userInfo: buyer ? presentParty(ctx.config.publicOrigin, buyer) : null,
      createdAt: new Date(r.createdAt).toISOString(),
    };
  });
  return { items, total: counted?.total ?? 0 };
}

export const TIMELINE_INTERVALS = ['day', 'week', 'month'] as const;
export type TimelineInterval = (typeof TIMELINE_INTERVALS)[number];
export const MAX_TIMELINE_BUCKETS = 1000;
const DAY_MS = 86_400_000;
const DEFAULT_TIMELINE_DAYS = 30;

/** The start of the UTC bucket holding `at` (weeks start on Monday, as PostgreSQL's `date_trunc`). */
export function bucketStart(at: Date, interval: TimelineInterval): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (interval === 'day') return new Date(day);
  if (interval === 'week') return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

const nextBucket = (start: Date, interval: TimelineInterval): Date =>
  interval === 'day'
    ? new Date(start.getTime() + DAY_MS)
    : interval === 'week'
      ? new Date(start.getTime() + 7 * DAY_MS)
      : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));

/** Every bucket start from the one holding `from` to the one holding the last instant before `until`. */
export function bucketsOf(from: Date, until: Date, interval: TimelineInterval): Date[] {
  const out: Date[] = [];
  const last = new Date(until.getTime() - 1);
  for (let b = bucketStart(from, interval); b <= last; b = nextBucket(b, interval)) {
    out.push(b);
    if (out.length > MAX_TIMELINE_BUCKETS) {
      throw badRequest('request.invalid', `querystring.fromDate: the range holds more than ${MAX_TIMELINE_BUCKETS} ${interval}s`, ['querystring.fromDate']);
    }
  }
  return out;
}

const TRUNC_UNIT: Record<TimelineInterval, string> = { day: 'day', week: 'week', month: 'month' };

/** Net and gross per bucket, oldest first, empty buckets included; the last 30 days by default. */
export async function earningTimeline(ctx: AppContext, performerId: string, interval: TimelineInterval, asked: TimeRange): Promise<EarningPoint[]> {
  const until = asked.until ?? ctx.now();
  const from = asked.from ?? new Date(until.getTime() - DEFAULT_TIMELINE_DAYS * DAY_MS);
  const buckets = bucketsOf(from, until, interval);
  const accountId = await accountIdOf(ctx.db, accountKeys.earnings(performerId));
  // The unit comes from the fixed table above, never from the request's text.
  const credits = accountId ? creditsOf(ctx.db, accountId, { from, until }) : undefined;
  const bucket = credits && sql<string>`to_char(date_trunc('${sql.raw(TRUNC_UNIT[interval])}', ${credits.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows =
    credits && bucket
      ? await ctx.db
          .select({ bucket, net: sql<string | number>`sum(${credits.net})`, gross: sql<string | number>`sum(${credits.gross})`, count: count() })
          .from(credits)
          .groupBy(bucket)
      : [];
  const byDay = new Map(rows.map((r) => [r.bucket, r]));
  return buckets.map((start) => {
    const row = byDay.get(start.toISOString().slice(0, 10));
    return { date: start.toISOString(), netPrice: fromCents(cents(row?.net)), grossPrice: fromCents(cents(row?.gross)), count: row?.count ?? 0 };
  });
}

export const TOP_CONTENT_LIMIT = 5;

/**
 * The five sources that earned the most in the range: each post, video, gallery (and so on)
 * on its own, all subscriptions as one row and all tips as one row. Those two have no title:
 * the client names them by `type`.
 */
export async function topContent(ctx: AppContext, performerId: string, range: TimeRange): Promise<TopContentDto[]> {
  const accountId = await accountIdOf(ctx.db, accountKeys.earnings(performerId));
  if (!accountId) return [];
  const credits = creditsOf(ctx.db, accountId, range);
  const net = sql<string | number>`sum(${credits.net})`;
  const rows = await ctx.db
    .select({ kind: credits.kind, itemId: credits.itemId, net, count: count() })
    .from(credits)
    .groupBy(credits.kind, credits.itemId)
    .orderBy(desc(net), desc(count()), asc(credits.kind), asc(credits.itemId))
    .limit(TOP_CONTENT_LIMIT);
  const titles = await titlesOf(ctx.db, rows);
  return rows.map((r) => ({
    type: sourceOf(r.kind),
    sourceId: r.itemId,
    title: (r.itemId && titles.get(`${r.kind}:${r.itemId}`)) || '',
    netPrice: fromCents(cents(r.net)),
    count: r.count,
  }));
}

const TITLE_LENGTH = 80;

/** Titles of the items, keyed `kind:id`: a post's text (its start), a video's, gallery's or goal's title. */
async function titlesOf(db: DbOrTx, rows: readonly { kind: string; itemId: string | null }[]): Promise<Map<string, string>> {
  const idsOf = (kind: string) => rows.filter((r) => r.kind === kind && r.itemId).map((r) => r.itemId!);
  const lookups: [string, Promise<{ id: string; title: string }[]>][] = [];
  const add = (kind: string, query: (ids: string[]) => Promise<{ id: string; title: string }[]>) => {
    const ids = idsOf(kind);
    if (ids.length) lookups.push([kind, query(ids)]);
  };
  add('feed', (ids) => db.select({ id: feeds.id, title: feeds.text }).from(feeds).where(inArray(feeds.id, ids)));
  add('video', (ids) => db.select({ id: videos.id, title: videos.title }).from(videos).where(inArray(videos.id, ids)));
  add('gallery', (ids) => db.select({ id: galleries.id, title: galleries.title }).from(galleries).where(inArray(galleries.id, ids)));
  add('crowdfunding', (ids) => db.select({ id: feedCrowdfunding.id, title: feedCrowdfunding.title }).from(feedCrowdfunding).where(inArray(feedCrowdfunding.id, ids)));
  const out = new Map<string, string>();
  for (const [kind, pending] of lookups) {
    for (const row of await pending) out.set(`${kind}:${row.id}`, [...row.title.trim()].slice(0, TITLE_LENGTH).join(''));
  }
  return out;
}
