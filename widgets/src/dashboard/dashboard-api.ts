/**
 * The creator dashboard's reads and its one write (a payout request), over the page's
 * session. On a third-party page these routes pass the bridge only from the creator's own
 * sites (contract `embed: 'owner'`); a refusal comes back as any failure does, by code.
 *
 * Staff (a manager holding `earning.all`, an admin) read a named creator's figures: each
 * read then carries `performerId`. The payout routes stay the creator's own.
 *
 * Paths are written out rather than taken from the contract's `paths`: that table would
 * bring every route into the element's chunk. Each names its contract route.
 */
import type {
  EarningPoint,
  EarningStats,
  PayoutAccountTypeWire,
  PayoutCalculation,
  PayoutRequestDto,
  SubscriptionDto,
  TopContentDto,
} from '@fandeck/contract';
import { failure, success, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';

export type Interval = 'day' | 'week' | 'month';
export const INTERVALS: readonly Interval[] = ['day', 'week', 'month'];

/** How far back each interval's chart reaches: 30 days, 12 weeks, 12 months. */
const SPAN_DAYS: Record<Interval, number> = { day: 29, week: 83, month: 334 };

/** The payout methods the form offers (cards payouts need the provider's own onboarding). */
export const PAYOUT_METHODS: readonly PayoutAccountTypeWire[] = ['pix', 'banking'];

/** A 403 on a third-party page (an origin the creator has not listed) must not sign the creator out. */
const keep = { unauthorized: 'ignore' } as const;

/** A page of subscribers. */
export interface Subscribers {
  items: SubscriptionDto[];
  total: number;
}

/** The payout side: what may be requested, and the open request if there is one. */
export interface PayoutState {
  calculation: PayoutCalculation;
  pending: PayoutRequestDto | null;
}

/** `YYYY-MM-DD` of a time, in UTC (the server's buckets are UTC). */
const day = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The date range the chart of `interval` covers, ending today. */
export function rangeFor(interval: Interval, now = Date.now()): { fromDate: string; toDate: string } {
  return { fromDate: day(now - SPAN_DAYS[interval] * 86_400_000), toDate: day(now) };
}

const items = <T>(value: unknown): T[] =>
  Array.isArray(value) ? (value as T[]) : value && typeof value === 'object' && Array.isArray((value as { data?: unknown }).data) ? ((value as { data: T[] }).data) : [];

/** Whose figures a read asks for: the signed-in creator's own (undefined), or the creator staff named. */
export type Scope = string | undefined;

const scoped = (performerId: Scope, query: Record<string, string | number>) => (performerId ? { ...query, performerId } : query);

/** A creator as the staff's dashboard names them. */
export interface CreatorRef {
  _id: string;
  name: string;
}

/** `performers.get`, by id or username: the creator staff asked for, with the name the title shows. */
export async function fetchCreator(session: Session, idOrUsername: string): Promise<Outcome<CreatorRef>> {
  const outcome = await session.api.performers.get({ id: idOrUsername }, undefined, keep);
  if (!outcome.ok) return outcome;
  const { _id: id, name } = outcome.value ?? {};
  if (typeof id !== 'string' || !id) return failure({ status: 404, code: 'performers.not_found', message: '' });
  return success({ _id: id, name: typeof name === 'string' && name ? name : idOrUsername });
}

/** `earnings.stats`: all-time totals. */
export const fetchStats = (session: Session, performerId?: Scope) => session.api.earnings.stats(performerId ? { performerId } : undefined, keep);

/** `earnings.timeline`: oldest first, empty buckets included. */
export async function fetchTimeline(session: Session, interval: Interval, performerId?: Scope, now?: number): Promise<Outcome<EarningPoint[]>> {
  const outcome = await session.api.earnings.timeline( scoped(performerId, { interval, ...rangeFor(interval, now) }), keep);
  return outcome.ok ? success(items<EarningPoint>(outcome.value)) : outcome;
}

/** `subscriptions.performerSearch`: the newest subscribers first. */
export async function fetchSubscribers(session: Session, performerId?: Scope, limit = 10): Promise<Outcome<Subscribers>> {
  const outcome = await session.api.subscriptions.performerSearch.list( scoped(performerId, { limit, offset: 0, sort: 'desc' }), keep);
  return outcome.ok ? success({ items: outcome.value.data, total: outcome.value.total }) : outcome;
}

/** `earnings.topContent`: what earned the most. */
export async function fetchTopContent(session: Session, performerId?: Scope): Promise<Outcome<TopContentDto[]>> {
  const outcome = await session.api.earnings.topContent(performerId ? { performerId } : undefined, keep);
  return outcome.ok ? success(items<TopContentDto>(outcome.value)) : outcome;
}

/** `payouts.calculate` and `payouts.pendingReview`, together. */
export async function fetchPayout(session: Session): Promise<Outcome<PayoutState>> {
  const [calculation, review] = await Promise.all([
    session.api.payouts.calculate({}, keep),
    session.api.payouts.pendingReview(undefined, keep),
  ]);
  if (!calculation.ok) return calculation;
  if (!review.ok) return review;
  const request = review.value?.request;
  return success({ calculation: calculation.value, pending: request && typeof request === 'object' ? (request as PayoutRequestDto) : null });
}

/** `payouts.create`: one open request per creator; the server reserves the amount. */
export const requestPayout = (session: Session, body: { requestAmount: number; paymentAccountType: PayoutAccountTypeWire; requestNote?: string }) =>
  session.api.payouts.create(body, keep);
