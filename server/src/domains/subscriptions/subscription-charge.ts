/**
 * Paying for one period of a subscription from the fan's wallet, shared by the subscribe
 * action and the renewal job: the period's `subscription_payments` row, then the ledger
 * movement that pays it (the same split as every wallet purchase), in the caller's
 * transaction. A short balance throws 422 `wallet.insufficient_balance`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { isId } from '../../db/schema/ids.js';
import { users } from '../accounts/accounts.tables.js';
import { performers } from '../performers/performers.tables.js';
import { subscriptionPayments, type SubscriptionPaymentKind } from './subscriptions.tables.js';
import { notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import type { SettingKey } from '../settings/index.js';
import type { ChargeResult, ChargeTerms, Split, WalletCharging } from '../wallet/index.js';
import type { SubscriptionRow } from './subscriptions.presenter.js';

export const SELF_SUBSCRIBE = 'You cannot subscribe to yourself';
export const NO_SUCH_CREATOR = 'Creator not found';

export type Payer = Pick<AuthUser, 'id' | 'role'>;

export interface Creator {
  id: string;
  name: string;
  username: string | null;
  profile: typeof performers.$inferSelect;
}

/** An active creator by id or username (case-insensitive) with their profile, or 404 `performers.not_found`. */
export async function findCreator(tx: Tx, idOrUsername: string): Promise<Creator> {
  const match = isId(idOrUsername) ? eq(users.id, idOrUsername) : eq(sql`lower(${users.username})`, idOrUsername.toLowerCase());
  const [row] = await tx
    .select({ id: users.id, name: users.name, username: users.username, profile: performers })
    .from(users)
    .innerJoin(performers, eq(performers.userId, users.id))
    .where(and(match, eq(users.role, 'performer'), eq(users.status, 'active')))
    .limit(1);
  if (!row) throw notFound('performers.not_found', NO_SUCH_CREATOR);
  return row;
}

/** Whether this fan may pay this creator, as for any wallet purchase (self, blocked, unverified), with the rates and `keys`. */
export const subscriptionTerms = <K extends SettingKey>(tx: Tx, fan: Payer, creatorId: string, keys: readonly K[], wallet: WalletCharging): Promise<ChargeTerms<K>> =>
  wallet.chargeTerms(tx, fan, creatorId, keys, SELF_SUBSCRIBE);

export interface PaidPeriod {
  paymentId: string;
  split: Split;
  balancesAfter: ChargeResult['balancesAfter'];
}

export interface PeriodCharge {
  row: SubscriptionRow;
  kind: SubscriptionPaymentKind;
  priceCents: number;
  terms: ChargeTerms<never>;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}

/** Writes the period's payment and books it in the ledger (wallet −price, earnings, platform, referrers). */
export async function chargePeriod(tx: Tx, charge: PeriodCharge, wallet: WalletCharging): Promise<PaidPeriod> {
  const { row } = charge;
  const split = wallet.splitPrice(charge.priceCents, charge.terms.settings, charge.terms.referrers);
  const [payment] = await tx
    .insert(subscriptionPayments)
    .values({
      subscriptionId: row.id,
      userId: row.userId,
      performerId: row.performerId,
      subscriptionType: row.subscriptionType,
      kind: charge.kind,
      priceCents: split.priceCents,
      earningsCents: split.earningsCents,
      platformCents: split.platformCents,
      referralCents: split.referralCents,
      periodStart: charge.periodStart,
      periodEnd: charge.periodEnd,
      createdAt: charge.now,
    })
    .returning({ id: subscriptionPayments.id });
  // The ledger last: it locks the hot rows (the fan's wallet, the platform), held only for the end of the transaction.
  const balancesAfter = await wallet.postSplit(tx, {
    buyerId: row.userId,
    creatorId: row.performerId,
    split,
    kind: 'subscription',
    referenceType: 'subscription_payment',
    referenceId: payment!.id,
  });
  return { paymentId: payment!.id, split, balancesAfter };
}
