/**
 * One creator dashboard's data: earnings totals, earnings over time by day, week or month,
 * the newest subscribers, the content that earned most, and the payout side (what may be
 * requested, the open request) with the request itself. It loads once the signed-in user
 * is known to be a creator and keeps itself current from the live channel: a sale or a
 * subscription credits the creator's earnings (`update_balance` on account `earnings`), a
 * sale is also `token_transaction_success`, a new subscriber a `send_notification`. A view
 * makes one per element (`useModel`).
 *
 * Staff (role manager or admin: /users/me carries no permissions, so the server's 403
 * `auth.permission_denied` is what says a manager lacks `earning.all`) read the creator
 * they name (`setCreator`, id or username) without the payout side, which stays the
 * creator's: read-only, and not live (the creator's events go to the creator's sockets).
 */
import type { EarningPoint, EarningStats, PayoutAccountTypeWire, PayoutRequestDto, TopContentDto } from '@fandeck/contract';
import { SERVER_EVENTS } from '@fandeck/contract';
import { batch, computed, createModel, effect, signal, untracked, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { failure, success, type ActionError, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import {
  fetchCreator,
  fetchPayout,
  fetchStats,
  fetchSubscribers,
  fetchTimeline,
  fetchTopContent,
  requestPayout,
  type CreatorRef,
  type Interval,
  type PayoutState,
  type Subscribers,
} from './dashboard-api.js';

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: ActionError };

/**
 * Who is looking: nobody, someone not yet known, a fan, a creator (whose dashboard this
 * is), staff reading the creator they named, or staff who named none yet (`choose`).
 */
export type Access = 'signed-out' | 'loading' | 'fan' | 'creator' | 'staff' | 'choose';

export type PayoutStep = { step: 'idle' } | { step: 'sending' } | { step: 'sent'; request: PayoutRequestDto } | { step: 'failed'; error: ActionError };

export interface PayoutInput {
  amount: number;
  method: PayoutAccountTypeWire;
  note: string;
}

type Part = 'stats' | 'timeline' | 'subscribers' | 'top' | 'payout';
const ALL: readonly Part[] = ['stats', 'timeline', 'subscribers', 'top', 'payout'];
/** What staff read: the payout routes are the creator's own. */
const READ_ONLY: readonly Part[] = ['stats', 'timeline', 'subscribers', 'top'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The `creator` a page named: trimmed, and absent when blank. */
const named = (value: string | null | undefined) => value?.trim() || null;

export const DashboardModel = createModel((session: Session, creator?: string | null) => {
  const loading = { status: 'loading' } as const;
  const stats = signal<Load<EarningStats>>(loading);
  const timeline = signal<Load<EarningPoint[]>>(loading);
  const subscribers = signal<Load<Subscribers>>(loading);
  const top = signal<Load<TopContentDto[]>>(loading);
  const payout = signal<Load<PayoutState>>(loading);
  const interval = signal<Interval>('day');
  const payoutStep = signal<PayoutStep>({ step: 'idle' });
  const wanted = signal(named(creator));
  /** The creator staff named, once the platform confirmed them; null for anyone else. */
  const subject = signal<Load<CreatorRef> | null>(null);

  const access = computed<Access>(() => {
    if (!session.auth.loggedIn.value) return 'signed-out';
    const user = session.user.current.value;
    if (!user) return 'loading';
    if (user.isPerformer) return 'creator';
    if (user.role === 'admin' || user.role === 'manager') return wanted.value ? 'staff' : 'choose';
    return 'fan';
  });
  const readOnly = computed(() => access.value === 'staff');
  /** Whose figures are shown: the creator's own id, or the one staff named once resolved. */
  const creatorId = computed(() => {
    if (access.value === 'creator') return session.user.current.value?._id ?? null;
    const found = readOnly.value ? subject.value : null;
    return found?.status === 'ready' ? found.value._id : null;
  });
  /** `performerId` on every read for staff; the creator's reads name nobody. */
  const scope = () => (readOnly.peek() ? (creatorId.peek() ?? undefined) : undefined);
  const partsFor = () => (readOnly.peek() ? READ_ONLY : ALL);

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
    const performerId = scope();
    for (const part of parts) {
      if (part === 'stats') jobs.push(into(part, stats, () => fetchStats(session, performerId)));
      else if (part === 'timeline') jobs.push(into(part, timeline, () => fetchTimeline(session, interval.peek(), performerId)));
      else if (part === 'subscribers') jobs.push(into(part, subscribers, () => fetchSubscribers(session, performerId)));
      else if (part === 'top') jobs.push(into(part, top, () => fetchTopContent(session, performerId)));
      else if (!performerId) jobs.push(into(part, payout, () => fetchPayout(session)));
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

  // Staff's creator, looked up by id or username (the title names them); a later name wins.
  let lookups = 0;
  effect(() => {
    const value = readOnly.value ? wanted.value : null;
    const turn = ++lookups;
    untracked(() => {
      subject.value = value ? loading : null;
      if (!value) return;
      void fetchCreator(session, value).then((outcome) => {
        if (turn === lookups) subject.value = outcome.ok ? { status: 'ready', value: outcome.value } : { status: 'failed', error: outcome.error };
      });
    });
  });

  // Loads when a creator signs in (or staff's creator is known), forgets when they leave.
  effect(() => {
    const id = creatorId.value;
    untracked(() => {
      for (const part of ALL) turns[part] += 1;
      batch(() => {
        for (const target of [stats, timeline, subscribers, top, payout] as Signal<Load<unknown>>[]) target.value = loading;
        payoutStep.value = { step: 'idle' };
      });
      if (id) void load(partsFor());
    });
  });

  // The live channel exists only while signed in (socket.io-client loads then); the
  // creator's events reach only the creator's own sockets.
  effect(() => {
    const channel = session.live.channel.value;
    const id = access.value === 'creator' ? creatorId.value : null;
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
    /** Staff's creator (loading while looked up, failed when there is none such); null otherwise. */
    subject: subject as ReadonlySignal<Load<CreatorRef> | null>,
    /** True while staff read a creator's dashboard: no payout request, no live refresh. */
    readOnly: readOnly as ReadonlySignal<boolean>,
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

    /** Staff: the creator whose dashboard to read, by id or username (a creator's own never changes). */
    setCreator(value: string | null | undefined): void {
      wanted.value = named(value);
    },

    /** Loads every part again (after a failure, or on demand). */
    refresh(): Promise<unknown> {
      return creatorId.peek() ? load(partsFor()) : Promise.resolve();
    },

    /** Settles once the refreshes the live events asked for have answered (tests wait on it). */
    settled(): Promise<unknown> {
      return flushed;
    },

    /** Requests a payout of `amount` to `method`; the server allows one open request. */
    async requestPayout(input: PayoutInput): Promise<Outcome<PayoutRequestDto>> {
      if (!creatorId.peek() || readOnly.peek() || payoutStep.peek().step === 'sending') return failure({ status: -1, message: '' });
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
