import type { IncomingHttpHeaders } from 'node:http';
import type { GatewayName } from '../domains/payments/payments.tables.js';

export type { GatewayName };

/** What a gateway is asked to charge for a wallet top-up. */
export interface TopUpChargeRequest {
  transactionId: string;
  userId: string;
  /** What the payer is charged, in cents (after any coupon). */
  amountCents: number;
  /** Shown to the payer where the provider allows it. */
  description: string;
  /** The receiving merchant's name (the site name). */
  merchantName: string;
  /** A saved card of the payer, for card gateways. */
  paymentMethodId?: string | undefined;
  /** The payer's customer at the provider, for card gateways. */
  customerId?: string | undefined;
  now: Date;
}

/** The provider's answer to a charge request. */
export interface TopUpCharge {
  /** The provider's handle of the charge (PIX txid, Stripe PaymentIntent id). */
  providerReference: string;
  /** PIX: the copy-and-paste BR Code the QR image encodes. */
  brCode?: string;
  /** Cards: the secret the browser confirms the payment with. */
  clientSecret?: string;
  /** Cards: the provider already settled it (a saved card that needed no authentication). */
  settled?: PaymentEvent;
  /** Cards: the payer must authenticate (3-D Secure) before the payment completes. */
  requiresAction?: boolean;
  /** After this the provider no longer accepts payment. */
  expiresAt?: Date;
}

export type PaymentEventStatus = 'success' | 'fail' | 'canceled';

/** A verified statement from a provider about one payment. */
export interface PaymentEvent {
  /** The provider's id of the payment (PIX endToEndId, Stripe PaymentIntent id); the de-duplication key. */
  providerPaymentId: string;
  /** Our transaction id when the provider echoes it (PIX txid, metadata). */
  transactionId?: string | undefined;
  /** The provider's handle of the charge, when the transaction is found by it instead. */
  providerReference?: string | undefined;
  /** What the provider says was paid, in cents of `currency`. */
  amountCents: number;
  currency: string;
  status: PaymentEventStatus;
}

export interface WebhookRequest {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  now: Date;
}

/** A webhook that is not from the provider, is stale, or cannot be read: answered 400 and never applied. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/** A provider refused or could not be reached; the top-up is marked failed. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}

/** One interface for every payment provider: charge a top-up, read its webhooks. */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** Ledger clearing account name of this gateway (`gateway:<name>`). */
  readonly clearingAccount: string;
  createTopUpCharge(request: TopUpChargeRequest): Promise<TopUpCharge>;
  /**
   * Checks the webhook's signature and freshness, then reads the payment events in it.
   * Throws WebhookVerificationError; returns no events for notifications it does not act on.
   */
  verifyWebhook(request: WebhookRequest): Promise<PaymentEvent[]>;
}

/** The provider refused the payment itself (a declined card); the payer may try another way. */
export class PaymentDeclinedError extends Error {
  override name = 'PaymentDeclinedError';
}
