import { NOT_VERIFIED } from '../accounts/index.js';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BalanceEvent } from '@fandeck/contract/schemas';
import type { AppContext } from '../../context.js';
import { assertNotBlocked } from '../../content/blocks.js';
import type { Tx } from '../../db/client.js';
import { newId } from '../../db/schema/ids.js';
import { users } from '../accounts/accounts.tables.js';
import { performers } from '../performers/performers.tables.js';
import { walletCharges, type WalletChargeStatus, type WalletChargeTarget } from './wallet.tables.js';
import { forbidden, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { fromCents } from '../../money/amounts.js';
import { sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { balanceOf, postMovement, type Posting } from '../../money/ledger/ledger.js';
import { type SettingKey, settingsJson, settingValues, type SettingValues } from '../settings/index.js';
import type { PriceCheck } from '../../money/money-action.js';
import type { ChargeHandler, Purchase, WalletChargeRow } from './charge-handler.js';
import { splitPrice, type Referrers, type Split } from './commission-split.js';
import { presentCharge, type ChargeDto, type ChargeParty, type ChargeViewer } from './wallet.presenter.js';
import { withinDates, type DateRange } from '../../http/date-range.js';

export interface ChargeResult {
  charge: WalletChargeRow;
  split: Split;
  /** Balances right after the movement, read in its transaction: the buyer's wallet, the creator's earnings. */
  balancesAfter: { buyerWalletCents: number; creatorEarningsCents: number };
}

export const COMMISSION_KEYS = ['performerCommission', 'performerReferralCommission', 'userReferralCommission'] as const;
type Commissions = Pick<SettingValues, (typeof COMMISSION_KEYS)[number]>;

export interface PricedPurchase {
  item: Purchase;
  rates: Commissions;
  referrers: Referrers;
}

/**
 * What the buyer would be charged, by the kind's handler: the item, its price and who is
 * paid. The quote route and the purchase both come through here, so they cannot disagree.
 * The handler's settings and the commission rates are one query, the creator's review
 * state and both referrers another: a purchase reads little before it writes.
 */
export async function priceCharge(tx: Tx, ctx: AppContext, handler: ChargeHandler, buyer: AuthUser, itemId: string, body: unknown): Promise<PricedPurchase> {
  const item = await handler.price(tx, ctx, buyer, itemId, body);
  const terms = await chargeTerms(tx, buyer, item.performerId, handler.settings ?? [], handler.selfPurchaseMessage ?? 'You cannot buy your own content');
  handler.checkPrice?.(item, terms.settings);
  return { item, rates: terms.settings, referrers: terms.referrers };
}

export interface ChargeTerms<K extends SettingKey> {
  /** The settings asked for, with the commission rates. */
  settings: Pick<SettingValues, K | (typeof COMMISSION_KEYS)[number]>;
  referrers: Referrers;
}

/**
 * Whether this buyer may pay this creator at all, and on what terms: a creator never pays
 * themselves (422 `wallet.self_purchase`), a fan the creator blocked pays them nothing,
 * and nobody pays a creator whose documents staff have not approved (quotes included).
 * Reads the commission rates and `keys` with the referrers in one query. Every wallet
 * charge comes through here, and so does anything else paid to a creator (subscriptions).
 */
export async function chargeTerms<K extends SettingKey>(tx: Tx, buyer: Pick<AuthUser, 'id' | 'role'>, creatorId: string, keys: readonly K[], selfMessage: string): Promise<ChargeTerms<K>> {
  if (creatorId === buyer.id) throw unprocessable('wallet.self_purchase', selfMessage);
  await assertNotBlocked(tx, creatorId, buyer);
  const parties = await partiesOf(tx, buyer.id, creatorId, [...keys, ...COMMISSION_KEYS]);
  if (!parties.creatorVerified) throw forbidden('performers.not_verified', NOT_VERIFIED);
  return { settings: parties.settings, referrers: parties.referrers };
}

/**
 * The purchase engine: one transaction that prices the item (through its handler),
 * checks the price against the quote the buyer confirmed (`check`), writes the charge and
 * the kind's own records, then debits the buyer's wallet on the condition that the
 * balance covers it and shares the price out as ledger entries. Any refusal rolls all of
 * it back. Live events are sent by `announceCharge` after commit.
 */
export async function purchase(
  tx: Tx,
  ctx: AppContext,
  handler: ChargeHandler,
  buyer: AuthUser,
  itemId: string,
  body: unknown,
  idempotencyKey: string | undefined,
  check: PriceCheck = () => undefined,
): Promise<ChargeResult> {
  const { item, rates, referrers } = await priceCharge(tx, ctx, handler, buyer, itemId, body);
  check({ priceCents: item.priceCents, creditCents: null });
  const split = splitPrice(item.priceCents, rates, referrers);

  // The charge and the kind's own records are written first and the ledger last: the
  // ledger locks the hot rows (the buyer's wallet, the platform account), so they are
  // held only for the end of the transaction. A refused debit still rolls back all of it.
  const [charge] = await tx
    .insert(walletCharges)
    .values({
      id: newId(),
      target: item.target,
      targetId: item.targetId,
      status: 'success',
      userId: buyer.id,
      performerId: item.performerId,
      priceCents: split.priceCents,
      earningsCents: split.earningsCents,
      platformCents: split.platformCents,
      referralCents: split.referralCents,
      message: item.message ?? null,
      conversationId: item.conversationId ?? null,
      idempotencyKey: idempotencyKey ?? null,
    })
    .returning();
  await handler.fulfil?.(tx, ctx, charge!, body);
  const balancesAfter = await postSplit(tx, { buyerId: buyer.id, creatorId: item.performerId, split, kind: 'charge', referenceType: 'wallet_charge', referenceId: charge!.id });
  return { charge: charge!, split, balancesAfter };
}

export interface SplitMovement {
  buyerId: string;
  creatorId: string;
  split: Split;
  /** The ledger movement's kind and the record it pays for. */
  kind: string;
  referenceType: string;
  referenceId: string;
}

/**
 * Books a paid price as one ledger movement: the buyer's wallet −price (conditional on the
 * balance: a short one is 422 `wallet.insufficient_balance`), the creator's earnings +their
 * part, the platform +the rest, each referrer +their commission. Answers the buyer's wallet
 * and the creator's earnings right after it, read in the same transaction.
 */
export async function postSplit(tx: Tx, movement: SplitMovement): Promise<ChargeResult['balancesAfter']> {
  const { split } = movement;
  const buyerWallet = accountKeys.wallet(movement.buyerId);
  const creatorEarnings = accountKeys.earnings(movement.creatorId);
  const postings: Posting[] = [
    { account: buyerWallet, amountCents: -split.priceCents },
    { account: creatorEarnings, amountCents: split.earningsCents },
    { account: accountKeys.platform(), amountCents: split.platformCents },
    ...[...split.referrals].map(([referrerId, cents]) => ({ account: accountKeys.referral(referrerId), amountCents: cents })),
  ];
  const { balances } = await postMovement(tx, { kind: movement.kind, referenceType: movement.referenceType, referenceId: movement.referenceId, postings });
  // A zero share (a 100 % commission) is no posting, so its account is read, still inside this transaction.
  const creatorEarningsCents = balances.get(creatorEarnings) ?? (await balanceOf(tx, creatorEarnings));
  return { buyerWalletCents: balances.get(buyerWallet)!, creatorEarningsCents };
}

/**
 * In one query: whether staff approved the creator's documents, who referred the creator
 * and who referred the buyer (referrers that no longer exist are ignored), and the
 * settings the purchase reads.
 */
async function partiesOf<K extends SettingKey>(tx: Tx, buyerId: string, creatorId: string, keys: readonly K[]) {
  const referrer = alias(users, 'referrer');
  const rows = await tx
    .select({ id: users.id, referrerId: referrer.id, verified: performers.verifiedDocument, settings: settingsJson(keys) })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referredBy))
    .leftJoin(performers, eq(performers.userId, users.id))
    .where(inArray(users.id, [buyerId, creatorId]));
  const of = (id: string) => rows.find((r) => r.id === id);
  const fanReferrerId = of(buyerId)?.referrerId ?? null;
  const raw = rows[0]?.settings ?? null;
  const stored = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {})) as Record<string, unknown>;
  return {
    creatorVerified: of(creatorId)?.verified === true,
    referrers: { creatorReferrerId: of(creatorId)?.referrerId ?? null, fanReferrerId: fanReferrerId === buyerId ? null : fanReferrerId } satisfies Referrers,
    settings: settingValues(keys, new Map(Object.entries(stored))),
  };
}

