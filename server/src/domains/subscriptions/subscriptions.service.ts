/**
 * Subscribing (the `subscribe` money action's work), cancelling and resuming. One row per
 * fan and creator, reused each time the fan subscribes again; each paid period is a
 * `subscription_payments` row booked in the ledger in the same transaction.
 */
import type { SubscribeResult } from '@fandeck/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { subscriptions, type SubscriptionType } from './subscriptions.tables.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { requireCreatorInScope, type PageScope } from '../../http/page-scope.js';
import { fromCents } from '../../money/amounts.js';
import type { PriceCheck } from '../../money/money-action.js';
import type { NotifyInput } from '../notifications/index.js';
import type { ChargeTerms, WalletCharging } from '../wallet/index.js';
import { DAY_MS, periodEnd, PLAN_LIMIT_KEYS, PLAN_MONTHS, planPriceCents, priceAllowed, type SubscriptionPlan } from './plans.js';
import { chargePeriod, findCreator, subscriptionTerms, type Creator, type PaidPeriod, type Payer } from './subscription-charge.js';
import { deactivate, recountSubscribers, scheduleRenewal } from './subscription-state.js';
import { holdsAccess, presentSubscription, renews, type SubscriptionRow } from './subscriptions.presenter.js';

export type SubscribeType = SubscriptionPlan | 'free';

export interface SubscribeInput {
  performerId: string;
  type: SubscribeType;
}

export const ALREADY_ACTIVE = 'You are already subscribed to this creator';
export const PLAN_UNAVAILABLE = 'This plan is not available now';
export const FREE_USED = 'You have already used this creator’s free subscription';

const OFFER_KEYS = [...PLAN_LIMIT_KEYS, 'freeSubscriptionEnabled'] as const;

/** What subscribing costs this fan now, and the rules that allow it (the quote and the action both come here). */
export interface Offer {
  creator: Creator;
  type: SubscribeType;
  priceCents: number;
  terms: ChargeTerms<(typeof OFFER_KEYS)[number]>;
}

/**
 * Refuses what may not be subscribed to: the fan themselves, a creator who blocked them or
 * whose documents are not approved (as every wallet purchase), a subscription that already
 * holds and renews (409), a plan priced outside the limits now, the free offer when the
 * creator or the platform has it off, or when this fan used it before (one per creator, ever).
 */
async function offerFor(tx: Tx, fan: Payer, creator: Creator, type: SubscribeType, current: SubscriptionRow | undefined, now: Date, wallet: WalletCharging): Promise<Offer> {
  const terms = await subscriptionTerms(tx, fan, creator.id, OFFER_KEYS, wallet);
  if (current && holdsAccess(current, now) && renews(current)) throw conflict('subscriptions.already_active', ALREADY_ACTIVE);
  if (type === 'free') {
    if (!terms.settings.freeSubscriptionEnabled || !creator.profile.freeSubscriptionEnabled) throw unprocessable('subscriptions.plan_unavailable', PLAN_UNAVAILABLE);
    if (current?.freeUsedAt) throw unprocessable('subscriptions.free_already_used', FREE_USED);
    return { creator, type, priceCents: 0, terms };
  }
  const priceCents = planPriceCents(creator.profile, type);
  if (!priceAllowed(type, priceCents, terms.settings)) throw unprocessable('subscriptions.plan_unavailable', PLAN_UNAVAILABLE);
  return { creator, type, priceCents, terms };
}

const pairOf = (fanId: string, creatorId: string) => and(eq(subscriptions.userId, fanId), eq(subscriptions.performerId, creatorId));

/** The quote: the price the action would charge now (0 for the free offer); reads only. */
export async function quoteSubscription(tx: Tx, ctx: AppContext, fan: AuthUser, input: SubscribeInput, wallet: WalletCharging): Promise<Offer> {
  const creator = await findCreator(tx, input.performerId);
  const [current] = await tx.select().from(subscriptions).where(pairOf(fan.id, creator.id));
  return offerFor(tx, fan, creator, input.type, current, ctx.now(), wallet);
}

export interface Subscribed {
  row: SubscriptionRow;
  paid: PaidPeriod | null;
}

/**
 * Subscribes in the action's transaction. The pair's row is created if missing and locked,
 * so concurrent subscribes of one fan to one creator run one after the other (the second
 * finds the first active: 409). A period starts now, or, while access still holds (a
 * cancelled or free subscription), where it ends. Paid: the payment and its ledger movement;
 * free: the creator's free days, no money, no renewal. Then the count and the renewal job.
 */
