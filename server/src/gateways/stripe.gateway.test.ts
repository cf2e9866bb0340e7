import { describe, expect, it } from 'vitest';
import { PaymentDeclinedError, WebhookVerificationError } from './gateway.js';
import { cardDeclined, paymentIntentRecording, RecordedStripeClient } from './stripe-recorded-client.js';
import { createStripeGateway, stripeTestSignature } from './stripe.gateway.js';

const WEBHOOK_SECRET = 'whsec_test_offline_secret';
const now = new Date('2030-01-01T12:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);

function intentEvent(type: string, overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    id: 'evt_test_1',
    object: 'event',
    api_version: '2026-10-28.endive',
    created: seconds,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: 'pi_test_1',
        object: 'payment_intent',
        amount: 1000,
        amount_received: type === 'payment_intent.succeeded' ? 1000 : 0,
        currency: 'brl',
        metadata: { transactionId: '65f0a1b2c3d4e5f6a7b8c9d0' },
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        ...overrides,
      },
    },
  });
}

describe('Stripe webhooks, verified offline with signatures made by the stripe package', () => {
  const gateway = createStripeGateway({ secretKey: 'sk_test_offline', webhookSecret: WEBHOOK_SECRET, httpClient: new RecordedStripeClient([]) });
  const deliver = (payload: string, header: string, at = now) => gateway.verifyWebhook({ rawBody: Buffer.from(payload), headers: { 'stripe-signature': header }, now: at });

  it('reads a signed payment_intent.succeeded', async () => {
    const payload = intentEvent('payment_intent.succeeded');
    const events = await deliver(payload, stripeTestSignature(payload, WEBHOOK_SECRET, seconds));
    expect(events).toEqual([
      { providerPaymentId: 'pi_test_1', providerReference: 'pi_test_1', transactionId: '65f0a1b2c3d4e5f6a7b8c9d0', amountCents: 1000, currency: 'BRL', status: 'success' },
    ]);
  });

  it('maps failures and cancellations, and ignores other event types', async () => {
    const sign = (p: string) => stripeTestSignature(p, WEBHOOK_SECRET, seconds);
    const failed = intentEvent('payment_intent.payment_failed');
    const canceled = intentEvent('payment_intent.canceled');
    const other = intentEvent('customer.created');
    expect((await deliver(failed, sign(failed)))[0]).toMatchObject({ status: 'fail' });
    expect((await deliver(canceled, sign(canceled)))[0]).toMatchObject({ status: 'canceled' });
    expect(await deliver(other, sign(other))).toEqual([]);
  });

  it('refuses another secret, a changed body, a stale timestamp and a missing header', async () => {
    const payload = intentEvent('payment_intent.succeeded');
    await expect(deliver(payload, stripeTestSignature(payload, 'whsec_someone_else', seconds))).rejects.toThrow(WebhookVerificationError);
    await expect(deliver(payload.replace('1000', '9000'), stripeTestSignature(payload, WEBHOOK_SECRET, seconds))).rejects.toThrow(WebhookVerificationError);
    await expect(deliver(payload, stripeTestSignature(payload, WEBHOOK_SECRET, seconds - 301))).rejects.toThrow(/tolerance/);
    await expect(gateway.verifyWebhook({ rawBody: Buffer.from(payload), headers: {}, now })).rejects.toThrow(/Missing/);
  });

  it('refuses every webhook when no webhook secret is configured', async () => {
    const unconfigured = createStripeGateway({ secretKey: 'sk_test_offline', httpClient: new RecordedStripeClient([]) });
    const payload = intentEvent('payment_intent.succeeded');
    await expect(unconfigured.verifyWebhook({ rawBody: Buffer.from(payload), headers: { 'stripe-signature': stripeTestSignature(payload, WEBHOOK_SECRET, seconds) }, now })).rejects.toThrow(/not configured/);
  });
});

describe('Stripe top-up charges through the SDK and a recorded client', () => {
  const request = { transactionId: '65f0a1b2c3d4e5f6a7b8c9d0', userId: 'u1', amountCents: 2990, description: 'Top-up', merchantName: 'Fandeck', now };

  it('creates a BRL PaymentIntent naming our transaction, with an idempotency key', async () => {
    const client = new RecordedStripeClient([{ method: 'POST', path: '/v1/payment_intents', body: (r: Parameters<typeof paymentIntentRecording>[0]) => paymentIntentRecording(r, { id: 'pi_rec_1', status: 'requires_payment_method' }) }]);
    const gateway = createStripeGateway({ secretKey: 'sk_test_offline', httpClient: client });
    const charge = await gateway.createTopUpCharge(request);
    expect(charge).toEqual({ providerReference: 'pi_rec_1', clientSecret: 'pi_rec_1_secret_Rc0rd3dS3cr3t' });
    const [sent] = client.sent('POST', '/v1/payment_intents');
    expect(sent!.form.get('amount')).toBe('2990');
    expect(sent!.form.get('currency')).toBe('brl');
    expect(sent!.form.get('metadata[transactionId]')).toBe(request.transactionId);
    expect(sent!.headers['Idempotency-Key']).toBe(`topup-${request.transactionId}`);
    expect(sent!.headers.Authorization).toBe('Bearer sk_test_offline');
  });

  it('reports a saved card charged at once as settled, and a decline as PaymentDeclinedError', async () => {
    const settled = new RecordedStripeClient([{ method: 'POST', path: '/v1/payment_intents', body: (r: Parameters<typeof paymentIntentRecording>[0]) => paymentIntentRecording(r, { id: 'pi_rec_2', status: 'succeeded' }) }]);
    const charge = await createStripeGateway({ secretKey: 'sk_test_offline', httpClient: settled }).createTopUpCharge({ ...request, paymentMethodId: 'pm_1', customerId: 'cus_1' });
    expect(charge.settled).toMatchObject({ providerPaymentId: 'pi_rec_2', amountCents: 2990, currency: 'BRL', status: 'success', transactionId: request.transactionId });
    expect(settled.requests[0]!.form.get('confirm')).toBe('true');

    const declined = new RecordedStripeClient([{ method: 'POST', path: '/v1/payment_intents', status: 402, body: cardDeclined }]);
    await expect(createStripeGateway({ secretKey: 'sk_test_offline', httpClient: declined }).createTopUpCharge({ ...request, paymentMethodId: 'pm_1', customerId: 'cus_1' })).rejects.toThrow(PaymentDeclinedError);
  });
});
