import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { paymentCards, paymentTransactions } from '../../db/schema/index.js';
import { cardDeclined, cardPaymentMethod, paymentIntentRecording, RecordedStripeClient, type RecordedRequest } from '../../gateways/stripe-recorded-client.js';
import { stripeTestSignature } from '../../gateways/stripe.gateway.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { auth, recordingRealtime, setGateway, topUp } from './payments.test-support.js';

/**
 * Card flows against the real Stripe SDK with recorded responses (no network here), and
 * webhooks signed offline by the stripe package itself.
 */
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_recorded', STRIPE_PUBLISHABLE_KEY: 'pk_test_recorded', STRIPE_WEBHOOK_SECRET: 'whsec_test_recorded' };
const pmFromPath = (r: RecordedRequest) => r.path.split('/')[3]!;
const client = new RecordedStripeClient([
  { method: 'POST', path: '/v1/customers', body: (r: RecordedRequest) => ({ id: `cus_${r.form.get('metadata[userId]')}`, object: 'customer', email: r.form.get('email'), livemode: false, metadata: {} }) },
  { method: 'POST', path: /^\/v1\/payment_methods\/pm_[A-Za-z0-9_]+\/attach$/, body: (r: RecordedRequest) => cardPaymentMethod(pmFromPath(r), r.form.get('customer')) },
  { method: 'POST', path: /^\/v1\/payment_methods\/pm_[A-Za-z0-9_]+\/detach$/, body: (r: RecordedRequest) => cardPaymentMethod(pmFromPath(r), null) },
  { method: 'POST', path: '/v1/setup_intents', body: { id: 'seti_rec_1', object: 'setup_intent', client_secret: 'seti_rec_1_secret_Rc0rd', status: 'requires_payment_method', usage: 'off_session', payment_method_types: ['card'] } },
  { method: 'POST', path: '/v1/payment_intents', status: 402, body: cardDeclined, when: (r) => r.form.get('payment_method') === 'pm_card_declined' },
  { method: 'POST', path: '/v1/payment_intents', body: (r: RecordedRequest) => paymentIntentRecording(r, { id: `pi_${r.form.get('metadata[transactionId]')}`, status: r.form.get('payment_method') ? 'succeeded' : 'requires_payment_method' }) },
  { method: 'POST', path: '/v1/accounts', body: (r: RecordedRequest) => ({ id: 'acct_rec_1', object: 'account', type: 'express', country: 'BR', email: r.form.get('email'), charges_enabled: false, payouts_enabled: false, details_submitted: false }) },
  { method: 'POST', path: '/v1/account_links', body: { object: 'account_link', created: 1_780_000_000, expires_at: 1_780_000_300, url: 'https://connect.stripe.com/setup/e/acct_rec_1/Rc0rd3d' } },
]);

let t: TestApp;
let fan: { id: string; token: string };
let other: { id: string; token: string };
const realtime = recordingRealtime();

async function signedUp(role: 'user' | 'performer' = 'user', ip = '10.30.0.1') {
  const user = await createUser(t.ctx, { role });
  return { id: user.id, token: await signIn(t.app, user.email, undefined, ip) };
}

beforeAll(async () => {
  t = await createTestApp({ realtime, paymentGateways: { stripeHttpClient: client } }, STRIPE_ENV);
  fan = await signedUp();
  other = await signedUp('user', '10.30.0.2');
});
afterAll(async () => {
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  await t?.close();
});

