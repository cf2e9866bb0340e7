/**
 * The renewal job (`subscriptions.renew`, one unfinished job per subscription, run at its
 * `expiredAt`). Each run locks the row and acts on what it finds, by the app's clock:
 *
 * - not due yet (the fan subscribed again meanwhile, or an early run): scheduled again;
 * - cancelled or free: ended (deactivated) at expiry, no money;
 * - paid and renewing: the next period charged from the wallet (payment kind `renewal`,
 *   unique per subscription and period start, so a job that runs twice charges once),
 *   `expiredAt` extended, `renewals` + 1, the next run at the new `expiredAt`;
 * - a short balance: access ends at `expiredAt` but the status stays `active` while the
 *   charge is retried every 24 hours until `grace_until` (`expiredAt` + 3 days); the first
 *   failure notifies the fan (`subscription.renewal_failed`) once the run committed. A
 *   renewal that succeeds in grace starts its period then. Still short at `grace_until`:
 *   deactivated. A creator the fan may no longer pay (blocked, unverified, gone): ended.
 */
import type { NotificationType } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { users } from '../accounts/accounts.tables.js';
import { subscriptions } from './subscriptions.tables.js';
import { HttpError } from '../../http/errors.js';
import { fromCents } from '../../money/amounts.js';
import type { NotificationsExtension, NotifyInput } from '../notifications/index.js';
import type { WalletCharging } from '../wallet/index.js';
import { DAY_MS, periodEnd, PLAN_MONTHS, type SubscriptionPlan } from './plans.js';
import { chargePeriod, findCreator, subscriptionTerms, type PaidPeriod } from './subscription-charge.js';
import { deactivate, recountSubscribers, RENEW_QUEUE, scheduleRenewal } from './subscription-state.js';
import type { SubscriptionRow } from './subscriptions.presenter.js';

/** How long a short balance is retried after `expiredAt`. */
export const GRACE_MS = 3 * DAY_MS;
/** How often it is retried meanwhile. */
export const RETRY_MS = DAY_MS;

export const RENEWAL_FAILED = 'subscription.renewal_failed' satisfies NotificationType;

export type RenewalOutcome =
  | { kind: 'none' }
  | { kind: 'renewed'; row: SubscriptionRow; paid: PaidPeriod }
  | { kind: 'retrying'; row: SubscriptionRow; notification: NotifyInput | null }
  | { kind: 'ended'; row: SubscriptionRow };

interface JobPayload extends Record<string, unknown> {
  subscriptionId: string;
}

export function defineRenewalJob(ctx: AppContext, notifications: NotificationsExtension, wallet: WalletCharging): void {
  ctx.jobs.define<JobPayload>(RENEW_QUEUE, async (payload, { job }) => {
    await renewSubscription(ctx, wallet, payload.subscriptionId, job.id, notifications);
  });
}

/**
 * One run of the job for this subscription (`runningJobId`: the job row running it, whose key
 * passes to the next). The period is paid through the wallet's extension point (`wallet`); the
 * failure notification goes out after commit, through `notifications`.
 */
export async function renewSubscription(ctx: AppContext, wallet: WalletCharging, subscriptionId: string, runningJobId?: string, notifications?: NotificationsExtension): Promise<RenewalOutcome> {
  const outcome = await ctx.db.transaction((tx) => renewIn(tx, ctx, wallet, subscriptionId, runningJobId));
  if (outcome.kind === 'renewed') wallet.announceBalances(outcome.row.userId, outcome.row.performerId, outcome.paid.split, outcome.paid.balancesAfter);
  if (outcome.kind === 'retrying' && outcome.notification) await notifications?.notify(outcome.notification);
  return outcome;
}