/** After commit: balances move live on both sides and the buyer's client unlocks the item. */
export function announceCharge(ctx: AppContext, result: ChargeResult, dto: ChargeDto): void {
  const { charge, split, balancesAfter } = result;
  announceBalances(ctx, charge.userId, charge.performerId, split, balancesAfter);
  ctx.realtime.emitToUser(charge.userId, 'token_transaction_success', dto);
}

/** After commit: the buyer's wallet and the creator's earnings move live (`update_balance` to each). */
export function announceBalances(ctx: AppContext, buyerId: string, creatorId: string, split: Pick<Split, 'priceCents' | 'earningsCents'>, balancesAfter: ChargeResult['balancesAfter']): void {
  const buyer: BalanceEvent = { token: -fromCents(split.priceCents), balance: fromCents(balancesAfter.buyerWalletCents) };
  // The creator's side is their earnings account, not their wallet: `account` tells a wallet view to leave it alone.
  const creator: BalanceEvent = { token: fromCents(split.earningsCents), balance: fromCents(balancesAfter.creatorEarningsCents), account: 'earnings' };
  ctx.realtime.emitToUser(buyerId, 'update_balance', buyer);
  ctx.realtime.emitToUser(creatorId, 'update_balance', creator);
}

export interface ChargeSearch extends ListQuery, DateRange {
  as?: ChargeViewer;
  target?: WalletChargeTarget;
  status?: WalletChargeStatus;
}

