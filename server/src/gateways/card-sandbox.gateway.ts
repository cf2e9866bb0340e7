import { randomBytes } from 'node:crypto';
import { LIMITS, SANDBOX_TEST_CARDS, type SandboxCardBehaviour } from '@fandeck/contract';
import {
  PaymentDeclinedError,
  WebhookVerificationError,
  type PaymentEvent,
  type PaymentGateway,
  type TopUpCharge,
  type TopUpChargeRequest,
} from './gateway.js';

/**
 * The sandbox's card side: a local processor in test mode, so the whole card flow runs on
 * a fresh machine. It is on exactly when the PIX sandbox is (`sandboxActive`) and Stripe is
 * not configured. The test numbers are the contract's `SANDBOX_TEST_CARDS`: one is charged
 * at once, one is declined when it is saved, one needs an extra step (the platform's own
 * dialog, `payments.sandboxPay`) before the charge succeeds. Saving a card gives a token
 * that carries its behaviour; the number itself is never kept.
 */
export interface SandboxCardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface SandboxCardDetails {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Why a card cannot be saved: each one an error code the client translates. */
export type SandboxCardProblem = 'payment.card_number_invalid' | 'payment.card_expired' | 'payment.card_cvc_invalid' | 'payment.card_not_test';

export class SandboxCardError extends Error {
  override name = 'SandboxCardError';
  constructor(
    readonly code: SandboxCardProblem,
    message: string,
  ) {
    super(message);
  }
}

const TOKEN_PREFIX = 'sbxcard';

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/** The behaviour a token carries (`sbxcard_<behaviour>_<random>`), or null for a token the sandbox never made. */
export function behaviourOf(token: string): SandboxCardBehaviour | null {
  const [prefix, behaviour] = token.split('_');
  if (prefix !== TOKEN_PREFIX) return null;
  return SANDBOX_TEST_CARDS.some((card) => card.behaviour === behaviour) ? (behaviour as SandboxCardBehaviour) : null;
}

export type CardSandboxGateway = ReturnType<typeof createCardSandboxGateway>;

export function createCardSandboxGateway() {
  const gateway = {
    name: 'card-sandbox' as const,
    clearingAccount: 'card-sandbox',

    /**
     * Checks a card as a processor's test mode does and answers a token for it: a bad number,
     * date or CVC and a number that is not a test card are refused, the declining card is declined.
     */
    tokenize(input: SandboxCardInput, now: Date): SandboxCardDetails {
      const digits = input.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw new SandboxCardError('payment.card_number_invalid', 'The card number is not valid');
      const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
      if (input.expYear * 12 + (input.expMonth - 1) < thisMonth) throw new SandboxCardError('payment.card_expired', 'The card has expired');
      const { cvcMin, cvcMax } = LIMITS.card;
      if (!/^\d+$/.test(input.cvc) || input.cvc.length < cvcMin || input.cvc.length > cvcMax) throw new SandboxCardError('payment.card_cvc_invalid', 'The security code is not valid');
      const test = SANDBOX_TEST_CARDS.find((card) => card.number === digits);
      if (!test) throw new SandboxCardError('payment.card_not_test', 'The sandbox accepts only its test cards');
      if (test.behaviour === 'decline') throw new PaymentDeclinedError('Your card was declined');
      return {
        paymentMethodId: `${TOKEN_PREFIX}_${test.behaviour}_${randomBytes(12).toString('hex')}`,
        brand: brandOf(digits),
        last4: digits.slice(-4),
        expMonth: input.expMonth,
        expYear: input.expYear,
      };
    },

    async createTopUpCharge(request: TopUpChargeRequest): Promise<TopUpCharge> {
      const behaviour = request.paymentMethodId ? behaviourOf(request.paymentMethodId) : null;
      if (!behaviour || behaviour === 'decline') throw new PaymentDeclinedError('Your card was declined');
      const providerReference = `sbxpay_${randomBytes(12).toString('hex')}`;
      if (behaviour === 'authenticate') return { providerReference, requiresAction: true };
      return { providerReference, settled: gateway.paymentEvent(providerReference, request.transactionId, request.amountCents) };
    },

    /** What the sandbox reports once a charge is paid: at once, or after the extra step. */
    paymentEvent(providerReference: string, transactionId: string, amountCents: number): PaymentEvent {
      return { providerPaymentId: providerReference, providerReference, transactionId, amountCents, currency: 'BRL', status: 'success' };
    },

    async verifyWebhook(): Promise<PaymentEvent[]> {
      // The card sandbox answers synchronously; it sends no webhooks, so none is believed.
      throw new WebhookVerificationError('The card sandbox sends no webhooks');
    },
  } satisfies PaymentGateway & Record<string, unknown>;
  return gateway;
}
