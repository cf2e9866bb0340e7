import { CARD_PROVIDERS } from '@fandeck/contract';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../accounts/accounts.tables.js';
import { paymentCards, paymentProviderAccounts } from './payments.tables.js';
import { GatewayUnavailableError, PaymentDeclinedError } from '../../gateways/gateway.js';
import { SandboxCardError, type CardSandboxGateway, type SandboxCardDetails, type SandboxCardInput } from '../../gateways/card-sandbox.gateway.js';
import { CARDS_DISABLED, cardGateway, requireStripe } from '../../gateways/registry.js';
import type { StripeGateway } from '../../gateways/stripe.gateway.js';
import { badRequest, conflict, HttpError, notFound, unprocessable } from '../../http/errors.js';
import { readSetting } from '../settings/index.js';

/**
 * Saved cards (at Stripe, or at the sandbox's cards on a server without it) and creators'
 * connected accounts at Stripe. We keep only what the provider tells us about a card (brand,
 * last four digits, expiry) and its PaymentMethod id or sandbox token. With Stripe the card
 * number never reaches this server (Stripe.js sends it to Stripe directly); the sandbox sees
 * its test numbers and drops them once it has made the token.
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

/** The card gateway this server charges cards through now (Stripe, or the sandbox's cards), or null. */
export async function activeCardGateway(ctx: AppContext, db: DbOrTx = ctx.db): Promise<StripeGateway | CardSandboxGateway | null> {
  return cardGateway(ctx, await readSetting(db, 'paymentGateway'));
}

/** The user's saved cards at the active card gateway, the default first; none when cards are off (existing clients load the list on every payment screen). */
export async function listCards(ctx: AppContext, userId: string): Promise<PaymentCard[]> {
  const gateway = await activeCardGateway(ctx);
  if (!gateway) return [];
  return ctx.db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.provider, gateway.name)))
    .orderBy(desc(paymentCards.isDefault), desc(paymentCards.createdAt), desc(paymentCards.id));
}

export type AddCardResult = { card: PaymentCard } | { setupIntentClientSecret: string };

export interface AddCardInput {
  paymentMethodId?: string | undefined;
  card?: SandboxCardInput | undefined;
}

/** The provider named in the path must be the active card gateway: a sandbox card can never be saved beside Stripe. */
async function gatewayFor(ctx: AppContext, provider: string) {
  if (!(CARD_PROVIDERS as readonly string[]).includes(provider)) throw notFound('payment.unknown_provider', 'Unknown payment provider');
  const gateway = await activeCardGateway(ctx);
  if (!gateway || gateway.name !== provider) throw unprocessable('payment.cards_disabled', CARDS_DISABLED);
  return gateway;
}

/**
 * Saves a card. Stripe: with a PaymentMethod id made by Stripe.js, attaches it to the fan's
 * Customer; without one, answers a SetupIntent secret the browser confirms (3-D Secure when
 * the bank asks) before it sends the PaymentMethod id here. The sandbox: checks the typed
 * card as a test mode does and keeps its token, brand, last four and expiry, never the number.
 */
export async function addCard(ctx: AppContext, userId: string, provider: string, input: AddCardInput): Promise<AddCardResult> {
  const gateway = await gatewayFor(ctx, provider);
  if (gateway.name === 'card-sandbox') {
    if (!input.card) throw badRequest('request.invalid', 'body.number: send the card number, expiry and CVC', ['body.number']);
    let details: SandboxCardDetails;
    try {
      details = gateway.tokenize(input.card, ctx.now());
    } catch (error) {
      if (error instanceof SandboxCardError) throw unprocessable(error.code, error.message);
      if (error instanceof PaymentDeclinedError) throw unprocessable('payment.card_declined', error.message);
      throw error;
    }
    return { card: await saveCard(ctx, userId, gateway.name, details) };
  }

  const stripe = gateway;
  const user = await profile(ctx, userId);
  const customerId = await ensureAccount(ctx, userId, 'customer', () => stripe.createCustomer(user));
  const paymentMethodId = input.paymentMethodId;
  if (!paymentMethodId) return { setupIntentClientSecret: await viaGateway(() => stripe.createSetupIntent(customerId)) };

  const known = await cardByMethod(ctx.db, paymentMethodId);
  if (known && known.userId !== userId) throw conflict('payment.card_owned_elsewhere', 'This card is saved by another account');
  if (known) return { card: known };
  const details = await viaGateway(() => stripe.attachCard(customerId, paymentMethodId));
  return { card: await saveCard(ctx, userId, PROVIDER, details) };
}

/** Keeps what the provider told us about a card; the user's first card becomes the default. */
async function saveCard(ctx: AppContext, userId: string, provider: string, details: SandboxCardDetails): Promise<PaymentCard> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [other] = await tx
        .select({ id: paymentCards.id })
        .from(paymentCards)
        .where(and(eq(paymentCards.userId, userId), eq(paymentCards.provider, provider)))
        .limit(1);
      const [card] = await tx
        .insert(paymentCards)
        .values({
          userId,
          provider,
          providerPaymentMethodId: details.paymentMethodId,
          brand: details.brand,
          last4: details.last4,
          expMonth: details.expMonth,
          expYear: details.expYear,
          isDefault: !other,
        })
        .returning();
      return card!;
    });
  } catch (error) {
    // The same card saved twice at once: the first insert wins, the second reads it.
    if (!isUniqueViolation(error)) throw error;
    const [card] = await ctx.db
      .select()
      .from(paymentCards)
      .where(and(eq(paymentCards.provider, provider), eq(paymentCards.providerPaymentMethodId, details.paymentMethodId)));
    if (!card || card.userId !== userId) throw conflict('payment.card_owned_elsewhere', 'This card is saved by another account');
    return card;
  }
}

async function ownCard(db: DbOrTx, userId: string, cardId: string): Promise<PaymentCard> {
  const [card] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, cardId), eq(paymentCards.userId, userId)));
  if (!card) throw notFound('payment.card_not_found', 'Card not found');
  return card;
}

/** Removes a card (detached at Stripe too); when it was the default, the newest other card becomes it. */
export async function deleteCard(ctx: AppContext, userId: string, cardId: string): Promise<void> {
  if (!(await activeCardGateway(ctx))) throw unprocessable('payment.cards_disabled', CARDS_DISABLED);
  const card = await ownCard(ctx.db, userId, cardId);
  if (card.provider === PROVIDER) {
    const stripe = requireStripe(ctx);
    await viaGateway(() => stripe.detachCard(card.providerPaymentMethodId));
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(paymentCards).where(eq(paymentCards.id, card.id));
    if (!card.isDefault) return;
    const [next] = await tx
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .where(and(eq(paymentCards.userId, userId), eq(paymentCards.provider, card.provider)))
      .orderBy(desc(paymentCards.createdAt), desc(paymentCards.id))
      .limit(1);
    if (next) await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, next.id));
  });
}

/** Makes one card the default of its provider, and only that one. */
export async function setDefaultCard(ctx: AppContext, userId: string, cardId: string): Promise<PaymentCard> {
  return ctx.db.transaction(async (tx) => {
    const card = await ownCard(tx, userId, cardId);
    await tx
      .update(paymentCards)
      .set({ isDefault: false })
      .where(and(eq(paymentCards.userId, userId), eq(paymentCards.provider, card.provider), ne(paymentCards.id, card.id)));
    const [updated] = await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, card.id)).returning();
    return updated!;
  });
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
