import Stripe from 'stripe';

/**
 * A Stripe HTTP client that answers from recordings instead of the network, so the real
 * SDK (form encoding, idempotency headers, response parsing, error classes) runs offline.
 * The recordings are responses in the shapes of Stripe's API reference for the calls the
 * adapter makes; they were written from that reference, not captured from live traffic.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: Record<string, unknown>;
}

export interface Recording {
  method: 'GET' | 'POST' | 'DELETE';
  /** The API path without the query, e.g. `/v1/payment_intents`; a RegExp for paths with ids. */
  path: string | RegExp;
  status?: number;
  /** The JSON answer, or a function of the request (to echo amounts and metadata). */
  body: unknown | ((request: RecordedRequest) => unknown);
  /** Answer only requests this accepts (e.g. the one with a saved card). */
  when?: (request: RecordedRequest) => boolean;
}

class RecordedResponse extends Stripe.HttpClientResponse {
  constructor(
    status: number,
    private readonly body: unknown,
  ) {
    super(status, { 'request-id': 'req_recorded', 'content-type': 'application/json' });
  }
  override getRawResponse(): unknown {
    return {};
  }
  override toStream(): unknown {
    throw new Error('Recorded responses cannot be streamed');
  }
  override toJSON(): Promise<unknown> {
    return Promise.resolve(JSON.parse(JSON.stringify(this.body)));
  }
}

export class RecordedStripeClient extends Stripe.HttpClient {
  readonly requests: RecordedRequest[] = [];

  constructor(private readonly recordings: Recording[]) {
    super();
  }

  override getClientName(): string {
    return 'recorded';
  }

  override makeRequest(
    _host: string,
    _port: string,
    fullPath: string,
    method: string,
    headers: Record<string, unknown>,
    requestData: string | null,
  ): Promise<Stripe.HttpClientResponse> {
    const path = fullPath.split('?')[0] ?? fullPath;
    const request: RecordedRequest = { method, path, form: new URLSearchParams(requestData ?? ''), headers };
    this.requests.push(request);
    const match = this.recordings.find(
      (r) => r.method === method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)) && (!r.when || r.when(request)),
    );
    if (!match) {
      const error = { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No recording for ${method} ${path}` } };
      return Promise.resolve(new RecordedResponse(404, error));
    }
    const body = typeof match.body === 'function' ? (match.body as (r: RecordedRequest) => unknown)(request) : match.body;
    return Promise.resolve(new RecordedResponse(match.status ?? 200, body));
  }

  /** Requests to one path, in order. */
  sent(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }
}

/** A PaymentIntent as Stripe answers one, echoing what was asked. */
export function paymentIntentRecording(request: RecordedRequest, overrides: { id: string; status: string }) {
  const amount = Number(request.form.get('amount'));
  const succeeded = overrides.status === 'succeeded';
  return {
    id: overrides.id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: succeeded ? amount : 0,
    capture_method: 'automatic_async',
    client_secret: `${overrides.id}_secret_Rc0rd3dS3cr3t`,
    confirmation_method: 'automatic',
    created: 1_780_000_000,
    currency: request.form.get('currency') ?? 'brl',
    customer: request.form.get('customer'),
    description: request.form.get('description'),
    last_payment_error: null,
    latest_charge: succeeded ? `ch_${overrides.id.slice(3)}` : null,
    livemode: false,
    metadata: { transactionId: request.form.get('metadata[transactionId]'), userId: request.form.get('metadata[userId]') },
    next_action: overrides.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
    payment_method: request.form.get('payment_method'),
    payment_method_types: ['card'],
    status: overrides.status,
  };
}

export const cardPaymentMethod = (id: string, customer: string | null) => ({
  id,
  object: 'payment_method',
  allow_redisplay: 'unspecified',
  billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null },
  card: {
    brand: 'visa',
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: 'US',
    display_brand: 'visa',
    exp_month: 12,
    exp_year: 2034,
    fingerprint: 'Rc0rd3dF1ng3rpr1',
    funding: 'credit',
    last4: '4242',
    networks: { available: ['visa'], preferred: null },
    wallet: null,
  },
  created: 1_780_000_000,
  customer,
  livemode: false,
  metadata: {},
  type: 'card',
});

export const cardDeclined = {
  error: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
  },
};
