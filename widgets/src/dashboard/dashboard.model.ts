/**
 * One creator dashboard's data: earnings totals, earnings over time by day, week or month,
 * the newest subscribers, the content that earned most, and the payout side (what may be
 * requested, the open request) with the request itself. It loads once the signed-in user
 * is known to be a creator and keeps itself current from the live channel: a sale or a
 * subscription credits the creator's earnings (`update_balance` on account `earnings`), a
 * sale is also `token_transaction_success`, a new subscriber a `send_notification`. A view
 * makes one per element (`useModel`).
 */
import type { EarningPoint, EarningStats, PayoutAccountTypeWire, PayoutRequestDto, TopContentDto } from '@fandeck/contract';
import { SERVER_EVENTS } from '@fandeck/contract';
import { batch, computed, createModel, effect, signal, untracked, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { failure, success, type ActionError, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import {
  fetchPayout,
  fetchStats,
  fetchSubscribers,
  fetchTimeline,
  fetchTopContent,
  requestPayout,
  type Interval,
  type PayoutState,
  type Subscribers,
} from './dashboard-api.js';

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: ActionError };

/** Who is looking: nobody, someone not yet known, a fan, or a creator (whose dashboard this is). */
export type Access = 'signed-out' | 'loading' | 'fan' | 'creator';

export type PayoutStep = { step: 'idle' } | { step: 'sending' } | { step: 'sent'; request: PayoutRequestDto } | { step: 'failed'; error: ActionError };

export interface PayoutInput {
  amount: number;
  method: PayoutAccountTypeWire;
  note: string;
}

type Part = 'stats' | 'timeline' | 'subscribers' | 'top' | 'payout';
const ALL: readonly Part[] = ['stats', 'timeline', 'subscribers', 'top', 'payout'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const DashboardModel = createModel((session: Session) => {
  const loading = { status: 'loading' } as const;
  const stats = signal<Load<EarningStats>>(loading);
  const timeline = signal<Load<EarningPoint[]>>(loading);
  const subscribers = signal<Load<Subscribers>>(loading);
  const top = signal<Load<TopContentDto[]>>(loading);
  const payout = signal<Load<PayoutState>>(loading);
  const interval = signal<Interval>('day');
  const payoutStep = signal<PayoutStep>({ step: 'idle' });

  const access = computed<Access>(() => {
    if (!session.auth.loggedIn.value) return 'signed-out';
    const user = session.user.current.value;
    return !user ? 'loading' : user.isPerformer ? 'creator' : 'fan';
  });
  const creatorId = computed(() => (access.value === 'creator' ? (session.user.current.value?._id ?? null) : null));

  // Each part keeps the number of its latest request: a slower earlier answer never wins.
  const turns: Record<Part, number> = { stats: 0, timeline: 0, subscribers: 0, top: 0, payout: 0 };

  async function into<T>(part: Part, target: Signal<Load<T>>, fetch: () => Promise<Outcome<T>>): Promise<void> {
    const turn = ++turns[part];
    // A refresh keeps what is shown until the new answer arrives.
    if (target.peek().status === 'failed') target.value = loading;
    const outcome = await fetch();
    if (turn !== turns[part] || !creatorId.peek()) return;
    target.value = outcome.ok ? { status: 'ready', value: outcome.value } : { status: 'failed', error: outcome.error };
  }

  function load(parts: Iterable<Part>): Promise<unknown> {
    const jobs: Promise<void>[] = [];
    for (const part of parts) {
      if (part === 'stats') jobs.push(into(part, stats, () => fetchStats(session)));
      else if (part === 'timeline') jobs.push(into(part, timeline, () => fetchTimeline(session, interval.peek())));
      else if (part === 'subscribers') jobs.push(into(part, subscribers, () => fetchSubscribers(session)));
      else if (part === 'top') jobs.push(into(part, top, () => fetchTopContent(session)));
      else jobs.push(into(part, payout, () => fetchPayout(session)));
    }
    return Promise.all(jobs);
  }

  // Events come in bursts (one sale: a balance update and a transaction); one refresh each.
  let queued: Set<Part> | null = null;
  let flushed: Promise<unknown> = Promise.resolve();
  function refreshSoon(parts: readonly Part[]): void {
    if (queued) {
      for (const part of parts) queued.add(part);
      return;
    }
    queued = new Set(parts);
    flushed = Promise.resolve().then(() => {
      const due = queued ?? new Set<Part>();
      queued = null;
      return load(due);
    });
  }

  // Loads when a creator signs in (or another one), forgets when they leave.
  effect(() => {
    const id = creatorId.value;
    untracked(() => {
      for (const part of ALL) turns[part] += 1;
      batch(() => {
        for (const target of [stats, timeline, subscribers, top, payout] as Signal<Load<unknown>>[]) target.value = loading;
        payoutStep.value = { step: 'idle' };
      });
      if (id) void load(ALL);
    });
  });

  // The live channel exists only while signed in (socket.io-client loads then).
  effect(() => {
    const channel = session.live.channel.value;
    const id = creatorId.value;
    if (!channel || !id) return;
    const offs = [
      channel.on(SERVER_EVENTS.updateBalance, (payload) => {
        if (isRecord(payload) && payload.account === 'earnings') refreshSoon(ALL);
      }),
      // The creator's own purchases as a fan are not sales.
      channel.on(SERVER_EVENTS.transactionSuccess, (payload) => {
        if (isRecord(payload) && payload.performerId === id) refreshSoon(['stats', 'timeline', 'top', 'subscribers']);
      }),
      channel.on(SERVER_EVENTS.notification, (payload) => {
        if (isRecord(payload) && /subscri/.test(String(payload.type ?? ''))) refreshSoon(['subscribers', 'stats']);
      }),
    ];
    return () => offs.forEach((off) => off());
  });

  return {
    access: access as ReadonlySignal<Access>,
    stats: stats as ReadonlySignal<Load<EarningStats>>,
    timeline: timeline as ReadonlySignal<Load<EarningPoint[]>>,
    subscribers: subscribers as ReadonlySignal<Load<Subscribers>>,
    top: top as ReadonlySignal<Load<TopContentDto[]>>,
    payout: payout as ReadonlySignal<Load<PayoutState>>,
    interval: interval as ReadonlySignal<Interval>,
    payoutStep: payoutStep as ReadonlySignal<PayoutStep>,

    /** Earnings over time by another interval. */
    setInterval(next: Interval): Promise<unknown> {
      if (next === interval.peek() && timeline.peek().status !== 'failed') return Promise.resolve();
      interval.value = next;
      timeline.value = loading;
      return load(['timeline']);
    },

    /** Loads every part again (after a failure, or on demand). */
    refresh(): Promise<unknown> {
      return creatorId.peek() ? load(ALL) : Promise.resolve();
    },

    /** Settles once the refreshes the live events asked for have answered (tests wait on it). */
    settled(): Promise<unknown> {
      return flushed;
    },

    /** Requests a payout of `amount` to `method`; the server allows one open request. */
    async requestPayout(input: PayoutInput): Promise<Outcome<PayoutRequestDto>> {
      if (!creatorId.peek() || payoutStep.peek().step === 'sending') return failure({ status: -1, message: '' });
      payoutStep.value = { step: 'sending' };
      const note = input.note.trim();
      const outcome = await requestPayout(session, { requestAmount: input.amount, paymentAccountType: input.method, ...(note ? { requestNote: note } : {}) });
      if (!outcome.ok) {
        payoutStep.value = { step: 'failed', error: outcome.error };
        // Another request opened elsewhere meanwhile: show it.
        if (outcome.error.code === 'payouts.already_pending') void load(['payout']);
        return outcome;
      }
      payoutStep.value = { step: 'sent', request: outcome.value };
      const current = payout.peek();
      if (current.status === 'ready') payout.value = { status: 'ready', value: { ...current.value, pending: outcome.value } };
      void load(['payout', 'stats']);
      return success(outcome.value);
    },
  };
});

export type DashboardModel = InstanceType<typeof DashboardModel>;
