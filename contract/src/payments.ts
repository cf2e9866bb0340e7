/**
 * Saved cards and the card sandbox: what server, widgets and host agree on.
 */

/** What a test card does in the card sandbox: charged at once, declined, or charged after an extra step. */
export type SandboxCardBehaviour = 'succeed' | 'decline' | 'authenticate';

/**
 * The card sandbox's test numbers (any future expiry, any 3-digit CVC), as a processor's
 * test mode documents its own. Any other number is refused with `payment.card_not_test`.
 */
export const SANDBOX_TEST_CARDS: readonly { number: string; behaviour: SandboxCardBehaviour }[] = [
  { number: '4242424242424242', behaviour: 'succeed' },
  { number: '4000000000000002', behaviour: 'decline' },
  { number: '4000000000003220', behaviour: 'authenticate' },
];

/** The `:provider` of `POST /:provider/cards`: Stripe when configured, else the sandbox. */
export const CARD_PROVIDERS = ['stripe', 'card-sandbox'] as const;
export type CardProvider = (typeof CARD_PROVIDERS)[number];

/** A saved card: never its number, only what identifies it to the fan. */
export interface PaymentCardDto {
  _id: string;
  provider: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  createdAt: string;
}

/** `POST /card-sandbox/cards`: the card as typed (the sandbox keeps only a token, brand, last four and expiry). */
export interface SandboxCardBody {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** `POST /stripe/cards`: a PaymentMethod id from Stripe.js, or nothing for a SetupIntent secret. */
export interface StripeCardBody {
  paymentMethodId?: string;
}

export type AddCardBody = SandboxCardBody | StripeCardBody;
export type AddCardResponse = PaymentCardDto | { setupIntentClientSecret: string };

/** A top-up as the history lists it (`GET /payment/transactions/user/search`); amounts in currency units. */
export interface PaymentTransactionDto {
  _id: string;
  status: string;
  paymentGateway: string;
  amount: number;
  tokens: number;
  discount: number;
  packageName: string | null;
  brCode: string | null;
  qrCodeSvg: string | null;
  createdAt: string;
  paidAt: string | null;
}

/** A wallet charge as the buyer's history lists it (`GET /wallet/charges/search`). */
export interface WalletChargeDto {
  _id: string;
  target: string;
  status: string;
  price: number;
  message: string | null;
  performerInfo?: { _id: string; username: string | null; name: string };
  createdAt: string;
}

/** A token package on sale (`GET /package/token/search`). */
export interface TokenPackageDto {
  _id: string;
  name: string;
  description: string;
  price: number;
  tokens: number;
}