export async function subscribe(tx: Tx, ctx: AppContext, fan: AuthUser, input: SubscribeInput, check: PriceCheck, wallet: WalletCharging): Promise<Subscribed> {
  const now = ctx.now();
  const creator = await findCreator(tx, input.performerId);
  await tx
    .insert(subscriptions)
    .values({ userId: fan.id, performerId: creator.id, subscriptionType: input.type, status: 'created', createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [subscriptions.userId, subscriptions.performerId] });
  const [current] = await tx.select().from(subscriptions).where(pairOf(fan.id, creator.id)).for('update');
  const offer = await offerFor(tx, fan, creator, input.type, current!, now, wallet);
  check({ priceCents: offer.priceCents, creditCents: null });

  const holding = holdsAccess(current!, now);
  const periodStart = holding ? current!.expiredAt! : now;
  // The anchor the months are counted from: kept while access holds, else the new start.
  const anchor = holding ? (current!.startedAt ?? periodStart) : periodStart;
  const free = input.type === 'free';
  const end = free ? new Date(periodStart.getTime() + creator.profile.freeSubscriptionDays * DAY_MS) : periodEnd(anchor, periodStart, PLAN_MONTHS[input.type as SubscriptionPlan]);
  const [row] = await tx
    .update(subscriptions)
    .set({
      subscriptionType: input.type as SubscriptionType,
      status: 'active',
      priceCents: offer.priceCents,
      startedAt: anchor,
      expiredAt: end,
      cancelledAt: null,
      graceUntil: null,
      renewals: holding ? current!.renewals : 0,
      ...(free ? { freeUsedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(subscriptions.id, current!.id))
    .returning();
  const paid = free ? null : await chargePeriod(tx, { row: row!, kind: 'new', priceCents: offer.priceCents, terms: offer.terms, periodStart, periodEnd: end, now }, wallet);
  await recountSubscribers(tx, creator.id, now);
  // Free: the job ends it at expiry; paid: the job renews it.
  await scheduleRenewal(tx, ctx, row!.id, end);
  return { row: row!, paid };
}

export function subscribeResult(ctx: AppContext, subscribed: Subscribed): SubscribeResult {
  return {
    subscription: presentSubscription(subscribed.row, ctx.now()),
    ...(subscribed.paid ? { balance: fromCents(subscribed.paid.balancesAfter.buyerWalletCents) } : {}),
  };
}

/** After commit: both balances move live. */
export function announceSubscribed(ctx: AppContext, subscribed: Subscribed, wallet: WalletCharging): void {
  if (!subscribed.paid) return;
  wallet.announceBalances(subscribed.row.userId, subscribed.row.performerId, subscribed.paid.split, subscribed.paid.balancesAfter);
}

/** The creator's notification of a new subscriber (or a subscription taken again), sent after commit. */
export const subscribedNotice = ({ row }: Subscribed): NotifyInput => ({
  userId: row.performerId,
  type: 'subscription.created',
  data: { actorId: row.userId, subscriptionId: row.id, subscriptionType: row.subscriptionType, price: fromCents(row.priceCents) },
});

const NO_SUCH_SUBSCRIPTION = 'Subscription not found';

/**
 * The subscription locked for a change by its fan or staff; anyone else finds none (404). From
 * a page (`scope`), only one to a creator who owns it (403 `embeds.origin_not_owned`).
 */
async function ownSubscription(tx: Tx, user: AuthUser, id: string, scope: PageScope | null): Promise<SubscriptionRow> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  if (!row || (row.userId !== user.id && user.role !== 'admin')) throw notFound('subscriptions.not_found', NO_SUCH_SUBSCRIPTION);
  requireCreatorInScope(scope, row.performerId);
  return row;
}

/**
 * Cancels renewal: access lasts to `expiredAt`, then the renewal job ends it instead of
 * charging. A subscription whose access already ended (a short balance being retried) ends now.
 */
export async function cancelSubscription(ctx: AppContext, user: AuthUser, id: string, scope: PageScope | null = null): Promise<SubscriptionRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await ownSubscription(tx, user, id, scope);
    if (row.status !== 'active') throw conflict('subscriptions.already_cancelled', 'This subscription has already ended');
    if (row.cancelledAt) throw conflict('subscriptions.already_cancelled', 'This subscription is already cancelled');
    const now = ctx.now();
    const [cancelled] = await tx.update(subscriptions).set({ cancelledAt: now, updatedAt: now }).where(eq(subscriptions.id, row.id)).returning();
    return holdsAccess(cancelled!, now) ? cancelled! : deactivate(tx, cancelled!, now);
  });
}

/**
 * The cancelled subscription a resume would take back (locked), as `ownSubscription` finds
 * it; 409 `subscriptions.not_cancelled` unless cancelled with access still holding. (From a
 * page, `requireResumeInScope` refused another creator's before the action ran.)
 */
export async function resumableSubscription(tx: Tx, ctx: AppContext, user: AuthUser, id: string): Promise<SubscriptionRow> {
  const row = await ownSubscription(tx, user, id, null);
  if (!row.cancelledAt || !holdsAccess(row, ctx.now())) throw conflict('subscriptions.not_cancelled', 'Only a cancelled subscription that is still active can be resumed');
  return row;
}

/**
 * What each renewal of a resumed subscription charges: its own price, which the renewal job
 * charges; nothing for a free one, which ends at expiry anyway.
 */
export const renewalPriceCents = (row: SubscriptionRow): number => (row.subscriptionType === 'free' || row.subscriptionType === 'system' ? 0 : Math.max(0, row.priceCents));

/** Takes a cancel back (a row from `resumableSubscription`): it renews again at `expiredAt`. */
export async function resumeSubscription(tx: Tx, ctx: AppContext, row: SubscriptionRow): Promise<SubscriptionRow> {
  const [resumed] = await tx.update(subscriptions).set({ cancelledAt: null, updatedAt: ctx.now() }).where(eq(subscriptions.id, row.id)).returning();
  await scheduleRenewal(tx, ctx, row.id, row.expiredAt!);
  return resumed!;
}
