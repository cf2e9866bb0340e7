import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { newId } from '../../db/schema/ids.js';
import { couponRedemptions } from '../coupons/coupons.tables.js';
import { paymentCards, paymentTransactions, type GatewayName, type PaymentStatus } from './payments.tables.js';
import { GatewayUnavailableError, PaymentDeclinedError, type PaymentGateway, type TopUpCharge } from '../../gateways/gateway.js';
import { CARDS_DISABLED, cardGateway, chooseGateway, isCardGateway } from '../../gateways/registry.js';
import { badRequest, HttpError, notFound, unprocessable } from '../../http/errors.js';
import { withinDates, type DateRange } from '../../http/date-range.js';
import { sortColumnOf, type Page } from '../../http/pagination.js';
import type { PriceCheck } from '../../money/money-action.js';
import { assertUsable, discountCents, extendHold, findCoupon, releaseReservation, reserveCoupon } from '../coupons/index.js';
import { readSetting, readSettings } from '../settings/index.js';
import { findCustomerId } from './cards.service.js';
import type { PaymentTransaction } from './payments.presenter.js';
import { applyPaymentEvent } from './settlement.service.js';
import { buyablePackage, type TokenPackage } from './token-packages.service.js';
import { assertTopUpLimits, units } from './top-up-limits.js';

/** A charge is payable, and its coupon reserved, for an hour unless the gateway says otherwise. */
export const CHARGE_SECONDS = 60 * 60;
/** Below this no card provider charges (Stripe's BRL minimum); a coupon may not leave less to pay. */
export const MIN_CHARGE_CENTS = 50;
const OPEN: PaymentStatus[] = ['created', 'pending', 'require_authentication'];

/** An amount the fan chose, or a token package (its price; `amountCents`, when sent too, must be that price). */
export interface TopUpInput {
  amountCents?: number | undefined;
  packageId?: string | undefined;
  paymentGateway?: GatewayName | undefined;
  couponCode?: string | undefined;
  paymentCardId?: string | undefined;
}

/** What a top-up is worth before any coupon: `baseCents` to pay, `creditCents` for the wallet. */
interface TopUpBasis {
  baseCents: number;
  creditCents: number;
  tokenPackage: TokenPackage | null;
}

/**
 * An amount credits itself; a package credits its tokens for its price. A package and an
 * amount that is not its price are a 400 naming the amount, never a guess at which one was meant.
 */
async function topUpBasis(db: DbOrTx, input: TopUpInput, lock = false): Promise<TopUpBasis> {
  if (!input.packageId) {
    if (input.amountCents === undefined) throw badRequest('request.invalid', 'body.amount: send an amount or a packageId', ['body.amount']);
    return { baseCents: input.amountCents, creditCents: input.amountCents, tokenPackage: null };
  }
  const tokenPackage = await buyablePackage(db, input.packageId, lock);
  if (input.amountCents !== undefined && input.amountCents !== tokenPackage.priceCents) {
    throw badRequest(
      'payment.package_amount_mismatch',
      `body.amount: ${units(input.amountCents)} is not the price of the token package (${units(tokenPackage.priceCents)}); send its price or no amount`,
      ['body.amount'],
    );
  }
  return { baseCents: tokenPackage.priceCents, creditCents: tokenPackage.tokensCents, tokenPackage };
}

/** What the payer pays and the wallet receives for a top-up and a coupon's discount. */
function topUpPrice(basis: TopUpBasis, discountCents: number): { priceCents: number; creditCents: number } {
  const priceCents = basis.baseCents - discountCents;
  if (priceCents < MIN_CHARGE_CENTS) {
    throw unprocessable('payment.coupon_leaves_too_little', `With this coupon less than ${units(MIN_CHARGE_CENTS)} is left to pay; choose a larger amount`);
  }
  return { priceCents, creditCents: basis.creditCents };
}

/**
 * What a top-up would cost, by the same rules `createTopUp` applies, reserving nothing:
 * the package, the limits, the gateway, the saved card and the coupon as it stands now.
 * `description` is the package's name.
 */
export async function quoteTopUp(
  db: DbOrTx,
  ctx: AppContext,
  userId: string,
  input: TopUpInput,
): Promise<{ priceCents: number; creditCents: number; description: string | null }> {
  const basis = await topUpBasis(db, input);
  await assertTopUpLimits(db, basis.baseCents);
  const gateway = topUpGateway(ctx, await readSetting(db, 'paymentGateway'), input);
  if (input.paymentCardId) await savedCard(db, userId, gateway, input.paymentCardId);
  let discount = 0;
  if (input.couponCode) {
    const coupon = await findCoupon(db, input.couponCode);
    await assertUsable(db, coupon, userId, ctx.now());
    discount = discountCents(coupon, basis.baseCents);
  }
  return { ...topUpPrice(basis, discount), description: basis.tokenPackage?.name ?? null };
}

