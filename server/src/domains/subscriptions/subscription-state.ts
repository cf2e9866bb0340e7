/**
 * What every change of a subscription's state does in its own transaction: the creator's
 * subscriber count recomputed from the rows, the renewal job (re)scheduled, a deactivation.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { performers } from '../performers/performers.tables.js';
import { subscriptions } from './subscriptions.tables.js';
import type { SubscriptionRow } from './subscriptions.presenter.js';

/** The durable job that renews (or ends) a subscription at its `expiredAt`; one unfinished job per subscription. */
export const RENEW_QUEUE = 'subscriptions.renew';
export const renewalKey = (subscriptionId: string) => `subscription:${subscriptionId}`;

/**
 * Sets `performers.subscribers_count` to the number of the creator's subscriptions that hold
 * access now (active, not expired): a count of rows, so it never drifts and is never negative.
 * The creator's row is locked first, in its own statement, so the count is read after any
 * concurrent change that got there first has committed (under READ COMMITTED each statement
 * sees what was committed before it began). Called last in each transaction: every path takes
 * its locks in the same order (subscription, ledger, creator), so they cannot deadlock.
 */
export async function recountSubscribers(tx: Tx, performerId: string, now: Date): Promise<void> {
  await tx.select({ id: performers.userId }).from(performers).where(eq(performers.userId, performerId)).for('update');
  const active = tx
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.performerId, performerId), eq(subscriptions.status, 'active'), gt(subscriptions.expiredAt, now)));
  await tx
    .update(performers)
    .set({ subscribersCount: sql`(${active})` })
    .where(eq(performers.userId, performerId));
}

/**
 * Makes the subscription's one renewal job run at `runAt`: a queued one is replaced. The job
 * now running (when called from it) gives up its singleton key first, in this transaction, so
 * its successor can take it; were this transaction to roll back, it keeps it.
 */
export async function scheduleRenewal(tx: Tx, ctx: AppContext, subscriptionId: string, runAt: Date, runningJobId?: string): Promise<void> {
  // A job of this key another worker is running right now keeps the key: it reschedules itself by the row it then reads.
  await ctx.jobs.enqueue(tx, RENEW_QUEUE, { subscriptionId }, { runAt, singletonKey: renewalKey(subscriptionId), replace: true, ...(runningJobId ? { succeeds: runningJobId } : {}) });
}

/** Ends access and renewal now (no money moves) and recounts the creator's subscribers. */
export async function deactivate(tx: Tx, row: SubscriptionRow, now: Date): Promise<SubscriptionRow> {
  const [updated] = await tx
    .update(subscriptions)
    .set({ status: 'deactivated', graceUntil: null, updatedAt: now })
    .where(eq(subscriptions.id, row.id))
    .returning();
  await recountSubscribers(tx, row.performerId, now);
  return updated!;
}
