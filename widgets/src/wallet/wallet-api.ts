/**
 * The wallet's reads and shapes, over the page's session: the same code on the platform's
 * origin and, through the bridge, on a third-party page. Every call answers an Outcome.
 * The top-up itself is a money action (`transport.pay`), sent by the top-up model.
 */
import { failure, success, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';

export type PaymentStatus = 'created' | 'pending' | 'require_authentication' | 'success' | 'fail' | 'canceled' | 'refunded' | string;

/** A top-up as the server answers it (`server/src/domains/payments/payments.presenter.ts`). */
export interface TopUpTransaction {
  _id: string;
  status: PaymentStatus;
  paymentGateway: string;
  /** What the fan pays (the BR Code amount). */
  amount: number;
  /** What the wallet receives: the amount before the coupon's discount. */
  tokens: number;
  discount: number;
  brCode: string | null;
  qrCodeUrl: string | null;
  /** The QR code of `brCode` as SVG markup, drawn by the server while the charge can be paid. */
  qrCodeSvg: string | null;
  sandboxUrl: string | null;
  expiresAt: string | null;
  paidAt: string | null;
}

/** A coupon checked against an amount (`POST /coupons/:code/apply-coupon`). */
export interface CouponPreview {
  code: string;
  discount: number;
  amountToPay: number;
  amount: number;
}

export type Gateway = 'pix' | 'card';

const num = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

export function toTransaction(value: unknown): TopUpTransaction | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record._id !== 'string' || typeof record.status !== 'string') return null;
  return {
    _id: record._id,
    status: record.status,
    paymentGateway: text(record.paymentGateway) ?? 'pix-sandbox',
    amount: num(record.amount),
    tokens: num(record.tokens, num(record.amount)),
    discount: num(record.discount),
    brCode: text(record.brCode),
    qrCodeUrl: text(record.qrCodeUrl),
    qrCodeSvg: text(record.qrCodeSvg),
    sandboxUrl: text(record.sandboxUrl),
    expiresAt: text(record.expiresAt),
    paidAt: text(record.paidAt),
  };
}

/** Statuses after which nothing more happens to a top-up. */
export function isFinalStatus(status: PaymentStatus): boolean {
  return status === 'success' || status === 'fail' || status === 'canceled' || status === 'refunded';
}

/** The gateway name the server expects: the configured PIX one, or Stripe for cards. */
export function gatewayName(choice: Gateway, configured: string | undefined): string | undefined {
  if (choice === 'card') return 'stripe';
  return configured === 'pix' || configured === 'pix-sandbox' ? configured : undefined;
}

const bad = (message: string) => failure<never>({ status: 200, message });

export async function fetchTransaction(session: Session, id: string, signal?: AbortSignal): Promise<Outcome<TopUpTransaction>> {
  const outcome = await session.api.payments.transaction({ id }, undefined, {
    unauthorized: 'ignore',
    ...(signal ? { signal } : {}),
  });
  if (!outcome.ok) return outcome;
  const transaction = toTransaction(outcome.value);
  return transaction ? success(transaction) : bad('Unexpected answer');
}

export async function applyCoupon(session: Session, code: string, amount: number): Promise<Outcome<CouponPreview>> {
  const outcome = await session.api.coupons.apply({ code }, { amount }, { unauthorized: 'clear' });
  if (!outcome.ok) return outcome;
  const value = outcome.value ?? {};
  const discount = num(value.discount);
  return success({
    code: typeof value.code === 'string' ? value.code : code,
    amount: num(value.amount, amount),
    discount,
    amountToPay: num(value.amountToPay, amount - discount),
  });
}

/** `payment_status_callback { redirectUrl }`: which transaction, and whether it was paid. */
export function readStatusCallback(payload: unknown): { transactionId: string; paid: boolean } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const redirectUrl = (payload as { redirectUrl?: unknown }).redirectUrl;
  if (typeof redirectUrl !== 'string') return null;
  try {
    const url = new URL(redirectUrl, 'http://platform.invalid');
    const transactionId = url.searchParams.get('transactionId');
    if (!transactionId) return null;
    return { transactionId, paid: /\/success\/?$/.test(url.pathname) };
  } catch {
    return null;
  }
}
