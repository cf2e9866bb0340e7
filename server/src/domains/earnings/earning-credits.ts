/**
 * Earnings as the ledger records them. A sale credits the creator's `earnings:<id>` account
 * (and a referrer's `referral:<id>`) in the movement of the record it pays for: a wallet
 * charge (`reference_type` `wallet_charge`) or a subscription payment
 * (`subscription_payment`), whose rows hold the price and its split. Other movements of
 * those accounts (a payout's reservation, a rejected payout's return) are not earnings, and
 * a refunded charge's sale is not counted (wallet/refund.ts).
 */
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { EarningSource } from '@fandeck/contract';
import type { DbOrTx } from '../../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerMovements } from '../../money/ledger/ledger.tables.js';
import { subscriptionPayments } from '../subscriptions/subscriptions.tables.js';
import { walletCharges, type WalletChargeTarget } from '../wallet/wallet.tables.js';

export const SALE_REFERENCES = ['wallet_charge', 'subscription_payment'] as const;

/** What a charge target counts as on the creator's dashboard. */
export const SOURCE_OF_TARGET: Record<WalletChargeTarget, EarningSource> = {
  tip: 'tip',
  feed: 'feed',
  crowdfunding: 'feed',
  video: 'video',
  gallery: 'gallery',
  product: 'product',
  message: 'message',
  stream_tip: 'stream',
  public_chat: 'stream',
  group_chat: 'stream',
  private_chat: 'stream',
  gift: 'other',
  auction: 'other',
  event: 'other',
  booking_cameo: 'other',
};

export const EARNING_SOURCES = ['subscription', 'tip', 'feed', 'video', 'gallery', 'product', 'message', 'stream', 'other'] as const satisfies readonly EarningSource[];

const isSubscription = sql`${ledgerMovements.referenceType} = 'subscription_payment'`;

/** The kind of record a credit came from: the charge's target, or `subscription`. */
export const sourceKind = sql<string>`case when ${isSubscription} then 'subscription' else ${walletCharges.target} end`;
/** What was paid for, by id: none for a tip (its target is the creator) or the subscriptions taken together. */
export const sourceItemId = sql<string | null>`case when ${isSubscription} or ${walletCharges.target} = 'tip' then null else ${walletCharges.targetId} end`;
/** As recorded: the charge's target or the subscription's type. */
export const recordedType = sql<string>`coalesce(${walletCharges.target}, ${subscriptionPayments.subscriptionType})`;
export const recordId = sql<string | null>`coalesce(${walletCharges.targetId}, ${subscriptionPayments.subscriptionId})`;
export const grossCents = sql<string | number>`coalesce(${walletCharges.priceCents}, ${subscriptionPayments.priceCents})`;
export const buyerId = sql<string | null>`coalesce(${walletCharges.userId}, ${subscriptionPayments.userId})`;
export const sellerId = sql<string | null>`coalesce(${walletCharges.performerId}, ${subscriptionPayments.performerId})`;

export const sourceOf = (kind: string): EarningSource => (kind === 'subscription' ? 'subscription' : (SOURCE_OF_TARGET[kind as WalletChargeTarget] ?? 'other'));

/** The condition "credits of this type": the subscriptions, or the charge targets that map to it. */
export function ofSource(type: EarningSource): SQL {
  if (type === 'subscription') return isSubscription;
  const targets = (Object.keys(SOURCE_OF_TARGET) as WalletChargeTarget[]).filter((t) => SOURCE_OF_TARGET[t] === type);
  return inArray(walletCharges.target, targets);
}

/** A half-open time range: `from` included, `until` excluded. */
export interface TimeRange {
  from?: Date | undefined;
  until?: Date | undefined;
}

/** The id of a ledger account, or null when nothing was ever posted to it. */
export async function accountIdOf(db: DbOrTx, key: string): Promise<string | null> {
  const [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.key, key)).limit(1);
  return row?.id ?? null;
}

/** Sale credits of one account in a range, plus any further conditions. */
function creditConditions(accountId: string, range: TimeRange, ...more: (SQL | undefined)[]): SQL {
  return and(
    eq(ledgerEntries.accountId, accountId),
    sql`${ledgerEntries.amountCents} > 0`,
    inArray(ledgerMovements.referenceType, [...SALE_REFERENCES]),
    // A refunded charge is no sale: its reversal is a negative movement, not counted above.
    sql`coalesce(${walletCharges.status}, 'success') <> 'refunded'`,
    range.from ? gte(ledgerMovements.createdAt, range.from) : undefined,
    range.until ? lt(ledgerMovements.createdAt, range.until) : undefined,
    ...more,
  )!;
}

/**
 * The sale credits of one account in a range (plus any further conditions), one row each
 * with the record that paid them, as a subquery to select, count or group from.
 */
export function creditsOf(db: DbOrTx, accountId: string, range: TimeRange, ...more: (SQL | undefined)[]) {
  return db
    .select({
      id: ledgerEntries.id,
      net: ledgerEntries.amountCents,
      createdAt: ledgerMovements.createdAt,
      kind: sourceKind.as('kind'),
      itemId: sourceItemId.as('item_id'),
      recorded: recordedType.as('recorded'),
      recordId: recordId.as('record_id'),
      gross: grossCents.as('gross'),
      buyer: buyerId.as('buyer'),
      seller: sellerId.as('seller'),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerEntries.movementId))
    .leftJoin(walletCharges, and(eq(ledgerMovements.referenceType, 'wallet_charge'), eq(walletCharges.id, ledgerMovements.referenceId)))
    .leftJoin(subscriptionPayments, and(isSubscription, eq(subscriptionPayments.id, ledgerMovements.referenceId)))
    .where(creditConditions(accountId, range, ...more))
    .as('credits');
}
