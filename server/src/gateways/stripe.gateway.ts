import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import {
  GatewayUnavailableError,
  PaymentDeclinedError,
  WebhookVerificationError,
  type PaymentEvent,
  type PaymentGateway,
  type TopUpCharge,
  type TopUpChargeRequest,
  type WebhookRequest,
} from './gateway.js';

// The Stripe SDK takes about 140 ms to load: only a server with card payments configured
// loads it, at its first card call, not every server at start.
const requireFromHere = createRequire(import.meta.url);
let sdk: typeof Stripe | undefined;
const stripeSdk = (): typeof Stripe => (sdk ??= requireFromHere('stripe') as typeof Stripe);

/**
 * Cards through Stripe. Top-ups are PaymentIntents in BRL whose metadata names our
 * transaction; saved cards are PaymentMethods attached to the fan's Customer; creators
 * get Express connected accounts. The HTTP client is injectable, so tests run the real
 * SDK (request encoding, response parsing, errors) against recorded responses offline.
 */
export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret?: string | undefined;
  /** Replaces the SDK's network client (tests: recorded responses). */
  httpClient?: Stripe.HttpClient | undefined;
}

export interface SavedCardDetails {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Stripe's webhook tolerance, the same window as the PIX sandbox's. */
const TOLERANCE_SECONDS = 300;

export type StripeGateway = ReturnType<typeof createStripeGateway>;

export function createStripeGateway(options: StripeGatewayOptions) {
  const StripeSdk = stripeSdk();
  const stripe = new StripeSdk(options.secretKey, {
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    maxNetworkRetries: options.httpClient ? 0 : 2,
    timeout: 20_000,
    telemetry: false,
  });

  /** Stripe's own errors become ours; a card error is the payer's to fix, anything else is the provider's. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof StripeSdk.errors.StripeCardError) throw new PaymentDeclinedError(error.message || 'Your card was declined');
      const detail = error instanceof StripeSdk.errors.StripeError ? `${error.type}${error.code ? `/${error.code}` : ''}` : String(error);
      throw new GatewayUnavailableError(`Stripe ${what} failed: ${detail}`);
    }
  }

  function eventOf(intent: Stripe.PaymentIntent, status: PaymentEvent['status']): PaymentEvent {
    return {
      providerPaymentId: intent.id,
      providerReference: intent.id,
      transactionId: intent.metadata?.transactionId,
      amountCents: status === 'success' ? intent.amount_received : intent.amount,
      currency: intent.currency.toUpperCase(),
      status,
    };
  }

  const gateway = {
    name: 'stripe',
    clearingAccount: 'stripe',

    async createTopUpCharge(request: TopUpChargeRequest): Promise<TopUpCharge> {
      const params: Stripe.PaymentIntentCreateParams = {
        amount: request.amountCents,
        currency: 'brl',
        allowed_payment_method_types: ['card'],
        description: request.description,
        metadata: { transactionId: request.transactionId, userId: request.userId },
        ...(request.customerId ? { customer: request.customerId } : {}),
        ...(request.paymentMethodId ? { payment_method: request.paymentMethodId, confirm: true } : {}),
      };
      // The idempotency key makes a retried request return the same PaymentIntent, never a second charge.
      const intent = await call('payment', () => stripe.paymentIntents.create(params, { idempotencyKey: `topup-${request.transactionId}` }));
      return {
        providerReference: intent.id,
        ...(intent.client_secret ? { clientSecret: intent.client_secret } : {}),
        ...(intent.status === 'succeeded' ? { settled: eventOf(intent, 'success') } : {}),
        ...(intent.status === 'requires_action' ? { requiresAction: true } : {}),
      };
    },

    async verifyWebhook({ rawBody, headers, now }: WebhookRequest): Promise<PaymentEvent[]> {
      if (!options.webhookSecret) throw new WebhookVerificationError('Stripe webhooks are not configured');
      const header = headers['stripe-signature'];
      if (typeof header !== 'string' || !header || header.length > 2048) throw new WebhookVerificationError('Missing webhook signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, header, options.webhookSecret, TOLERANCE_SECONDS, undefined, now.getTime());
      } catch (error) {
        throw new WebhookVerificationError(error instanceof Error ? error.message : 'Invalid webhook signature');
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
          return [eventOf(event.data.object, 'success')];
        case 'payment_intent.payment_failed':
          return [eventOf(event.data.object, 'fail')];
        case 'payment_intent.canceled':
          return [eventOf(event.data.object, 'canceled')];
        default:
          return [];
      }
    },

    /** The fan's Customer; the idempotency key stops two concurrent requests from making two. */
    async createCustomer(user: { id: string; email: string; name: string }): Promise<string> {
      const customer = await call('customer', () =>
        stripe.customers.create({ email: user.email, name: user.name, metadata: { userId: user.id } }, { idempotencyKey: `customer-${user.id}` }),
      );
      return customer.id;
    },

    /** Attaches a PaymentMethod made in the browser (Stripe.js) and reads what we may keep of it. */
    async attachCard(customerId: string, paymentMethodId: string): Promise<SavedCardDetails> {
      const method = await call('card', () => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      if (method.type !== 'card' || !method.card) throw new PaymentDeclinedError('Only cards can be saved');
      return {
        paymentMethodId: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },

    async detachCard(paymentMethodId: string): Promise<void> {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        // Already gone at Stripe: forgetting it here is all that is left to do.
        if (error instanceof StripeSdk.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
        throw new GatewayUnavailableError(`Stripe card removal failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },

    /** A SetupIntent for saving a card that needs authentication (3-D Secure) first. */
    async createSetupIntent(customerId: string): Promise<string> {
      const intent = await call('setup', () => stripe.setupIntents.create({ customer: customerId, allowed_payment_method_types: ['card'], usage: 'off_session' }));
      if (!intent.client_secret) throw new GatewayUnavailableError('Stripe returned no setup secret');
      return intent.client_secret;
    },

    async createConnectedAccount(user: { id: string; email: string }): Promise<string> {
      const account = await call('account', () =>
        stripe.accounts.create(
          { type: 'express', country: 'BR', email: user.email, capabilities: { transfers: { requested: true } }, metadata: { userId: user.id } },
          { idempotencyKey: `account-${user.id}` },
        ),
      );
      return account.id;
    },

    async onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string> {
      const link = await call('account link', () =>
        stripe.accountLinks.create({ account: accountId, refresh_url: urls.refreshUrl, return_url: urls.returnUrl, type: 'account_onboarding' }),
      );
      return link.url;
    },
  } satisfies PaymentGateway & Record<string, unknown>;
  return gateway;
}

/** Signs a payload as Stripe would, for tests and local replays (`stripe.webhooks.generateTestHeaderString`). */
export function stripeTestSignature(payload: string, secret: string, timestamp?: number): string {
  return stripeSdk().webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined ? { timestamp } : {}) });
}
