import type { EarningPoint, EarningStats, PayoutCalculation } from '@fandeck/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession, type OwnedSession } from '../session/session.js';
import { createFakeTransport, demoFan, fail, ok, type FakeTransport, type RecordedCall } from '../session/testing/fake-transport.js';
import { whenSignal } from '../session/testing/signal-waits.js';
import { subscriptionDto } from '../subscribe/testing/subscribe-fixtures.js';
import { rangeFor } from './dashboard-api.js';
import { DashboardModel } from './dashboard.model.js';
import { creatorAccount as creator, pendingPayoutRequest as pendingRequest } from './testing/dashboard-fixtures.js';

let transport: FakeTransport;
let session: OwnedSession;

const admin = { ...demoFan, _id: 'admin-1', name: 'Admin', username: 'admin.fandeck', email: 'admin@fandeck.local', role: 'admin' as const };
const stats = (net: number): EarningStats => ({ totalGrossPrice: net / 0.8, totalSiteCommission: net / 4, totalNetPrice: net, paidPrice: 0, pendingPrice: 0, remainingPrice: net });
const point = (date: string, netPrice: number): EarningPoint => ({ date, netPrice, grossPrice: netPrice, count: netPrice > 0 ? 1 : 0 });
const calculation = (available: number): PayoutCalculation => ({
  availableAmount: available,
  pendingAmount: 0,
  paidAmount: 0,
  minimumPayout: 50,
  canRequest: available >= 50,
  totalEarnedTokens: available,
  previousPaidOutTokens: 0,
  remainingUnpaidTokens: available,
});
const subscriber = subscriptionDto({ userInfo: { _id: 'fan-1', name: 'Fan One', username: 'fan.one', avatar: 'http://platform.test/a.svg' } });

/** The platform's answers, changeable per test; each read is counted. */
let earned = 80;
const reads = () => transport.calls.filter((call) => call.method === 'GET' || call.path === '/payout-requests/calculate').map((call) => call.path);

function scriptCreatorRoutes() {
  transport.respond('GET', '/performer/earning/stats', () => ok(stats(earned)));
  transport.respond('GET', '/performer/earning/timeline', (call: RecordedCall) =>
    ok(call.options.query?.interval === 'month' ? [point('2026-02-01T00:00:00.000Z', 20), point('2026-03-01T00:00:00.000Z', earned - 20)] : [point('2026-03-01T00:00:00.000Z', earned)]),
  );
  transport.respond('GET', '/subscriptions/performer/search', ok({ data: [subscriber], total: 1 }));
  transport.respond('GET', '/performer/earning/top-content', () => ok([{ type: 'subscription', sourceId: null, title: '', netPrice: earned, count: 3 }]));
  transport.respond('POST', '/payout-requests/calculate', () => ok(calculation(earned)));
  transport.respond('GET', '/payout-requests/check/pending-review', ok({ pending: false, request: null }));
}

async function signIn(user: Record<string, unknown>) {
  transport.respond('GET', '/users/me', ok(user));
  await session.auth.login({ username: String(user.username), password: 'pw' });
}

async function readyDashboard() {
  const model = new DashboardModel(session);
  await whenSignal(model.payout, (state) => state.status === 'ready', 2000, 'payout');
  await whenSignal(model.subscribers, (state) => state.status === 'ready', 2000, 'subscribers');
  return model;
}

beforeEach(async () => {
  earned = 80;
  transport = createFakeTransport();
  transport.respond('GET', '/settings/public', ok({}));
  session = createSession({ transport, lazy: true, onUnauthorized: () => undefined });
  scriptCreatorRoutes();
});

afterEach(() => session.dispose());