function intentEvent(type: string, transactionId: string, amountCents: number) {
  const succeeded = type === 'payment_intent.succeeded';
  return JSON.stringify({
    id: `evt_${type}_${transactionId}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object: { id: `pi_${transactionId}`, object: 'payment_intent', amount: amountCents, amount_received: succeeded ? amountCents : 0, currency: 'brl', metadata: { transactionId }, status: succeeded ? 'succeeded' : 'requires_payment_method' } },
  });
}
const deliver = (payload: string, signature = stripeTestSignature(payload, STRIPE_ENV.STRIPE_WEBHOOK_SECRET)) =>
  t.app.inject({ method: 'POST', url: '/api/payment/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
const wallet = (userId: string) => balanceOf(t.ctx.db, accountKeys.wallet(userId));

describe('saved cards', () => {
  it('attaches a card and keeps only brand, last 4 and expiry', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/cards', headers: auth(fan.token), payload: { paymentMethodId: 'pm_card_visa' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ provider: 'stripe', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(Object.keys(res.json().data).sort()).toEqual(['_id', 'brand', 'createdAt', 'expMonth', 'expYear', 'isDefault', 'last4', 'provider']);
    const [row] = await t.ctx.db.select().from(paymentCards).where(eq(paymentCards.userId, fan.id));
    expect(row).toMatchObject({ providerPaymentMethodId: 'pm_card_visa', last4: '4242' });
    expect(client.sent('POST', /attach$/)[0]!.form.get('customer')).toBe(`cus_${fan.id}`);
  });

  it('answers a SetupIntent secret without a PaymentMethod, reusing the one customer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/cards', headers: auth(fan.token) });
    expect(res.json().data).toEqual({ setupIntentClientSecret: 'seti_rec_1_secret_Rc0rd' });
    expect(client.sent('POST', '/v1/customers')).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/paypal/cards', headers: auth(fan.token) })).statusCode).toBe(404);
  });

  it('lists and deletes the owner\'s cards only, detaching them at Stripe', async () => {
    const listed = (await t.app.inject({ method: 'GET', url: '/api/payment-cards', headers: auth(fan.token) })).json().data;
    expect(listed.total).toBe(1);
    const id = listed.data[0]._id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/payment-cards/${id}`, headers: auth(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/payment-cards/${id}`, headers: auth(fan.token) })).json().data).toEqual({ deleted: true });
    expect(client.sent('POST', /pm_card_visa\/detach$/)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/payment-cards', headers: auth(fan.token) })).json().data).toEqual({ data: [], total: 0 });
  });
});

describe('card top-ups', () => {
  it('answers a client secret, then credits once on the signed webhook however often it comes', async () => {
    const created = (await topUp(t.app, fan.token, { amount: '50.00', paymentGateway: 'stripe' })).json().data;
    expect(created).toMatchObject({ paymentGateway: 'stripe', status: 'pending', brCode: null, qrCodeUrl: null, qrCodeSvg: null, sandboxUrl: null, clientSecret: `pi_${created._id}_secret_Rc0rd3dS3cr3t` });
    const payload = intentEvent('payment_intent.succeeded', created._id, 5000);
    expect((await deliver(payload, stripeTestSignature(payload, 'whsec_someone_else'))).statusCode).toBe(400);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(answers.map((a) => a.json().data.results[0].outcome).sort()).toEqual(['credited', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await wallet(fan.id)).toBe(5000);
    expect(await balanceOf(t.ctx.db, accountKeys.gateway('stripe'))).toBe(-5000);
    expect(realtime.sent).toContainEqual({ userId: fan.id, event: 'update_balance', payload: { token: 50, balance: 50 } });
  });

  it('lets a failed attempt be followed by a successful one, and never undoes a success', async () => {
    const created = (await topUp(t.app, fan.token, { amount: 10, paymentGateway: 'stripe' })).json().data;
    expect((await deliver(intentEvent('payment_intent.payment_failed', created._id, 1000))).json().data.results[0].outcome).toBe('failed');
    expect((await deliver(intentEvent('payment_intent.succeeded', created._id, 1000))).json().data.results[0].outcome).toBe('credited');
    expect((await deliver(intentEvent('payment_intent.canceled', created._id, 1000))).json().data.results[0].outcome).toBe('ignored');
    const [row] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, created._id));
    expect(row!.status).toBe('success');
    expect(await wallet(fan.id)).toBe(6000);
  });

  it('settles a saved-card top-up at once through the once-only path; the later webhook is a duplicate', async () => {
    const card = (await t.app.inject({ method: 'POST', url: '/api/stripe/cards', headers: auth(other.token), payload: { paymentMethodId: 'pm_card_mastercard' } })).json().data;
    const created = (await topUp(t.app, other.token, { amount: 20, paymentGateway: 'stripe', paymentCardId: card._id })).json().data;
    expect(created.status).toBe('success');
    expect(await wallet(other.id)).toBe(2000);
    expect((await deliver(intentEvent('payment_intent.succeeded', created._id, 2000))).json().data.results[0].outcome).toBe('duplicate');
    expect(await wallet(other.id)).toBe(2000);
    expect((await topUp(t.app, fan.token, { amount: 20, paymentGateway: 'stripe', paymentCardId: card._id })).statusCode).toBe(404);
  });

  it('refuses a declined card with its message and fails the transaction', async () => {
    await t.ctx.db.insert(paymentCards).values({ userId: fan.id, provider: 'stripe', providerPaymentMethodId: 'pm_card_declined', brand: 'visa', last4: '0002', expMonth: 1, expYear: 2035 });
    const [declined] = await t.ctx.db.select().from(paymentCards).where(eq(paymentCards.providerPaymentMethodId, 'pm_card_declined'));
    const res = await topUp(t.app, fan.token, { amount: 10, paymentGateway: 'stripe', paymentCardId: declined!.id });
    expect(res.json()).toMatchObject({ statusCode: 422, message: 'Your card was declined.' });
    const failed = (await t.app.inject({ method: 'GET', url: '/api/payment/transactions/user/search?status=fail', headers: auth(fan.token) })).json().data;
    expect(failed.total).toBe(1);
  });

  it('goes through Stripe by default when it is the configured gateway; the sandbox is then 404', async () => {
    await setGateway(t.ctx, 'stripe');
    const created = (await topUp(t.app, fan.token, { amount: 10 })).json().data;
    expect(created.paymentGateway).toBe('stripe');
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${created._id}/pay` })).statusCode).toBe(404);
    expect((await topUp(t.app, fan.token, { amount: 10, paymentGateway: 'pix-sandbox' })).statusCode).toBe(422);
    await setGateway(t.ctx, 'pix-sandbox');
  });
});

