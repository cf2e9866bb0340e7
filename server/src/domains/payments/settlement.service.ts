import type { BalanceEvent } from '@fandeck/contract/schemas';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { paymentTransactions, paymentWebhookEvents } from './payments.tables.js';
import type { PaymentEvent, PaymentGateway } from '../../gateways/gateway.js';
import { fromCents } from '../../money/amounts.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { postMovement, type Posting } from '../../money/ledger/ledger.js';
import { redeemReservation, releaseReservation } from '../coupons/index.js';
import { redirectUrlFor, type PaymentTransaction } from './payments.presenter.js';

/**
 * Applies what a provider says about a payment, exactly once.
 *
 * Two guards make a webhook delivered many times, concurrently or out of order, credit
 * once: (1) the event is recorded first under a unique key (gateway, provider payment id,
 * status), so every repeat finds the key taken and does nothing; concurrent repeats wait
 * on the index until the first commits. (2) The transaction row is locked and only a
 * transaction that is not yet paid and not under review is credited.
 *
 * A success for a wrong amount or currency credits nothing: the transaction fails and is
 * marked for review (`amount_mismatch`). A second, different payment of an already paid
 * charge is recorded for review (`paid_twice`) and not credited again; someone refunds it.
 * A payment that arrives after its charge expired is held for review too
 * (`paid_after_expiry`), never credited: the coupon use it held may be someone else's now.
 */
export type SettlementOutcome =
  | 'credited'
  | 'duplicate'
  | 'failed'
  | 'canceled'
  | 'amount_mismatch'
  | 'paid_twice'
  | 'paid_after_expiry'
  | 'needs_review'
  | 'unknown_transaction'
  | 'ignored';

export interface Settlement {
  outcome: SettlementOutcome;
  transactionId: string | null;
}

/** Statuses a failure or cancellation may still move a transaction out of. */
const OPEN_STATUSES = new Set<PaymentTransaction['status']>(['created', 'pending', 'processing', 'require_authentication', 'fail']);

async function lockTransaction(tx: Tx, gateway: PaymentGateway, event: PaymentEvent): Promise<PaymentTransaction | undefined> {
  const where = event.providerReference
    ? and(eq(paymentTransactions.gateway, gateway.name), eq(paymentTransactions.providerReference, event.providerReference))
    : event.transactionId
      ? and(eq(paymentTransactions.gateway, gateway.name), eq(paymentTransactions.id, event.transactionId))
      : undefined;
  if (!where) return undefined;
  const [row] = await tx.select().from(paymentTransactions).where(where).for('update');
  return row;
}

/** Credits the wallet; answers its balance right after, read in this transaction. */
async function credit(tx: Tx, gateway: PaymentGateway, t: PaymentTransaction, event: PaymentEvent, now: Date): Promise<number> {
  await tx
    .update(paymentTransactions)
    .set({ status: 'success', providerPaymentId: event.providerPaymentId, paidAt: now, updatedAt: now })
    .where(eq(paymentTransactions.id, t.id));
  // The payer's money arrives at the gateway's clearing account; a coupon's discount and a token
  // package's bonus are the platform's (a package worth less than its price leaves the platform the rest).
  // The wallet receives `credit_cents` as stored at creation, whatever the package says now.
  const wallet = accountKeys.wallet(t.userId);
  const postings: Posting[] = [
    { account: accountKeys.gateway(gateway.clearingAccount), amountCents: -t.amountCents },
    { account: wallet, amountCents: t.creditCents },
  ];
  const platformCents = t.discountCents + t.bonusCents;
  if (platformCents !== 0) postings.push({ account: accountKeys.platform(), amountCents: -platformCents });
  const { balances } = await postMovement(tx, { kind: 'topup', referenceType: 'payment_transaction', referenceId: t.id, postings });
  if (t.couponId) await redeemReservation(tx, t.id);
  return balances.get(wallet)!;
}

interface Decision {
  outcome: SettlementOutcome;
  /** Set when the wallet was credited. */
  walletCents?: number;
}

