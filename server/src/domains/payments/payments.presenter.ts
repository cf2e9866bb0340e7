import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { GATEWAY_NAMES, PAYMENT_STATUSES, PAYMENT_TYPES, type paymentTransactions } from './payments.tables.js';
import { fromCents } from '../../money/amounts.js';
import { pixQrSvg } from './pix-qr.js';

export type PaymentTransaction = typeof paymentTransactions.$inferSelect;

export const transactionSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  type: z.enum(PAYMENT_TYPES),
  status: z.enum(PAYMENT_STATUSES),
  paymentGateway: z.enum(GATEWAY_NAMES),
  currency: z.string(),
  /** What the payer is charged (the BR Code amount). */
  amount: z.number(),
  /** What the wallet receives: the amount plus the coupon's discount, or a token package's tokens. */
  tokens: z.number(),
  discount: z.number(),
  /** What a token package gives beyond its price (negative when it gives less). */
  bonus: z.number(),
  couponId: z.string().nullable(),
  /** The token package bought (null for a typed amount, or once the package was deleted) and its name at purchase. */
  packageId: z.string().nullable(),
  packageName: z.string().nullable(),
  /** The names existing clients read (api-contract.md section 7): `totalPrice` is what was paid, `originalPrice` the price before the coupon, */
  totalPrice: z.number(),
  originalPrice: z.number(),
  /** and `products` what was bought: the token package by name, none for a typed amount. */
  products: z.array(z.object({ _id: z.string().nullable(), description: z.string() })),
  /** PIX copy-and-paste code. */
  brCode: z.string().nullable(),
  /** PNG of the PIX QR code (owner only). */
  qrCodeUrl: z.string().nullable(),
  /**
   * The PIX QR code of `brCode` as SVG markup (`<svg viewBox="0 0 n n">`), drawn by this
   * server while the charge can be paid (status `pending`); null otherwise and for cards.
   */
  qrCodeSvg: z.string().nullable(),
  /** The sandbox's payment page, while the sandbox is the gateway. */
  sandboxUrl: z.string().nullable(),
  /** A gateway's hosted payment page, when it has one (the sandbox's): existing clients redirect there. */
  paymentUrl: z.string().optional(),
  /** Cards: the secret Stripe.js confirms the payment with (only in the top-up answer). */
  clientSecret: z.string().optional(),
  /** Set when a person must look at it (a wrong amount, a second payment); it is never credited then. */
  reviewReason: z.string().nullable(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransactionView = z.infer<typeof transactionSchema>;

export const apiUrl = (ctx: AppContext, path: string) => `${ctx.config.publicOrigin}/api${path}`;

export async function presentTransaction(ctx: AppContext, t: PaymentTransaction, extra: { clientSecret?: string } = {}): Promise<TransactionView> {
  const isPix = t.gateway === 'pix-sandbox' || t.gateway === 'pix';
  // Only a charge that can still be paid needs its drawing: lists of old payments stay light.
  const qrCodeSvg = isPix && t.brCode && t.status === 'pending' ? await pixQrSvg(t.brCode) : null;
  const sandboxUrl = t.gateway === 'pix-sandbox' ? apiUrl(ctx, `/payment/sandbox/${t.id}`) : null;
  return {
    _id: t.id,
    userId: t.userId,
    type: t.type,
    status: t.status,
    paymentGateway: t.gateway,
    currency: t.currency,
    amount: fromCents(t.amountCents),
    tokens: fromCents(t.creditCents),
    discount: fromCents(t.discountCents),
    bonus: fromCents(t.bonusCents),
    couponId: t.couponId,
    packageId: t.tokenPackageId,
    packageName: t.tokenPackageName,
    totalPrice: fromCents(t.amountCents),
    originalPrice: fromCents(t.amountCents + t.discountCents),
    products: t.tokenPackageName === null ? [] : [{ _id: t.tokenPackageId, description: t.tokenPackageName }],
    brCode: t.brCode,
    qrCodeUrl: isPix && t.brCode ? apiUrl(ctx, `/payment/transactions/qrcode?transactionId=${t.id}`) : null,
    qrCodeSvg,
    sandboxUrl,
    ...(sandboxUrl ? { paymentUrl: sandboxUrl } : {}),
    ...(extra.clientSecret ? { clientSecret: extra.clientSecret } : {}),
    reviewReason: t.reviewReason,
    expiresAt: t.expiresAt?.toISOString() ?? null,
    paidAt: t.paidAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** Where the client goes after a gateway payment resolves (`payment_status_callback`). */
export function redirectUrlFor(ctx: AppContext, t: Pick<PaymentTransaction, 'id'>, succeeded: boolean): string {
  return `${ctx.config.publicOrigin}/payment/${succeeded ? 'success' : 'cancel'}?transactionId=${t.id}`;
}