describe('connected accounts', () => {
  it('makes one Express account per creator with an onboarding link; fans may not', async () => {
    const creator = await signedUp('performer', '10.30.0.3');
    const first = await t.app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: auth(creator.token) });
    expect(first.json().data).toEqual({ accountId: 'acct_rec_1', onboardingUrl: 'https://connect.stripe.com/setup/e/acct_rec_1/Rc0rd3d' });
    await t.app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: auth(creator.token) });
    expect(client.sent('POST', '/v1/accounts')).toHaveLength(1);
    expect(client.sent('POST', '/v1/account_links')[0]!.form.get('return_url')).toBe('http://fandeck.test/creator/payouts?stripe=return');
    expect((await t.app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: auth(fan.token) })).statusCode).toBe(403);
  });
});

describe('without Stripe keys or the sandbox', () => {
  it('answers every card endpoint but the list with "Card payments are not enabled"; the list is empty', async () => {
    // With the sandbox on, its cards stand in for Stripe's (card-sandbox.test.ts).
    const plain = await createTestApp({}, { PAYMENT_SANDBOX: 'off' });
    try {
      const user = await createUser(plain.ctx, { role: 'performer' });
      const token = await signIn(plain.app, user.email, undefined, '10.30.0.9');
      // Existing clients load the list on every payment screen (api-contract.md section 7).
      const listed = await plain.app.inject({ method: 'GET', url: '/api/payment-cards', headers: auth(token) });
      expect(listed.json()).toEqual({ status: 0, data: { data: [], total: 0 } });
      const calls = [
        { method: 'POST' as const, url: '/api/stripe/cards', payload: { paymentMethodId: 'pm_x' } },
        { method: 'DELETE' as const, url: '/api/payment-cards/ffffffffffffffffffffffff' },
        { method: 'POST' as const, url: '/api/stripe/accounts' },
        { method: 'POST' as const, url: '/api/payment/wallet/top-up', payload: { amount: 10, paymentGateway: 'stripe' } },
      ];
      for (const call of calls) {
        const res = await plain.app.inject({ ...call, headers: { ...auth(token), 'idempotency-key': `cards-off-${call.url}` } });
        expect(res.json(), `${call.method} ${call.url}`).toMatchObject({ statusCode: 422, message: 'Card payments are not enabled' });
      }
      const hook = await plain.app.inject({ method: 'POST', url: '/api/payment/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
      expect(hook.statusCode).toBe(422);
    } finally {
      await plain.close();
    }
  });
});
