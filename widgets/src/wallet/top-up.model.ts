/**
 * One top-up form's flow: the coupon, the top-up itself (one `transport.pay` of the
 * `topup` action, with its Idempotency-Key kept for retries of the same request), then
 * the PIX's status until it is paid. A view makes one per form (`useModel`) and disposes
 * it when it goes; the balance is the session's wallet model.
 */
import { computed, createModel, effect, signal, untracked } from '@preact/signals-core';
import { errorCode, createPayKeys, isDeclined, isRetryable, runPay, unexpectedAnswer } from '../session/money-action.js';
import { failure, success, type ActionError, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { toCents } from '../format/money.js';
import { applyCoupon, fetchTransaction, readStatusCallback, toTransaction, type CouponPreview, type TopUpTransaction } from './wallet-api.js';
import type { WalletModel } from './wallet.model.js';

/** What the fan sees of a top-up being paid: waiting, done, or given up on (after the polling lifetime). */
export type TrackedStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'timeout';

export interface TopUpPolling {
  /** Milliseconds between GET /payment/transactions/:id while pending (default 5 s). */
  intervalMs?: number | undefined;
  /** How long to keep polling before offering "check again" (default 10 minutes). */
  lifetimeMs?: number | undefined;
}

export const DEFAULT_POLL_INTERVAL_MS = 5_000;
export const DEFAULT_POLL_LIFETIME_MS = 10 * 60_000;

export type TopUpStep =
  | { step: 'form' }
  /** The fan said no in the platform's confirm; nothing was sent. */
  | { step: 'declined' }
  | { step: 'sending' }
  | { step: 'failed'; error: ActionError; retryable: boolean }
  | { step: 'paying'; transaction: TopUpTransaction; status: TrackedStatus };

export type CouponState =
  | { status: 'none' }
  | { status: 'applying'; code: string }
  | { status: 'applied'; coupon: CouponPreview }
  /** Refused before asking the server: not a code, or no valid amount yet. */
  | { status: 'invalid'; problem: 'code' | 'amount' }
  | { status: 'refused'; error: ActionError };

export interface TopUpInput {
  amount: number;
  /** A token package (its price is `amount`): the wallet receives the package's tokens. */
  packageId?: string | undefined;
  /** The gateway name the server expects (`gatewayName`); absent: the platform's default. */
  paymentGateway?: string | undefined;
}

/** The server's pattern (`COUPON_CODE_PATTERN`), checked here to spare a round trip. */
const COUPON_CODE = /^[A-Za-z0-9_-]{3,32}$/;

export function trackedStatus(transaction: TopUpTransaction): TrackedStatus {
  switch (transaction.status) {
    case 'success':
      return 'paid';
    case 'canceled':
      return 'expired';
    case 'fail':
    case 'refunded':
      return 'failed';
    default:
      return 'pending';
  }
}

export const TopUpModel = createModel((session: Session, wallet: WalletModel, polling: TopUpPolling = {}) => {
  const state = signal<TopUpStep>({ step: 'form' });
  const coupon = signal<CouponState>({ status: 'none' });
  const keys = createPayKeys();
  // A new round restarts the polling of the same transaction ("check again").
  const round = signal(0);

  const tracking = computed(() => {
    const current = state.value;
    return current.step === 'paying' && current.status === 'pending' ? `${current.transaction._id}#${round.value}` : null;
  });

  function settlePayment(transaction: TopUpTransaction | null, status: TrackedStatus): void {
    const current = state.peek();
    if (current.step !== 'paying' || current.status === 'paid') return;
    state.value = { step: 'paying', transaction: transaction ?? current.transaction, status };
  }

  // Polling covers a socket that is down or events missed while reconnecting; the live
  // channel usually says it first. Both stop once the status is final or the form goes.
  effect(() => {
    const key = tracking.value;
    const channel = session.live.channel.value;
    if (!key) return;
    return untracked(() => {
      const current = state.peek();
      if (current.step !== 'paying') return;
      const id = current.transaction._id;
      const intervalMs = polling.intervalMs ?? DEFAULT_POLL_INTERVAL_MS;
      const deadline = Date.now() + (polling.lifetimeMs ?? DEFAULT_POLL_LIFETIME_MS);
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      let checking = false;

      const check = async () => {
        if (checking || controller.signal.aborted) return;
        checking = true;
        clearTimeout(timer);
        const outcome = await fetchTransaction(session, id, controller.signal);
        checking = false;
        if (controller.signal.aborted) return;
        const next = outcome.ok ? trackedStatus(outcome.value) : 'pending';
        if (next !== 'pending') return settlePayment(outcome.ok ? outcome.value : null, next);
        if (outcome.ok) settlePayment(outcome.value, 'pending');
        if (Date.now() >= deadline) settlePayment(null, 'timeout');
        else timer = setTimeout(() => void check(), intervalMs);
      };

      timer = setTimeout(() => void check(), intervalMs);
      // A credit may be this top-up (or a tip received): look now instead of at the next tick.
      const offCredit = wallet.onCredit(() => void check());
      const offCallback = channel?.on('payment_status_callback', (payload) => {
        const callback = readStatusCallback(payload);
        if (callback?.transactionId === id) settlePayment(null, callback.paid ? 'paid' : 'failed');
      });
      return () => {
        controller.abort();
        clearTimeout(timer);
        offCredit();
        offCallback?.();
      };
    });
  });

  /** The coupon that goes with a top-up of `amount`: only one applied to that same amount. */
  function couponFor(amount: number): string | undefined {
    const current = coupon.peek();
    return current.status === 'applied' && toCents(current.coupon.amount) === toCents(amount) ? current.coupon.code : undefined;
  }

  return {
    state,
    coupon,
    /** What the fan pays for `amount`: less an applied coupon's discount. */
    toPay(amount: number | null): number | null {
      if (amount === null) return null;
      const current = coupon.value;
      return current.status === 'applied' && toCents(current.coupon.amount) === toCents(amount) ? current.coupon.amountToPay : amount;
    },

    async topUp(input: TopUpInput): Promise<Outcome<TopUpTransaction>> {
      const current = state.peek();
      if (current.step === 'sending' || current.step === 'paying') return failure({ status: -1, message: '' });
      state.value = { step: 'sending' };
      const couponCode = couponFor(input.amount);
      const body = {
        amount: input.amount,
        ...(input.packageId ? { packageId: input.packageId } : {}),
        ...(input.paymentGateway ? { paymentGateway: input.paymentGateway } : {}),
        ...(couponCode ? { couponCode } : {}),
      };
      const outcome = await runPay<unknown>(session.transport, keys, { action: 'topup', params: {}, body });
      if (!outcome.ok) {
        state.value = isDeclined(outcome.error)
          ? { step: 'declined' }
          : { step: 'failed', error: outcome.error, retryable: isRetryable(outcome.error) };
        return outcome;
      }
      const transaction = toTransaction(outcome.value);
      if (!transaction) {
        const error = unexpectedAnswer(outcome.value);
        state.value = { step: 'failed', error, retryable: false };
        return failure(error);
      }
      state.value = { step: 'paying', transaction, status: trackedStatus(transaction) };
      return success(transaction);
    },

    /** Looks again after the polling gave up. */
    checkAgain(): void {
      const current = state.peek();
      if (current.step !== 'paying' || current.status !== 'timeout') return;
      state.value = { ...current, status: 'pending' };
      round.value += 1;
    },

    /** Back to the form: after a final status, a decline or a failure. */
    restart(): void {
      const current = state.peek();
      if (current.step === 'sending' || (current.step === 'paying' && current.status === 'pending')) return;
      state.value = { step: 'form' };
    },

    async applyCoupon(code: string, amount: number | null): Promise<Outcome<CouponPreview>> {
      const wanted = code.trim();
      if (!COUPON_CODE.test(wanted)) coupon.value = { status: 'invalid', problem: 'code' };
      else if (amount === null) coupon.value = { status: 'invalid', problem: 'amount' };
      else {
        coupon.value = { status: 'applying', code: wanted };
        const outcome = await applyCoupon(session, wanted, amount);
        coupon.value = outcome.ok ? { status: 'applied', coupon: outcome.value } : { status: 'refused', error: outcome.error };
        return outcome;
      }
      return failure({ status: 422, message: '' });
    },

    /** The fan edited or removed the code. */
    clearCoupon(): void {
      if (coupon.peek().status !== 'none') coupon.value = { status: 'none' };
    },

    /** A coupon applied to another amount no longer counts once the amount changes. */
    amountChanged(amount: number | null): void {
      const current = coupon.peek();
      if (current.status === 'applied' && (amount === null || toCents(current.coupon.amount) !== toCents(amount))) coupon.value = { status: 'none' };
    },
  };
});

export type TopUpModel = InstanceType<typeof TopUpModel>;

/** The error code of a failed top-up, for the view's text. */
export const topUpErrorCode = (error: ActionError) => errorCode(error);
