import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnedSession } from '../session/session.js';
import { fail, ok, type FakeTransport } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import { readPlans } from './subscribe-api.js';
import { SubscribeModel, standingOf } from './subscribe.model.js';
import { creatorWithPlans, subscriptionDto as subscription } from './testing/subscribe-fixtures.js';

let transport: FakeTransport;
let session: OwnedSession;

const profile = { ...creatorWithPlans, avatar: 'http://platform.test/files/ana.jpg', isSubscribed: false };

const insufficient = fail(422, { statusCode: 422, code: 'wallet.insufficient_balance', message: 'anything', error: 'Unprocessable Entity' });

beforeEach(async () => {
  ({ transport, session } = await signedInFan(50));
  transport.respond('GET', '/performers/ana.lima', ok(profile));
  transport.respond('GET', '/subscriptions/user-subscriber', ok(null));
});

afterEach(() => session.dispose());

async function readyModel() {
  const model = new SubscribeModel(session);
  await model.setCreator('ana.lima');
  expect(model.offer.value.status).toBe('ready');
  return model;
}

describe('subscribe model', () => {
  it('reads the plans with prices (shortest first, unpriced left out), the free offer, and the fan’s subscription for this creator', async () => {
    const model = await readyModel();
    expect(model.offer.value).toEqual({
      status: 'ready',
      offer: {
        creator: { _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima', avatar: 'http://platform.test/files/ana.jpg' },
        plans: [
          { type: 'monthly', price: 9.9, months: 1 },
          { type: 'quarterly', price: 27, months: 3 },
          { type: 'yearly', price: 99, months: 12 },
        ],
        free: { days: 7 },
      },
    });
    expect(model.mine.value).toEqual({ status: 'ready', subscription: null });
    const asked = transport.calls.find((call) => call.path === '/subscriptions/user-subscriber');
    expect(asked?.options.query).toEqual({ performerId: 'creator-1' });
  });

  it('takes subscriptionPlans when the profile sends them, and no free offer once used or switched off by the platform', async () => {
    expect(readPlans({ subscriptionPlans: [{ type: 'yearly', price: 80, months: 12 }, { type: 'monthly', price: 10, months: 1 }, { type: 'weekly', price: 1 }], monthlyPrice: 99 })).toEqual([
      { type: 'monthly', price: 10, months: 1 },
      { type: 'yearly', price: 80, months: 12 },
    ]);
    transport.respond('GET', '/performers/ana.lima', ok({ ...profile, usedFreeSubscription: true }));
    const used = await readyModel();
    expect(used.offer.value).toMatchObject({ offer: { free: null } });

    transport.respond('GET', '/performers/ana.lima', ok(profile));
    transport.respond('GET', '/settings/public', ok({ freeSubscriptionEnabled: false }));
    await session.settings.load();
    const off = await readyModel();
    expect(off.offer.value).toMatchObject({ offer: { free: null } });
  });

  it('opens on the free offer, then subscribes to the chosen plan with one pay of `subscribe`, and shows the subscription after', async () => {
    transport.respondPay('subscribe', (request) => ok({ subscription: subscription({ subscriptionType: request.body.type as 'quarterly', price: 27 }), balance: 23 }));
    const model = await readyModel();
    model.open();
    expect(model.step.value).toEqual({ step: 'choosing', plan: 'free' });
    model.choose('quarterly');
    const outcome = await model.subscribe();
    expect(outcome.ok).toBe(true);
    expect(transport.payCalls.map((call) => call.request)).toEqual([
      { action: 'subscribe', params: {}, body: { performerId: 'creator-1', type: 'quarterly' }, idempotencyKey: expect.any(String) },
    ]);
    expect(model.step.value).toMatchObject({ step: 'done', subscription: { _id: 'sub-1', subscriptionType: 'quarterly' } });
    expect(model.mine.value).toMatchObject({ status: 'ready', subscription: { subscriptionType: 'quarterly' } });
    expect(standingOf(model.mine.value.status === 'ready' ? model.mine.value.subscription : null)).toEqual({ kind: 'renews', date: '2099-04-01T12:00:00.000Z' });
    // The answer's balance is the wallet's now, before its update_balance arrives.
    expect(session.user.current.value?.balance).toBe(23);
  });

  it('takes the free offer once: after it, the offer is gone', async () => {
    transport.respondPay('subscribe', ok({ subscription: subscription({ subscriptionType: 'free', price: 0, willRenew: false }) }));
    const model = await readyModel();
    model.open('free');
    await model.subscribe();
    expect(transport.payCalls[0]?.request.body).toEqual({ performerId: 'creator-1', type: 'free' });
    expect(model.offer.value).toMatchObject({ offer: { free: null } });
    expect(model.mine.value.status === 'ready' && standingOf(model.mine.value.subscription).kind).toBe('active');
    expect(session.user.current.value?.balance).toBe(50);
  });

  it('a short balance leads to the top-up step, known before sending or said by the server; after a top-up the server decides', async () => {
    transport.respondPay('subscribe', insufficient);
    const model = await readyModel();
    model.open('yearly');
    await model.subscribe();
    expect(model.step.value).toEqual({ step: 'short', plan: 'yearly', price: 99 });
    expect(transport.payCalls).toHaveLength(0);

    model.toppedUp();
    expect(model.step.value).toEqual({ step: 'choosing', plan: 'yearly', notice: 'resumed' });
    await model.subscribe();
    expect(transport.payCalls).toHaveLength(1);
    expect(model.step.value).toEqual({ step: 'short', plan: 'yearly', price: 99 });
    model.back();
    expect(model.step.value).toEqual({ step: 'choosing', plan: 'yearly' });
  });

  it('retries the same plan with the same key, another plan with a new one; a decline charges nothing', async () => {
    const answers = [fail(0), fail(502)];
    transport.respondPay('subscribe', () => answers.shift() ?? ok({ subscription: subscription() }));
    const model = await readyModel();
    model.open('monthly');
    await model.subscribe();
    expect(model.step.value).toMatchObject({ step: 'failed', retryable: true });
    await model.subscribe();
    model.choose('quarterly');
    transport.confirmPay = () => false;
    await model.subscribe();
    expect(model.step.value).toEqual({ step: 'declined', plan: 'quarterly' });
    const keys = transport.payCalls.map((call) => call.request.idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(transport.payCalls.map((call) => call.confirmed)).toEqual([true, true, false]);
  });

  it('cancels a renewing subscription (access kept to the date) through the plain route and resumes it through the confirmed `resume` action', async () => {
    transport.respond('GET', '/subscriptions/user-subscriber', ok(subscription()));
    transport.respond('POST', '/payment/wallet/cancel-subscription/sub-1', ok(subscription({ cancelledAt: '2026-03-10T12:00:00.000Z', willRenew: false })));
    transport.respondPay('resume', ok(subscription()));
    const model = await readyModel();
    expect(standingOf(model.mine.value.status === 'ready' ? model.mine.value.subscription : null)).toEqual({ kind: 'renews', date: '2099-04-01T12:00:00.000Z' });

    expect((await model.cancel()).ok).toBe(true);
    expect(model.mine.value.status === 'ready' && standingOf(model.mine.value.subscription)).toEqual({ kind: 'cancelled', date: '2099-04-01T12:00:00.000Z' });
    expect((await model.resume()).ok).toBe(true);
    expect(model.mine.value.status === 'ready' && standingOf(model.mine.value.subscription)).toEqual({ kind: 'renews', date: '2099-04-01T12:00:00.000Z' });
    expect(transport.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/payment/wallet/cancel-subscription/sub-1']);
    expect(transport.payCalls.map((call) => ({ ...call.request, confirmed: call.confirmed }))).toEqual([
      { action: 'resume', params: { id: 'sub-1' }, body: {}, idempotencyKey: expect.any(String), confirmed: true },
    ]);
    expect(model.manage.value).toEqual({ status: 'idle' });
  });

  it('leaves a subscription cancelled, and reports nothing, when the fan declines the resume', async () => {
    transport.respond('GET', '/subscriptions/user-subscriber', ok(subscription({ cancelledAt: '2026-03-10T12:00:00.000Z', willRenew: false })));
    transport.respondPay('resume', ok(subscription()));
    transport.confirmPay = () => false;
    const model = await readyModel();
    const outcome = await model.resume();
    expect(outcome).toMatchObject({ ok: false, error: { code: 'bridge.not_confirmed' } });
    expect(model.manage.value).toEqual({ status: 'idle' });
    expect(model.mine.value.status === 'ready' && standingOf(model.mine.value.subscription).kind).toBe('cancelled');
  });

  it('keeps a refused cancel’s code for the view and reads the subscription again when it changed elsewhere', async () => {
    transport.respond('GET', '/subscriptions/user-subscriber', ok(subscription()));
    transport.respond('POST', '/payment/wallet/cancel-subscription/sub-1', () => {
      transport.respond('GET', '/subscriptions/user-subscriber', ok(subscription({ cancelledAt: '2026-03-10T12:00:00.000Z', willRenew: false })));
      return fail(409, { statusCode: 409, code: 'subscriptions.already_cancelled', message: 'x', error: 'Conflict' });
    });
    const model = await readyModel();
    await model.cancel();
    expect(model.manage.value).toMatchObject({ status: 'failed', action: 'cancel', error: { code: 'subscriptions.already_cancelled' } });
    expect(model.mine.value.status === 'ready' && standingOf(model.mine.value.subscription).kind).toBe('cancelled');
  });

  it('reads expired, deactivated and grace subscriptions as the fan stands with them', () => {
    const now = Date.parse('2026-05-01T00:00:00.000Z');
    expect(standingOf(subscription({ status: 'deactivated', isActive: false }), now)).toEqual({ kind: 'none' });
    expect(standingOf(subscription({ isActive: false, willRenew: false }), now)).toEqual({ kind: 'none' });
    expect(standingOf(subscription({ isActive: false, graceUntil: '2026-05-03T00:00:00.000Z' }), now)).toEqual({ kind: 'grace', date: '2026-05-03T00:00:00.000Z' });
  });

  it('signed out: the offer loads, no subscription is asked for; signing in reads it', async () => {
    await session.auth.logout();
    const model = new SubscribeModel(session);
    transport.calls.length = 0;
    await model.setCreator('ana.lima');
    expect(model.mine.value).toEqual({ status: 'none' });
    expect(transport.calls.map((call) => call.path)).toEqual(['/performers/ana.lima']);

    transport.respond('GET', '/subscriptions/user-subscriber', ok(subscription()));
    await session.auth.login({ username: 'fan1', password: 'pw' });
    await expect.poll(() => model.mine.value.status).toBe('ready');
    expect(model.mine.value.status === 'ready' && model.mine.value.subscription?._id).toBe('sub-1');
  });

  it('says which creator failed to load', async () => {
    const model = new SubscribeModel(session);
    await model.setCreator('nobody');
    expect(model.offer.value).toMatchObject({ status: 'failed', reason: 'not-found' });
    await model.setCreator('  ');
    expect(model.offer.value).toMatchObject({ status: 'failed', reason: 'missing' });
  });
});