/** The columns its list may be sorted by (`sortBy`). */
export const chargeSortColumns = {
  updatedAt: walletCharges.updatedAt,
  createdAt: walletCharges.createdAt,
  price: walletCharges.priceCents,
} as const;

/** The caller's charges: as the buyer, or (creators) as the one paid. */
/** `scope`: a further filter (a page's creators, `creatorInScopeCondition`). */
export async function searchCharges(ctx: AppContext, viewer: AuthUser, viewAs: ChargeViewer, query: ChargeSearch, scope?: SQL) {
  const page = toPage(query);
  const filters: SQL[] = [viewAs === 'creator' ? eq(walletCharges.performerId, viewer.id) : eq(walletCharges.userId, viewer.id)];
  if (scope) filters.push(scope);
  if (query.target) filters.push(eq(walletCharges.target, query.target));
  if (query.status) filters.push(eq(walletCharges.status, query.status));
  filters.push(...withinDates(walletCharges.createdAt, query));
  const where = and(...filters);
  const column = sortColumnOf(chargeSortColumns, page, walletCharges.updatedAt);
  const source = alias(users, 'source');
  const performer = alias(users, 'performer');
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        charge: walletCharges,
        source: { _id: source.id, username: source.username, name: source.name },
        performer: { _id: performer.id, username: performer.username, name: performer.name },
      })
      .from(walletCharges)
      .innerJoin(source, eq(source.id, walletCharges.userId))
      .innerJoin(performer, eq(performer.id, walletCharges.performerId))
      .where(where)
      .orderBy(page.sort === 'asc' ? asc(column) : desc(column), asc(walletCharges.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(walletCharges).where(where),
  ]);
  const items = rows.map((r) => presentCharge(r.charge, viewAs, { source: r.source as ChargeParty, performer: r.performer as ChargeParty }));
  return { items, total: total?.total ?? 0 };
}
