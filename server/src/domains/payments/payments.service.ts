import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { newId } from '../../db/schema/ids.js';
import { couponRedemptions, paymentCards, paymentTransactions, type GatewayName, type PaymentStatus } from '../../db/schema/index.js';
import { GatewayUnavailableError, PaymentDeclinedError, type PaymentGateway, type TopUpCharge } from '../../gateways/gateway.js';
import { chooseGateway } from '../../gateways/registry.js';
import { HttpError, notFound, unprocessable } from '../../http/errors.js';
import { fromCents, toCents } from '../../http/money.js';
import type { Page } from '../../http/pagination.js';
import { extendHold, releaseReservation, reserveCoupon } from '../coupons/coupons.service.js';
import { readSettings } from '../settings/settings.service.js';
import { findCustomerId } from './cards.service.js';
import type { PaymentTransaction } from './payments.presenter.js';
import { applyPaymentEvent } from './settlement.service.js';

/** A charge is payable, and its coupon reserved, for an hour unless the gateway says otherwise. */
export const CHARGE_SECONDS = 60 * 60;
/** Below this no card provider charges (Stripe's BRL minimum); a coupon may not leave less to pay. */
export const MIN_CHARGE_CENTS = 50;
const OPEN: PaymentStatus[] = ['created', 'pending', 'require_authentication'];

export interface TopUpInput {
  amountCents: number;
  paymentGateway?: GatewayName | undefined;
  couponCode?: string | undefined;
  paymentCardId?: string | undefined;
}

const units = (cents: number) => fromCents(cents).toFixed(2);

/**
 * Creates a pending top-up through a gateway. The limits come from the settings on every
 * call (an admin change applies at once); the coupon is reserved in the same transaction
 * as the top-up row. The gateway is called after that commit, outside any transaction.
 */
export async function createTopUp(ctx: AppContext, userId: string, input: TopUpInput): Promise<{ transaction: PaymentTransaction; clientSecret?: string }> {
  const settings = await readSettings(ctx.db, ['minTopupWalletAmount', 'maxTopupWalletAmount', 'paymentGateway', 'siteName']);
  const min = toCents(String(settings.minTopupWalletAmount)) ?? 0;
  const max = toCents(String(settings.maxTopupWalletAmount)) ?? 0;
  if (input.amountCents < min || input.amountCents > max) {
    throw unprocessable(`The top-up amount must be between ${units(min)} and ${units(max)}`);
  }
  const gateway = chooseGateway(ctx, settings.paymentGateway, input.paymentGateway);
  const card = input.paymentCardId ? await savedCard(ctx, userId, gateway, input.paymentCardId) : undefined;
  const customerId = gateway.name === 'stripe' ? await findCustomerId(ctx.db, userId) : undefined;

  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + CHARGE_SECONDS * 1000);
  const transaction = await ctx.db.transaction(async (tx) => {
    const id = newId();
    const reservation = input.couponCode
      ? await reserveCoupon(tx, { code: input.couponCode, userId, transactionId: id, amountCents: input.amountCents, holdUntil: expiresAt, now })
      : undefined;
    const discount = reservation?.discountCents ?? 0;
    if (input.amountCents - discount < MIN_CHARGE_CENTS) {
      throw unprocessable(`With this coupon less than ${units(MIN_CHARGE_CENTS)} is left to pay; choose a larger amount`);
    }
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        id,
        userId,
        gateway: gateway.name,
        status: 'created',
        amountCents: input.amountCents - discount,
        creditCents: input.amountCents,
        discountCents: discount,
        couponId: reservation?.coupon.id ?? null,
        expiresAt,
      })
      .returning();
    return row!;
  });

  let charge: TopUpCharge;
  try {
    charge = await gateway.createTopUpCharge({
      transactionId: transaction.id,
      userId,
      amountCents: transaction.amountCents,
      description: `${settings.siteName} wallet top-up`,
      merchantName: settings.siteName,
      paymentMethodId: card?.providerPaymentMethodId,
      customerId: customerId ?? undefined,
      now,
    });
  } catch (error) {
    await ctx.db.transaction(async (tx) => {
      await tx.update(paymentTransactions).set({ status: 'fail', updatedAt: ctx.now() }).where(eq(paymentTransactions.id, transaction.id));
      await releaseReservation(tx, transaction.id);
    });
    if (error instanceof PaymentDeclinedError) throw unprocessable(error.message);
    if (error instanceof GatewayUnavailableError) throw new HttpError(502, 'The payment provider is not available, please try again later');
    throw error;
  }

  const chargeExpiry = charge.expiresAt ?? expiresAt;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(paymentTransactions)
      .set({
        status: charge.requiresAction ? 'require_authentication' : 'pending',
        providerReference: charge.providerReference,
        brCode: charge.brCode ?? null,
        expiresAt: chargeExpiry,
        updatedAt: ctx.now(),
      })
      .where(and(eq(paymentTransactions.id, transaction.id), eq(paymentTransactions.status, 'created')));
    if (transaction.couponId) await extendHold(tx, transaction.id, chargeExpiry);
  });
  // A saved card may be charged at once; settle through the same once-only path as the webhook.
  if (charge.settled) await applyPaymentEvent(ctx, gateway, charge.settled);
  return { transaction: await ownTransaction(ctx, userId, transaction.id), ...(charge.clientSecret ? { clientSecret: charge.clientSecret } : {}) };
}

