/**
 * Refunds of wallet charges: one successful charge, in full, inside the caller's
 * transaction. The money goes back exactly as the charge's own ledger movement moved it
 * (every entry negated: the fan's wallet +price, the creator's earnings −their part, the
 * platform −its part, each referrer −their commission), so the books after a refund are
 * as if the charge had never been made. Other domains reach it through the wallet's
 * extension point (`refundCharge`), in the transaction that undoes what was bought.
 */
import { and, eq } from 'drizzle-orm';
import type { BalanceEvent } from '@fandeck/contract/schemas';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerMovements } from '../../money/ledger/ledger.tables.js';
import { walletCharges } from './wallet.tables.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { fromCents } from '../../money/amounts.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { balanceOf, postMovement, type Posting } from '../../money/ledger/ledger.js';
import type { WalletChargeRow } from './charge-handler.js';

export const ALREADY_REFUNDED = 'This charge has already been refunded';
export const REFUND_NOT_COVERED = 'The creator’s earnings (or a referrer’s commission) no longer hold this charge: it was paid out or reserved for a payout';

export interface RefundResult {
  /** The charge as it is now: `status` `refunded`. */
  charge: WalletChargeRow;
  /** The refund's ledger postings: the charge's own entries, negated. */
  postings: Posting[];
  /** Balances right after the refund, read in its transaction: the buyer's wallet, the creator's earnings. */
  balancesAfter: { buyerWalletCents: number; creatorEarningsCents: number };
}

/**
 * Refunds one charge in full inside `tx`. The charge row is locked first, so of two refunds
 * of one charge, concurrent or not, one refunds and the other is a 409
 * `payment.already_refunded`. A refund that would take the creator's earnings (or a
 * referrer's commission) below zero, because they were paid out or reserved by a payout
 * request since, is a 409 `wallet.refund_not_covered`; either refusal throws, so the
 * caller's transaction moves nothing. Callers lock their own record (the thing bought)
 * before calling, as purchases lock it before the charge is written: the same order.
 */
export async function refundCharge(tx: Tx, ctx: AppContext, chargeId: string): Promise<RefundResult> {
  const [charge] = await tx.select().from(walletCharges).where(eq(walletCharges.id, chargeId)).for('update').limit(1);
  if (!charge) throw notFound('wallet.item_not_found', 'No charge with this id');
  if (charge.status === 'refunded') throw conflict('payment.already_refunded', ALREADY_REFUNDED);
  if (charge.status !== 'success') throw new Error(`Charge ${charge.id} is ${charge.status}: only a successful charge is refunded`);

  const postings = (await chargeEntries(tx, charge)).map((entry) => ({ account: entry.account, amountCents: -entry.amountCents }));
  const buyerWallet = accountKeys.wallet(charge.userId);
  const creatorEarnings = accountKeys.earnings(charge.performerId);
  let balances: Map<string, number>;
  try {
    ({ balances } = await postMovement(tx, { kind: 'refund', referenceType: 'wallet_charge', referenceId: charge.id, postings }));
  } catch (error) {
    // The wallet is credited, never debited, here: a short balance is the creator's earnings or a referrer's commission.
    if (error instanceof HttpError && error.code === 'wallet.insufficient_balance') throw conflict('wallet.refund_not_covered', REFUND_NOT_COVERED);
    throw error;
  }
  const [refunded] = await tx
    .update(walletCharges)
    .set({ status: 'refunded', updatedAt: ctx.now() })
    .where(and(eq(walletCharges.id, charge.id), eq(walletCharges.status, 'success')))
    .returning();
  // A zero share (a 100 % commission) is no posting, so its account is read, still inside this transaction.
  const creatorEarningsCents = balances.get(creatorEarnings) ?? (await balanceOf(tx, creatorEarnings));
  return { charge: refunded!, postings, balancesAfter: { buyerWalletCents: balances.get(buyerWallet)!, creatorEarningsCents } };
}

/**
 * The entries of the charge's own movement (kind `charge`), checked against the split the
 * charge row recorded: the buyer's wallet −price, the creator's earnings +earnings, the
 * platform +its part, referrers +their commissions. Books that disagree are a bug, not a
 * refusal: nothing is refunded from them.
 */
async function chargeEntries(tx: Tx, charge: WalletChargeRow): Promise<Posting[]> {
  const rows = await tx
    .select({ account: ledgerAccounts.key, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerEntries.movementId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerMovements.referenceType, 'wallet_charge'), eq(ledgerMovements.referenceId, charge.id), eq(ledgerMovements.kind, 'charge')));
  const cents = (key: string) => rows.filter((r) => r.account === key).reduce((sum, r) => sum + Number(r.amountCents), 0);
  const referral = rows.filter((r) => r.account.startsWith('referral:')).reduce((sum, r) => sum + Number(r.amountCents), 0);
  const known = new Set([accountKeys.wallet(charge.userId), accountKeys.earnings(charge.performerId), accountKeys.platform()]);
  const matches =
    rows.length > 0 &&
    cents(accountKeys.wallet(charge.userId)) === -charge.priceCents &&
    cents(accountKeys.earnings(charge.performerId)) === charge.earningsCents &&
    cents(accountKeys.platform()) === charge.platformCents &&
    referral === charge.referralCents &&
    rows.every((r) => known.has(r.account) || r.account.startsWith('referral:'));
  if (!matches) throw new Error(`Charge ${charge.id}: its ledger movement does not match its recorded split`);
  return rows.map((r) => ({ account: r.account, amountCents: Number(r.amountCents) }));
}

/** After commit: the fan's wallet and the creator's earnings move back live (`update_balance` to each). */
export function announceRefund(ctx: AppContext, result: RefundResult): void {
  const { charge, balancesAfter } = result;
  const fan: BalanceEvent = { token: fromCents(charge.priceCents), balance: fromCents(balancesAfter.buyerWalletCents) };
  const creator: BalanceEvent = { token: -fromCents(charge.earningsCents), balance: fromCents(balancesAfter.creatorEarningsCents), account: 'earnings' };
  ctx.realtime.emitToUser(charge.userId, 'update_balance', fan);
  ctx.realtime.emitToUser(charge.performerId, 'update_balance', creator);
}