async function renewIn(tx: Tx, ctx: AppContext, wallet: WalletCharging, subscriptionId: string, runningJobId: string | undefined): Promise<RenewalOutcome> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
  if (!row || row.status !== 'active' || !row.expiredAt) return { kind: 'none' };
  const now = ctx.now();
  if (row.expiredAt > now) {
    await scheduleRenewal(tx, ctx, row.id, row.expiredAt, runningJobId);
    return { kind: 'none' };
  }
  if (row.cancelledAt || row.subscriptionType === 'free' || row.subscriptionType === 'system' || row.priceCents <= 0) {
    return { kind: 'ended', row: await deactivate(tx, row, now) };
  }
  if (row.graceUntil && now > row.graceUntil) return { kind: 'ended', row: await deactivate(tx, row, now) };

  const inGrace = row.graceUntil !== null;
  // On time, the new period follows the last without a gap; after a lapse it starts now.
  const periodStart = inGrace ? now : row.expiredAt;
  const anchor = inGrace ? now : (row.startedAt ?? row.expiredAt);
  const end = periodEnd(anchor, periodStart, PLAN_MONTHS[row.subscriptionType as SubscriptionPlan]);
  let paid: PaidPeriod;
  try {
    // A savepoint: a refused charge rolls back its payment row, not what this run writes after.
    paid = await tx.transaction(async (charge) => {
      const fan = await fanOf(charge, row.userId);
      await findCreator(charge, row.performerId);
      const terms = await subscriptionTerms(charge, fan, row.performerId, [], wallet);
      return chargePeriod(charge, { row, kind: 'renewal', priceCents: row.priceCents, terms, periodStart, periodEnd: end, now }, wallet);
    });
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    if (error.code !== 'wallet.insufficient_balance') return { kind: 'ended', row: await deactivate(tx, row, now) };
    return shortBalance(tx, ctx, row, now, runningJobId);
  }
  const [renewed] = await tx
    .update(subscriptions)
    .set({ startedAt: anchor, expiredAt: end, graceUntil: null, renewals: row.renewals + 1, updatedAt: now })
    .where(eq(subscriptions.id, row.id))
    .returning();
  await recountSubscribers(tx, row.performerId, now);
  await scheduleRenewal(tx, ctx, row.id, end, runningJobId);
  return { kind: 'renewed', row: renewed!, paid };
}

async function fanOf(tx: Tx, userId: string) {
  const [fan] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!fan) throw new HttpError(404, 'subscriptions.not_found', 'The subscriber no longer exists');
  return fan;
}

/** A renewal the wallet could not pay: grace (retry, notify once) or, once grace is over, the end. */
async function shortBalance(tx: Tx, ctx: AppContext, row: SubscriptionRow, now: Date, runningJobId: string | undefined): Promise<RenewalOutcome> {
  const graceUntil = row.graceUntil ?? new Date(row.expiredAt!.getTime() + GRACE_MS);
  if (now >= graceUntil) {
    await tx.update(subscriptions).set({ failedRenewals: row.failedRenewals + 1 }).where(eq(subscriptions.id, row.id));
    return { kind: 'ended', row: await deactivate(tx, row, now) };
  }
  const [retrying] = await tx
    .update(subscriptions)
    .set({ graceUntil, failedRenewals: row.failedRenewals + 1, updatedAt: now })
    .where(eq(subscriptions.id, row.id))
    .returning();
  const notification = row.graceUntil === null ? await failureNotice(tx, row) : null;
  // Access ended at `expiredAt`: the count follows.
  await recountSubscribers(tx, row.performerId, now);
  await scheduleRenewal(tx, ctx, row.id, new Date(Math.min(now.getTime() + RETRY_MS, graceUntil.getTime())), runningJobId);
  return { kind: 'retrying', row: retrying!, notification };
}

/** The fan's notification of the first failed renewal (sent once the run committed). */
async function failureNotice(tx: Tx, row: SubscriptionRow): Promise<NotifyInput> {
  const [creator] = await tx.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, row.performerId));
  return {
    userId: row.userId,
    type: RENEWAL_FAILED,
    data: { performerId: row.performerId, performerName: creator?.name || creator?.username || '', price: fromCents(row.priceCents), subscriptionId: row.id },
  };
}