/**
 * Creates a pending top-up through a gateway. The coupon is reserved in the same
 * transaction as the top-up row, and the price is checked against the fan's quote
 * (`check`) there, before anything is kept. The gateway is called after that commit,
 * outside any transaction.
 */
export async function createTopUp(
  ctx: AppContext,
  userId: string,
  input: TopUpInput,
  check: PriceCheck = () => undefined,
): Promise<{ transaction: PaymentTransaction; clientSecret?: string }> {
  const checked = await topUpBasis(ctx.db, input);
  await assertTopUpLimits(ctx.db, checked.baseCents);
  const settings = await readSettings(ctx.db, ['paymentGateway', 'siteName']);
  const gateway = topUpGateway(ctx, settings.paymentGateway, input);
  const card = input.paymentCardId ? await savedCard(ctx.db, userId, gateway, input.paymentCardId) : undefined;
  const customerId = gateway.name === 'stripe' ? await findCustomerId(ctx.db, userId) : undefined;

  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + CHARGE_SECONDS * 1000);
  const transaction = await ctx.db.transaction(async (tx) => {
    const id = newId();
    // The package again, locked, as it stands when the top-up is recorded (staff may have just changed it).
    const basis = input.packageId ? await topUpBasis(tx, input, true) : checked;
    if (basis.baseCents !== checked.baseCents) await assertTopUpLimits(tx, basis.baseCents);
    const reservation = input.couponCode
      ? await reserveCoupon(tx, { code: input.couponCode, userId, transactionId: id, amountCents: basis.baseCents, holdUntil: expiresAt, now })
      : undefined;
    const priced = topUpPrice(basis, reservation?.discountCents ?? 0);
    check(priced);
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        id,
        userId,
        gateway: gateway.name,
        status: 'created',
        amountCents: priced.priceCents,
        creditCents: priced.creditCents,
        discountCents: basis.baseCents - priced.priceCents,
        bonusCents: basis.creditCents - basis.baseCents,
        tokenPackageId: basis.tokenPackage?.id ?? null,
        tokenPackageName: basis.tokenPackage?.name ?? null,
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
    if (error instanceof PaymentDeclinedError) throw unprocessable('payment.declined', error.message);
    if (error instanceof GatewayUnavailableError) throw new HttpError(502, 'payment.gateway_unavailable', 'The payment provider is not available, please try again later');
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

/**
 * The gateway a top-up goes through: the one named, or with a saved card and none named, the
 * server's card gateway. The sandbox's cards charge only a saved card (its token says how the
 * test card behaves).
 */
function topUpGateway(ctx: AppContext, configured: GatewayName, input: TopUpInput): PaymentGateway {
  if (input.paymentCardId && !input.paymentGateway) {
    const card = cardGateway(ctx, configured);
    if (!card) throw unprocessable('payment.cards_disabled', CARDS_DISABLED);
    return card;
  }
  const gateway = chooseGateway(ctx, configured, input.paymentGateway);
  if (gateway.name === 'card-sandbox' && !input.paymentCardId) {
    throw badRequest('request.invalid', 'body.paymentCardId: the card sandbox charges a saved card', ['body.paymentCardId']);
  }
  return gateway;
}

async function savedCard(db: DbOrTx, userId: string, gateway: PaymentGateway, cardId: string) {
  if (!isCardGateway(gateway.name)) throw unprocessable('payment.card_gateway_only', 'A saved card can only be used for card payments');
  const [card] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, cardId), eq(paymentCards.userId, userId), eq(paymentCards.provider, gateway.name)));
  if (!card) throw notFound('payment.card_not_found', 'Card not found');
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
  if (!row) throw notFound('payment.transaction_not_found', 'Transaction not found');
  return row;
}

export async function findTransaction(ctx: AppContext, id: string): Promise<PaymentTransaction | undefined> {
  const [row] = await ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  return row;
}

/** The columns its list may be sorted by (`sortBy`). */
export const transactionSortColumns = {
  createdAt: paymentTransactions.createdAt,
  updatedAt: paymentTransactions.updatedAt,
  amount: paymentTransactions.amountCents,
  status: paymentTransactions.status,
} as const;

export async function searchTransactions(
  ctx: AppContext,
  userId: string,
  page: Page,
  filter: { status?: PaymentStatus | undefined; paymentGateway?: GatewayName | undefined } & DateRange,
): Promise<{ items: PaymentTransaction[]; total: number }> {
  await expireStale(ctx, userId);
  const where = and(
    eq(paymentTransactions.userId, userId),
    filter.status ? eq(paymentTransactions.status, filter.status) : undefined,
    filter.paymentGateway ? eq(paymentTransactions.gateway, filter.paymentGateway) : undefined,
    ...withinDates(paymentTransactions.createdAt, filter),
  );
  const column = sortColumnOf(transactionSortColumns, page, paymentTransactions.updatedAt);
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
