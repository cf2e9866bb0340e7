import { NOT_VERIFIED } from '../accounts/creator-verification.js';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BalanceEvent } from '@fandeck/contract/schemas';
import type { AppContext } from '../../context.js';
import { assertNotBlocked } from '../../content/blocks.js';
import type { Tx } from '../../db/client.js';
import { newId } from '../../db/schema/ids.js';
import { performers, users, walletCharges, type WalletChargeStatus, type WalletChargeTarget } from '../../db/schema/index.js';
import { forbidden, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { fromCents } from '../../http/money.js';
import { sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { accountKeys } from '../../ledger/accounts.js';
import { balanceOf, postMovement, type Posting } from '../../ledger/ledger.js';
import type { SettingKey, SettingValues } from '../settings/settings.catalogue.js';
import type { PriceCheck } from '../../money/money-action.js';
import { settingsJson, settingValues } from '../settings/settings.service.js';
import type { ChargeHandler, Purchase, WalletChargeRow } from './charge-handler.js';
import { splitPrice, type Referrers, type Split } from './commission-split.js';
import { presentCharge, type ChargeDto, type ChargeParty, type ChargeViewer } from './wallet.presenter.js';

export interface ChargeResult {
  charge: WalletChargeRow;
  split: Split;
  /** Balances right after the movement, read in its transaction: the buyer's wallet, the creator's earnings. */
  balancesAfter: { buyerWalletCents: number; creatorEarningsCents: number };
}

const COMMISSION_KEYS = ['performerCommission', 'performerReferralCommission', 'userReferralCommission'] as const;
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
  if (item.performerId === buyer.id) throw unprocessable('wallet.self_purchase', handler.selfPurchaseMessage ?? 'You cannot buy your own content');
  // A fan the creator blocked pays them nothing: no item, no tip (every kind comes through here).
  await assertNotBlocked(tx, item.performerId, buyer);
  const keys = [...(handler.settings ?? []), ...COMMISSION_KEYS];
  const parties = await partiesOf(tx, buyer.id, item.performerId, keys);
  // Nobody pays a creator whose documents staff have not approved (quotes included).
  if (!parties.creatorVerified) throw forbidden('performers.not_verified', NOT_VERIFIED);
  handler.checkPrice?.(item, parties.settings);
  return { item, rates: parties.settings, referrers: parties.referrers };
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
  const buyerWallet = accountKeys.wallet(buyer.id);
  const creatorEarnings = accountKeys.earnings(item.performerId);
  const postings: Posting[] = [
    { account: buyerWallet, amountCents: -split.priceCents },
    { account: creatorEarnings, amountCents: split.earningsCents },
    { account: accountKeys.platform(), amountCents: split.platformCents },
    ...[...split.referrals].map(([referrerId, cents]) => ({ account: accountKeys.referral(referrerId), amountCents: cents })),
  ];
  const { balances } = await postMovement(tx, { kind: 'charge', referenceType: 'wallet_charge', referenceId: charge!.id, postings });
  // A zero share (a 100 % commission) is no posting, so its account is read, still inside this transaction.
  const creatorEarningsCents = balances.get(creatorEarnings) ?? (await balanceOf(tx, creatorEarnings));
  return { charge: charge!, split, balancesAfter: { buyerWalletCents: balances.get(buyerWallet)!, creatorEarningsCents } };
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
  const buyer: BalanceEvent = { token: -fromCents(split.priceCents), balance: fromCents(balancesAfter.buyerWalletCents) };
  // The creator's side is their earnings account, not their wallet: `account` tells a wallet view to leave it alone.
  const creator: BalanceEvent = { token: fromCents(split.earningsCents), balance: fromCents(balancesAfter.creatorEarningsCents), account: 'earnings' };
  ctx.realtime.emitToUser(charge.userId, 'update_balance', buyer);
  ctx.realtime.emitToUser(charge.performerId, 'update_balance', creator);
  ctx.realtime.emitToUser(charge.userId, 'token_transaction_success', dto);
}

export interface ChargeSearch extends ListQuery {
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
export async function searchCharges(ctx: AppContext, viewer: AuthUser, viewAs: ChargeViewer, query: ChargeSearch) {
  const page = toPage(query);
  const filters: SQL[] = [viewAs === 'creator' ? eq(walletCharges.performerId, viewer.id) : eq(walletCharges.userId, viewer.id)];
  if (query.target) filters.push(eq(walletCharges.target, query.target));
  if (query.status) filters.push(eq(walletCharges.status, query.status));
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