describe('dashboard model', () => {
  it('for a creator, loads the totals, the timeline by day, subscribers, top content and the payout side', async () => {
    await signIn(creator);
    const model = await readyDashboard();
    expect(model.access.value).toBe('creator');
    expect(model.stats.value).toEqual({ status: 'ready', value: stats(80) });
    expect(model.timeline.value).toEqual({ status: 'ready', value: [point('2026-03-01T00:00:00.000Z', 80)] });
    expect(model.subscribers.value).toEqual({ status: 'ready', value: { items: [subscriber], total: 1 } });
    expect(model.top.value).toMatchObject({ status: 'ready', value: [{ type: 'subscription', netPrice: 80 }] });
    expect(model.payout.value).toEqual({ status: 'ready', value: { calculation: calculation(80), pending: null } });
    const timeline = transport.calls.find((call) => call.path === '/performer/earning/timeline');
    expect(timeline?.options.query).toEqual({ interval: 'day', ...rangeFor('day') });
  });

  it('asks nothing for a fan or while signed out, and says which', async () => {
    const signedOut = new DashboardModel(session);
    expect(signedOut.access.value).toBe('signed-out');
    await signIn(demoFan);
    expect(signedOut.access.value).toBe('fan');
    expect(reads().filter((path) => /^\/(performer|subscriptions|payout-requests)\//.test(path))).toEqual([]);
  });

  it('switches the timeline’s interval, with the range that interval covers', async () => {
    await signIn(creator);
    const model = await readyDashboard();
    await model.setInterval('month');
    expect(model.interval.value).toBe('month');
    expect(model.timeline.value).toMatchObject({ status: 'ready', value: [{ netPrice: 20 }, { netPrice: 60 }] });
    const asked = transport.calls.filter((call) => call.path === '/performer/earning/timeline').at(-1);
    expect(asked?.options.query).toEqual({ interval: 'month', ...rangeFor('month') });
    expect(rangeFor('week', Date.parse('2026-03-31T10:00:00Z'))).toEqual({ fromDate: '2026-01-07', toDate: '2026-03-31' });
  });

  it('refreshes live on the creator’s earnings balance, once per burst, and ignores the wallet’s and others’ events', async () => {
    await signIn(creator);
    const model = await readyDashboard();
    transport.channel?.setStatus('connected');
    const before = reads().length;

    transport.channel?.serverEmit('update_balance', { token: -5, balance: 15 });
    transport.channel?.serverEmit('token_transaction_success', { _id: 'c', target: 'tip', targetId: 'x', performerId: 'someone-else', price: 5, status: 'success' });
    await model.settled();
    expect(reads().length).toBe(before);

    earned = 120;
    transport.channel?.serverEmit('update_balance', { token: 40, balance: 120, account: 'earnings' });
    transport.channel?.serverEmit('token_transaction_success', { _id: 'c2', target: 'tip', targetId: 'creator-1', performerId: 'creator-1', price: 50, status: 'success' });
    await model.settled();
    expect(model.stats.value).toEqual({ status: 'ready', value: stats(120) });
    expect(model.timeline.value).toEqual({ status: 'ready', value: [point('2026-03-01T00:00:00.000Z', 120)] });
    expect(model.payout.value).toMatchObject({ status: 'ready', value: { calculation: { availableAmount: 120 } } });
    // Both events came in one burst: each part was read once more, not twice.
    expect(reads().slice(before).filter((path) => path === '/performer/earning/stats')).toHaveLength(1);

    const subscribersBefore = reads().filter((path) => path === '/subscriptions/performer/search').length;
    transport.channel?.serverEmit('send_notification', { type: 'subscription.new_subscriber', data: {} });
    await model.settled();
    expect(reads().filter((path) => path === '/subscriptions/performer/search').length).toBe(subscribersBefore + 1);
  });

  it('stops listening and forgets the data when the creator signs out', async () => {
    await signIn(creator);
    const model = await readyDashboard();
    const channel = transport.channel;
    expect(channel?.listenerCount('update_balance')).toBeGreaterThan(0);
    await session.auth.logout();
    expect(model.access.value).toBe('signed-out');
    expect(model.stats.value).toEqual({ status: 'loading' });
    expect(channel?.listenerCount('update_balance') ?? 0).toBe(0);
  });

  it('requests a payout, then shows it as the open request; a refusal keeps its code', async () => {
    await signIn(creator);
    const model = await readyDashboard();
    transport.respond('POST', '/payout-requests', fail(422, { statusCode: 422, code: 'payouts.method_missing', message: 'x', error: 'Unprocessable Entity' }));
    const refused = await model.requestPayout({ amount: 60, method: 'banking', note: '' });
    expect(refused.ok).toBe(false);
    expect(model.payoutStep.value).toMatchObject({ step: 'failed', error: { code: 'payouts.method_missing' } });

    transport.respond('POST', '/payout-requests', ok(pendingRequest));
    transport.respond('GET', '/payout-requests/check/pending-review', ok({ pending: true, request: pendingRequest }));
    const outcome = await model.requestPayout({ amount: 60, method: 'pix', note: '  para o aluguel  ' });
    expect(outcome).toEqual({ ok: true, value: pendingRequest });
    expect(transport.calls.filter((call) => call.path === '/payout-requests').map((call) => call.options.body)).toEqual([
      { requestAmount: 60, paymentAccountType: 'banking' },
      { requestAmount: 60, paymentAccountType: 'pix', requestNote: 'para o aluguel' },
    ]);
    expect(model.payoutStep.value).toEqual({ step: 'sent', request: pendingRequest });
    expect(model.payout.value).toMatchObject({ status: 'ready', value: { pending: { _id: 'payout-1' } } });
  });

  it('for staff naming a creator by username, looks them up and reads their figures with performerId, never the payout side', async () => {
    transport.respond('GET', '/performers/ana.lima', ok({ _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima' }));
    await signIn(admin);
    const model = new DashboardModel(session, ' ana.lima ');
    await whenSignal(model.subscribers, (state) => state.status === 'ready', 2000, 'subscribers');
    await whenSignal(model.stats, (state) => state.status === 'ready', 2000, 'stats');
    expect(model.access.value).toBe('staff');
    expect(model.readOnly.value).toBe(true);
    expect(model.subject.value).toEqual({ status: 'ready', value: { _id: 'creator-1', name: 'Ana Lima' } });
    expect(model.stats.value).toEqual({ status: 'ready', value: stats(80) });

    const reads = transport.calls.filter((call) => /^\/(performer\/earning|subscriptions)\//.test(call.path));
    expect(reads.map((call) => call.path).sort()).toEqual(['/performer/earning/stats', '/performer/earning/timeline', '/performer/earning/top-content', '/subscriptions/performer/search']);
    for (const call of reads) expect(call.options.query, call.path).toMatchObject({ performerId: 'creator-1' });
    expect(transport.calls.find((call) => call.path === '/performer/earning/timeline')?.options.query).toEqual({ interval: 'day', ...rangeFor('day'), performerId: 'creator-1' });

    await model.setInterval('week');
    expect(transport.calls.filter((call) => call.path === '/performer/earning/timeline').at(-1)?.options.query).toEqual({ interval: 'week', ...rangeFor('week'), performerId: 'creator-1' });

    const refused = await model.requestPayout({ amount: 60, method: 'pix', note: '' });
    expect(refused.ok).toBe(false);
    expect(transport.calls.filter((call) => call.path.startsWith('/payout-requests'))).toEqual([]);
    expect(model.payout.value).toEqual({ status: 'loading' });
  });

  it('for staff without a creator, asks to choose one and reads nothing until one is named', async () => {
    transport.respond('GET', '/performers/creator-2', ok({ _id: 'creator-2', name: 'Bruno Costa', username: 'bruno.costa' }));
    await signIn({ ...admin, role: 'manager', _id: 'manager-1', username: 'manager' });
    const model = new DashboardModel(session);
    expect(model.access.value).toBe('choose');
    expect(model.subject.value).toBeNull();
    expect(reads().filter((path) => /^\/(performer|subscriptions|payout-requests)\//.test(path))).toEqual([]);

    model.setCreator('creator-2');
    expect(model.access.value).toBe('staff');
    await whenSignal(model.stats, (state) => state.status === 'ready', 2000, 'stats');
    expect(transport.calls.find((call) => call.path === '/performer/earning/stats')?.options.query).toEqual({ performerId: 'creator-2' });

    model.setCreator('  ');
    expect(model.access.value).toBe('choose');
    expect(model.stats.value).toEqual({ status: 'loading' });
  });

  it('for a manager without the permission, keeps the 403 by its code and stays signed in', async () => {
    transport.respond('GET', '/performers/ana.lima', ok({ _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima' }));
    const denied = fail(403, { statusCode: 403, code: 'auth.permission_denied', message: 'You do not have permission for this', error: 'Forbidden' });
    for (const path of ['/performer/earning/stats', '/performer/earning/timeline', '/performer/earning/top-content', '/subscriptions/performer/search']) transport.respond('GET', path, denied);
    await signIn({ ...admin, role: 'manager', _id: 'manager-1', username: 'manager' });
    const model = new DashboardModel(session, 'ana.lima');
    await whenSignal(model.stats, (state) => state.status === 'failed', 2000, 'stats failed');
    expect(model.stats.value).toMatchObject({ status: 'failed', error: { status: 403, code: 'auth.permission_denied' } });
    expect(session.auth.loggedIn.value).toBe(true);
  });

  it('for staff naming a creator who does not exist, says so and reads no figures', async () => {
    transport.respond('GET', '/performers/nobody', fail(404, { statusCode: 404, code: 'performers.not_found', message: 'Creator not found', error: 'Not Found' }));
    await signIn(admin);
    const model = new DashboardModel(session, 'nobody');
    await whenSignal(model.subject, (state) => state?.status === 'failed', 2000, 'subject failed');
    expect(model.subject.value).toMatchObject({ status: 'failed', error: { code: 'performers.not_found' } });
    expect(reads().filter((path) => /^\/(performer|subscriptions|payout-requests)\//.test(path))).toEqual([]);
  });

  it('for a creator, ignores a named creator: her own figures, without performerId, with the payout side', async () => {
    await signIn(creator);
    const model = new DashboardModel(session, 'bruno.costa');
    await whenSignal(model.payout, (state) => state.status === 'ready', 2000, 'payout');
    expect(model.access.value).toBe('creator');
    expect(model.readOnly.value).toBe(false);
    expect(transport.calls.some((call) => call.path.startsWith('/performers/'))).toBe(false);
    expect(transport.calls.find((call) => call.path === '/performer/earning/stats')?.options.query).toBeUndefined();
    expect(transport.calls.find((call) => call.path === '/subscriptions/performer/search')?.options.query).not.toHaveProperty('performerId');
  });

  it('shows a failed part by its code and loads it again on refresh', async () => {
    transport.respond('GET', '/performer/earning/stats', fail(403, { statusCode: 403, code: 'embeds.origin_not_owned', message: 'x', error: 'Forbidden' }));
    await signIn(creator);
    const model = await readyDashboard();
    await whenSignal(model.stats, (state) => state.status === 'failed', 2000, 'stats failed');
    expect(model.stats.value).toMatchObject({ status: 'failed', error: { status: 403, code: 'embeds.origin_not_owned' } });
    // A refused owner route must not sign the creator out.
    expect(session.auth.loggedIn.value).toBe(true);

    transport.respond('GET', '/performer/earning/stats', () => ok(stats(earned)));
    await model.refresh();
    expect(model.stats.value).toEqual({ status: 'ready', value: stats(80) });
  });
});
