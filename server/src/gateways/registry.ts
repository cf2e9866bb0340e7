import type Stripe from 'stripe';
import type { AppContext } from '../context.js';
import { unprocessable } from '../http/errors.js';
import type { GatewayName, PaymentGateway } from './gateway.js';
import { createCardSandboxGateway, type CardSandboxGateway } from './card-sandbox.gateway.js';
import { createPixSandboxGateway } from './pix-sandbox.gateway.js';
import { createStripeGateway, type StripeGateway } from './stripe.gateway.js';

declare module '../context.js' {
  interface AppContext {
    /** Replacements for the gateways' network clients (tests: recorded Stripe responses). */
    paymentGateways?: { stripeHttpClient?: Stripe.HttpClient };
  }
}

export const CARDS_DISABLED = 'Card payments are not enabled';
export const PIX_NOT_CONFIGURED = 'PIX payments through a live provider are not configured on this server';

export interface Gateways {
  pixSandbox: ReturnType<typeof createPixSandboxGateway>;
  /** The sandbox's card side; usable only while the sandbox is (`cardGateway`). */
  cardSandbox: CardSandboxGateway;
  /** Null unless the Stripe secret key is configured. */
  stripe: StripeGateway | null;
}

const built = new WeakMap<AppContext, Gateways>();

/** The gateways of an app, built once from its configuration. */
export function gatewaysOf(ctx: AppContext): Gateways {
  let gateways = built.get(ctx);
  if (!gateways) {
    const { secretKey, webhookSecret } = ctx.config.stripe;
    gateways = {
      pixSandbox: createPixSandboxGateway({ webhookSecret: ctx.config.pixWebhookSecret }),
      cardSandbox: createCardSandboxGateway(),
      stripe: secretKey ? createStripeGateway({ secretKey, webhookSecret, httpClient: ctx.paymentGateways?.stripeHttpClient }) : null,
    };
    built.set(ctx, gateways);
  }
  return gateways;
}

/** The Stripe adapter, or the 4xx every card endpoint answers when cards are off. */
export function requireStripe(ctx: AppContext): StripeGateway {
  const stripe = gatewaysOf(ctx).stripe;
  if (!stripe) throw unprocessable('payment.cards_disabled', CARDS_DISABLED);
  return stripe;
}

/**
 * Which gateway a top-up goes through. The setting picks the default; the body may name
 * another that is enabled. The sandbox is usable only while it is the configured gateway,
 * so a site with a real provider can never be paid with play money.
 */
export function chooseGateway(ctx: AppContext, configured: GatewayName, requested: GatewayName | undefined): PaymentGateway {
  const name = requested ?? configured;
  const gateways = gatewaysOf(ctx);
  switch (name) {
    case 'pix-sandbox':
      if (!sandboxActive(ctx, configured)) throw unprocessable('payment.sandbox_unavailable', 'The PIX sandbox is not available on this server');
      return gateways.pixSandbox;
    case 'stripe':
      if (!gateways.stripe) throw unprocessable('payment.cards_disabled', CARDS_DISABLED);
      return gateways.stripe;
    case 'card-sandbox': {
      const card = cardGateway(ctx, configured);
      if (card?.name !== 'card-sandbox') throw unprocessable('payment.cards_disabled', CARDS_DISABLED);
      return card;
    }
    case 'pix':
      throw unprocessable('payment.pix_not_configured', PIX_NOT_CONFIGURED);
  }
}

/**
 * True while the sandbox is the configured gateway and the environment allows play money
 * (PAYMENT_SANDBOX, off by default in production): its pay endpoint and page exist only then.
 */
export const sandboxActive = (ctx: AppContext, configured: GatewayName) => ctx.config.paymentSandbox && configured === 'pix-sandbox';

/**
 * The card gateway of this server: Stripe when its key is configured, else the sandbox's card
 * side while the sandbox is on (so cards work on a fresh machine), else none.
 */
export function cardGateway(ctx: AppContext, configured: GatewayName): StripeGateway | CardSandboxGateway | null {
  const gateways = gatewaysOf(ctx);
  if (gateways.stripe) return gateways.stripe;
  return sandboxActive(ctx, configured) ? gateways.cardSandbox : null;
}

/** Names of gateways that charge cards. */
export const isCardGateway = (name: GatewayName) => name === 'stripe' || name === 'card-sandbox';