async function decide(tx: Tx, gateway: PaymentGateway, t: PaymentTransaction, event: PaymentEvent, now: Date): Promise<Decision> {
  if (event.status === 'success') {
    if (t.status === 'success') {
      await tx.update(paymentTransactions).set({ reviewReason: 'paid_twice', updatedAt: now }).where(eq(paymentTransactions.id, t.id));
      return { outcome: 'paid_twice' };
    }
    if (t.reviewReason) return { outcome: 'needs_review' };
    // Paid after the charge expired (or was cancelled): its price and coupon were let go, so
    // nothing is credited; it is held for review and someone refunds it at the provider.
    const expired = t.status === 'canceled' || (t.expiresAt !== null && t.expiresAt <= now);
    if (expired) {
      await tx
        .update(paymentTransactions)
        .set({ status: 'canceled', reviewReason: 'paid_after_expiry', providerPaymentId: event.providerPaymentId, updatedAt: now })
        .where(eq(paymentTransactions.id, t.id));
      await releaseReservation(tx, t.id);
      return { outcome: 'paid_after_expiry' };
    }
    if (event.amountCents !== t.amountCents || event.currency.toUpperCase() !== t.currency) {
      await tx
        .update(paymentTransactions)
        .set({ status: 'fail', reviewReason: 'amount_mismatch', providerPaymentId: event.providerPaymentId, updatedAt: now })
        .where(eq(paymentTransactions.id, t.id));
      return { outcome: 'amount_mismatch' };
    }
    return { outcome: 'credited', walletCents: await credit(tx, gateway, t, event, now) };
  }
  // A failed attempt may be followed by a successful one (another card), so it keeps the coupon;
  // a cancellation is final and frees it. Neither ever undoes a success.
  if (!OPEN_STATUSES.has(t.status)) return { outcome: 'ignored' };
  await tx.update(paymentTransactions).set({ status: event.status, updatedAt: now }).where(eq(paymentTransactions.id, t.id));
  if (event.status === 'canceled') {
    await releaseReservation(tx, t.id);
    return { outcome: 'canceled' };
  }
  return { outcome: 'failed' };
}

export async function applyPaymentEvent(ctx: AppContext, gateway: PaymentGateway, event: PaymentEvent): Promise<Settlement> {
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentWebhookEvents)
      .values({
        gateway: gateway.name,
        providerPaymentId: event.providerPaymentId,
        status: event.status,
        transactionId: event.transactionId ?? null,
        amountCents: event.amountCents,
      })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.id });
    if (!recorded) return { outcome: 'duplicate' as const, transaction: undefined, walletCents: undefined };
    const transaction = await lockTransaction(tx, gateway, event);
    const decision: Decision = transaction ? await decide(tx, gateway, transaction, event, now) : { outcome: 'unknown_transaction' };
    const { outcome } = decision;
    await tx
      .update(paymentWebhookEvents)
      .set({ outcome, transactionId: transaction?.id ?? event.transactionId ?? null })
      .where(eq(paymentWebhookEvents.id, recorded.id));
    return { outcome, transaction, walletCents: decision.walletCents };
  });

  // Live events only after the commit, so a client never sees a balance that could roll back.
  const t = result.transaction;
  if (t) notify(ctx, t, result.outcome, result.walletCents);
  return { outcome: result.outcome, transactionId: t?.id ?? null };
}

function notify(ctx: AppContext, t: PaymentTransaction, outcome: SettlementOutcome, walletCents: number | undefined): void {
  if (outcome === 'credited' && walletCents !== undefined) {
    const event: BalanceEvent = { token: fromCents(t.creditCents), balance: fromCents(walletCents) };
    ctx.realtime.emitToUser(t.userId, 'update_balance', event);
    ctx.realtime.emitToUser(t.userId, 'payment_status_callback', { redirectUrl: redirectUrlFor(ctx, t, true) });
  } else if (outcome === 'failed' || outcome === 'canceled' || outcome === 'amount_mismatch') {
    ctx.realtime.emitToUser(t.userId, 'payment_status_callback', { redirectUrl: redirectUrlFor(ctx, t, false) });
  }
}
