import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { paymentCards, paymentProviderAccounts, users } from '../../db/schema/index.js';
import { GatewayUnavailableError, PaymentDeclinedError } from '../../gateways/gateway.js';
import { gatewaysOf, requireStripe } from '../../gateways/registry.js';
import type { StripeGateway } from '../../gateways/stripe.gateway.js';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.js';

/**
 * Saved cards and creators' connected accounts at Stripe. We keep only what Stripe tells
 * us about a card (brand, last four digits, expiry) and its PaymentMethod id; the card
 * number never reaches this server (Stripe.js sends it to Stripe directly).
 */
export type PaymentCard = typeof paymentCards.$inferSelect;

const PROVIDER = 'stripe';

/** Gateway errors as answers: a decline is the payer's to fix (422), an outage is a 502. */
export async function viaGateway<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw unprocessable('payment.declined', error.message);
    if (error instanceof GatewayUnavailableError) throw new HttpError(502, 'payment.gateway_unavailable', 'The payment provider is not available, please try again later');
    throw error;
  }
}

async function providerAccount(db: DbOrTx, userId: string, kind: 'customer' | 'connected'): Promise<string | null> {
  const [row] = await db
    .select({ externalId: paymentProviderAccounts.externalId })
    .from(paymentProviderAccounts)
    .where(and(eq(paymentProviderAccounts.userId, userId), eq(paymentProviderAccounts.provider, PROVIDER), eq(paymentProviderAccounts.kind, kind)));
  return row?.externalId ?? null;
}

export const findCustomerId = (db: DbOrTx, userId: string) => providerAccount(db, userId, 'customer');

/** Finds or makes the user's object at Stripe; a concurrent request that made it first wins. */
async function ensureAccount(ctx: AppContext, userId: string, kind: 'customer' | 'connected', create: () => Promise<string>): Promise<string> {
  const existing = await providerAccount(ctx.db, userId, kind);
  if (existing) return existing;
  const externalId = await viaGateway(create);
  await ctx.db.insert(paymentProviderAccounts).values({ userId, provider: PROVIDER, kind, externalId }).onConflictDoNothing();
  return (await providerAccount(ctx.db, userId, kind)) ?? externalId;
}

async function profile(ctx: AppContext, userId: string) {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('users.not_found', 'User not found');
  return { id: user.id, email: user.email, name: user.name || user.username || user.email };
}

async function cardByMethod(db: DbOrTx, paymentMethodId: string): Promise<PaymentCard | undefined> {
  const [card] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.provider, PROVIDER), eq(paymentCards.providerPaymentMethodId, paymentMethodId)));
  return card;
}

/** The user's saved cards; none when cards are off (existing clients load the list on every payment screen). */
export async function listCards(ctx: AppContext, userId: string): Promise<PaymentCard[]> {
  if (!gatewaysOf(ctx).stripe) return [];
  return ctx.db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.userId, userId))
    .orderBy(desc(paymentCards.createdAt), desc(paymentCards.id));
}

export type AddCardResult = { card: PaymentCard } | { setupIntentClientSecret: string };

/**
 * With a PaymentMethod id made by Stripe.js, attaches it to the fan's Customer and saves
 * the card. Without one, answers a SetupIntent secret: the browser confirms it (3-D Secure
 * when the bank asks) and then sends the PaymentMethod id here.
 */
export async function addCard(ctx: AppContext, userId: string, paymentMethodId: string | undefined): Promise<AddCardResult> {
  const stripe = requireStripe(ctx);
  const user = await profile(ctx, userId);
  const customerId = await ensureAccount(ctx, userId, 'customer', () => stripe.createCustomer(user));
  if (!paymentMethodId) return { setupIntentClientSecret: await viaGateway(() => stripe.createSetupIntent(customerId)) };

  const known = await cardByMethod(ctx.db, paymentMethodId);
  if (known && known.userId !== userId) throw conflict('payment.card_owned_elsewhere', 'This card is saved by another account');
  if (known) return { card: known };
  const details = await viaGateway(() => stripe.attachCard(customerId, paymentMethodId));
  try {
    const [card] = await ctx.db
      .insert(paymentCards)
      .values({
        userId,
        provider: PROVIDER,
        providerPaymentMethodId: details.paymentMethodId,
        brand: details.brand,
        last4: details.last4,
        expMonth: details.expMonth,
        expYear: details.expYear,
      })
      .returning();
    return { card: card! };
  } catch (error) {
    // The same card saved twice at once: the first insert wins, the second reads it.
    if (!isUniqueViolation(error)) throw error;
    const card = await cardByMethod(ctx.db, details.paymentMethodId);
    if (!card || card.userId !== userId) throw conflict('payment.card_owned_elsewhere', 'This card is saved by another account');
    return { card };
  }
}

export async function deleteCard(ctx: AppContext, userId: string, cardId: string): Promise<void> {
  const stripe = requireStripe(ctx);
  const [card] = await ctx.db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, cardId), eq(paymentCards.userId, userId)));
  if (!card) throw notFound('payment.card_not_found', 'Card not found');
  await viaGateway(() => stripe.detachCard(card.providerPaymentMethodId));
  await ctx.db.delete(paymentCards).where(eq(paymentCards.id, card.id));
}

/** A creator's Express account and the link that finishes its onboarding at Stripe. */
export async function connectAccount(ctx: AppContext, userId: string): Promise<{ accountId: string; onboardingUrl: string }> {
  const stripe: StripeGateway = requireStripe(ctx);
  const user = await profile(ctx, userId);
  const accountId = await ensureAccount(ctx, userId, 'connected', () => stripe.createConnectedAccount(user));
  const base = `${ctx.config.publicOrigin}/creator/payouts`;
  const urls = { refreshUrl: `${base}?stripe=refresh`, returnUrl: `${base}?stripe=return` };
  const onboardingUrl = await viaGateway(() => stripe.onboardingLink(accountId, urls));
  return { accountId, onboardingUrl };
}