async function savedCard(ctx: AppContext, userId: string, gateway: PaymentGateway, cardId: string) {
  if (gateway.name !== 'stripe') throw unprocessable('A saved card can only be used for card payments');
  const [card] = await ctx.db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, cardId), eq(paymentCards.userId, userId)));
  if (!card) throw notFound('Card not found');
  return card;
}

/** Open charges past their expiry are cancelled and their coupon reservations freed. */
export async function expireStale(ctx: AppContext, userId: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const expired = await tx
      .update(paymentTransactions)
      .set({ status: 'canceled', updatedAt: now })
      .where(and(eq(paymentTransactions.userId, userId), inArray(paymentTransactions.status, OPEN), lte(paymentTransactions.expiresAt, now)))
      .returning({ id: paymentTransactions.id });
    if (expired.length === 0) return;
    await tx
      .update(couponRedemptions)
      .set({ status: 'released', updatedAt: now })
      .where(and(inArray(couponRedemptions.transactionId, expired.map((e) => e.id)), eq(couponRedemptions.status, 'reserved')));
  });
}

/** The caller's own transaction; anyone else's is simply not found. */
export async function ownTransaction(ctx: AppContext, userId: string, id: string): Promise<PaymentTransaction> {
  const [row] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.userId, userId)));
  if (!row) throw notFound('Transaction not found');
  return row;
}

export async function findTransaction(ctx: AppContext, id: string): Promise<PaymentTransaction | undefined> {
  const [row] = await ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  return row;
}

const SORTABLE = {
  createdAt: paymentTransactions.createdAt,
  updatedAt: paymentTransactions.updatedAt,
  amount: paymentTransactions.amountCents,
  status: paymentTransactions.status,
} as const;

export async function searchTransactions(
  ctx: AppContext,
  userId: string,
  page: Page,
  filter: { status?: PaymentStatus | undefined; paymentGateway?: GatewayName | undefined },
): Promise<{ items: PaymentTransaction[]; total: number }> {
  await expireStale(ctx, userId);
  const where = and(
    eq(paymentTransactions.userId, userId),
    filter.status ? eq(paymentTransactions.status, filter.status) : undefined,
    filter.paymentGateway ? eq(paymentTransactions.gateway, filter.paymentGateway) : undefined,
  );
  const column = SORTABLE[page.sortBy as keyof typeof SORTABLE] ?? paymentTransactions.updatedAt;
  const order = page.sort === 'asc' ? asc : desc;
  const items = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(where)
    .orderBy(order(column), order(paymentTransactions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [row] = await ctx.db.select({ total: count() }).from(paymentTransactions).where(where);
  return { items, total: Number(row?.total ?? 0) };
}
