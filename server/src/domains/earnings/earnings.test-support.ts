/**
 * Sales written straight into the books for the earnings, referral and payout tests (not a
 * test file itself): a wallet charge or a subscription payment with its ledger movement, as
 * the purchase engine and the renewal job write them, dated where the test needs it.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { ledgerMovements, subscriptionPayments, subscriptions, walletCharges, type SubscriptionType, type WalletChargeTarget } from '../../db/schema/index.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { postMovement, type Posting } from '../../money/ledger/ledger.js';
import { splitPrice, type Referrers, type Split } from '../wallet/commission-split.js';

/** The default commission settings (settings.catalogue.ts). */
export const DEFAULT_RATES = { performerCommission: 0.2, performerReferralCommission: 0.05, userReferralCommission: 0.02 };
const NO_REFERRERS: Referrers = { creatorReferrerId: null, fanReferrerId: null };

function postingsOf(buyerId: string, performerId: string, split: Split): Posting[] {
  return [
    { account: accountKeys.wallet(buyerId), amountCents: -split.priceCents },
    { account: accountKeys.earnings(performerId), amountCents: split.earningsCents },
    { account: accountKeys.platform(), amountCents: split.platformCents },
    ...[...split.referrals].map(([id, cents]) => ({ account: accountKeys.referral(id), amountCents: cents })),
  ];
}

/** Moves a movement (and so its credits) to another time. */
export async function dateMovement(ctx: AppContext, movementId: string, at: Date) {
  await ctx.db.update(ledgerMovements).set({ createdAt: at }).where(eq(ledgerMovements.id, movementId));
}

export interface SaleInput {
  buyerId: string;
  performerId: string;
  priceCents: number;
  at: Date;
  referrers?: Referrers;
}

/** A wallet charge for an item (the buyer's wallet must hold the price). */
export async function recordCharge(ctx: AppContext, input: SaleInput & { target: WalletChargeTarget; targetId: string }) {
  const split = splitPrice(input.priceCents, DEFAULT_RATES, input.referrers ?? NO_REFERRERS);
  return ctx.db.transaction(async (tx) => {
    const [charge] = await tx
      .insert(walletCharges)
      .values({
        target: input.target,
        targetId: input.targetId,
        userId: input.buyerId,
        performerId: input.performerId,
        priceCents: split.priceCents,
        earningsCents: split.earningsCents,
        platformCents: split.platformCents,
        referralCents: split.referralCents,
      })
      .returning();
    const { movementId } = await postMovement(tx, { kind: 'charge', referenceType: 'wallet_charge', referenceId: charge!.id, postings: postingsOf(input.buyerId, input.performerId, split) });
    await tx.update(ledgerMovements).set({ createdAt: input.at }).where(eq(ledgerMovements.id, movementId));
    return { charge: charge!, split, movementId };
  });
}

/** One paid period of a subscription (the subscription row is made on the first). */
export async function recordSubscriptionPayment(ctx: AppContext, input: SaleInput & { type?: SubscriptionType }) {
  const type = input.type ?? 'monthly';
  const split = splitPrice(input.priceCents, DEFAULT_RATES, input.referrers ?? NO_REFERRERS);
  return ctx.db.transaction(async (tx) => {
    const [subscription] = await tx
      .insert(subscriptions)
      .values({ userId: input.buyerId, performerId: input.performerId, subscriptionType: type, status: 'active', priceCents: input.priceCents, startedAt: input.at })
      .onConflictDoUpdate({ target: [subscriptions.userId, subscriptions.performerId], set: { status: 'active' } })
      .returning();
    const [payment] = await tx
      .insert(subscriptionPayments)
      .values({
        subscriptionId: subscription!.id,
        userId: input.buyerId,
        performerId: input.performerId,
        subscriptionType: type,
        kind: 'new',
        priceCents: split.priceCents,
        earningsCents: split.earningsCents,
        platformCents: split.platformCents,
        referralCents: split.referralCents,
        periodStart: input.at,
        periodEnd: new Date(input.at.getTime() + 30 * 86_400_000),
      })
      .returning();
    const { movementId } = await postMovement(tx, {
      kind: 'subscription',
      referenceType: 'subscription_payment',
      referenceId: payment!.id,
      postings: postingsOf(input.buyerId, input.performerId, split),
    });
    await tx.update(ledgerMovements).set({ createdAt: input.at }).where(eq(ledgerMovements.id, movementId));
    return { subscription: subscription!, payment: payment!, split, movementId };
  });
}

/** Earnings that came from no sale (a test top-up of the earnings account): they count in balances only. */
export async function creditEarnings(ctx: AppContext, performerId: string, cents: number) {
  await ctx.db.transaction((tx) =>
    postMovement(tx, {
      kind: 'test',
      referenceType: 'test',
      referenceId: performerId,
      postings: [
        { account: accountKeys.gateway('test'), amountCents: -cents },
        { account: accountKeys.earnings(performerId), amountCents: cents },
      ],
    }),
  );
}
