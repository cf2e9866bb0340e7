/**
 * One tip button's flow: the creator it tips, then the tip itself, one `transport.pay`
 * of `charge:tip` (the platform quotes, has the fan confirm and sends it). The
 * Idempotency-Key is kept for a retry of the same tip (same price and message) only.
 * A short balance, known before sending or said by the server, leads to the top-up step;
 * after a top-up the same tip is ready again. A view makes one per button (`useModel`).
 */
import { LIMITS } from '@fandeck/contract';
import { createModel, signal, type ReadonlySignal } from '@preact/signals-core';
import { toCents } from '../format/money.js';
import { createPayKeys, errorCode, isDeclined, isRetryable, runPay, unexpectedAnswer } from '../session/money-action.js';
import { failure, success, type ActionError, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { fetchCreator, toTipCharge, type TipCharge, type TipCreator } from './tip-api.js';

export type CreatorState =
  | { status: 'loading' }
  | { status: 'ready'; creator: TipCreator }
  | { status: 'failed'; reason: 'missing' | 'not-found' | 'other'; error: ActionError | null };

export type TipStep =
  | { step: 'form'; notice?: 'resumed' }
  /** The fan said no in the platform's confirm; nothing was charged. */
  | { step: 'declined' }
  | { step: 'sending' }
  | { step: 'sent'; charge: TipCharge }
  | { step: 'failed'; error: ActionError; retryable: boolean }
  /** The wallet is short of `price`: the view offers the top-up inline. */
  | { step: 'short'; price: number };

export interface TipInput {
  /** Tokens, decimal units, already within the platform's limits. */
  price: number;
  message: string;
}

export const TipModel = createModel((session: Session) => {
  const creator = signal<CreatorState>({ status: 'failed', reason: 'missing', error: null });
  const step = signal<TipStep>({ step: 'form' });
  const keys = createPayKeys();
  let wanted = '';
  let loads = 0;
  // Right after a top-up the balance event may still be on its way: the server decides then.
  let justToppedUp = false;

  async function load(): Promise<void> {
    const ref = wanted;
    const load = ++loads;
    if (!ref) {
      creator.value = { status: 'failed', reason: 'missing', error: null };
      return;
    }
    creator.value = { status: 'loading' };
    const outcome = await fetchCreator(session, ref);
    // A later creator (a changed attribute) wins over a slower earlier answer.
    if (load !== loads) return;
    creator.value = outcome.ok
      ? { status: 'ready', creator: outcome.value }
      : { status: 'failed', reason: outcome.error.status === 404 ? 'not-found' : 'other', error: outcome.error };
  }

  return {
    creator: creator as ReadonlySignal<CreatorState>,
    step: step as ReadonlySignal<TipStep>,

    /** The creator to tip, by id or username; loads them when it changed. */
    setCreator(ref: string | undefined): Promise<void> {
      const next = ref?.trim() ?? '';
      if (next === wanted && creator.peek().status !== 'failed') return Promise.resolve();
      wanted = next;
      keys.reset();
      step.value = { step: 'form' };
      return load();
    },

    /** Loads the creator again after a failure. */
    retryCreator(): Promise<void> {
      return load();
    },

    async send(input: TipInput): Promise<Outcome<TipCharge>> {
      const current = creator.peek();
      const busy = step.peek().step === 'sending';
      const message = input.message.trim();
      if (busy || current.status !== 'ready' || message.length > LIMITS.tip.messageMax) return failure({ status: -1, message: '' });
      const balance = session.user.current.peek()?.balance;
      if (!justToppedUp && balance !== undefined && toCents(balance) < toCents(input.price)) {
        step.value = { step: 'short', price: input.price };
        return failure({ status: 422, message: '', body: { code: 'wallet.insufficient_balance' } });
      }
      step.value = { step: 'sending' };
      const creatorId = current.creator._id;
      const body = { price: input.price, ...(message ? { message } : {}) };
      const outcome = await runPay<unknown>(session.transport, keys, { action: 'charge:tip', params: { id: creatorId }, body });
      justToppedUp = false;
      if (!outcome.ok) {
        const error = outcome.error;
        if (isDeclined(error)) step.value = { step: 'declined' };
        else if (errorCode(error) === 'wallet.insufficient_balance') step.value = { step: 'short', price: input.price };
        else step.value = { step: 'failed', error, retryable: isRetryable(error) };
        return outcome;
      }
      const charge = toTipCharge(outcome.value, { creatorId, price: input.price });
      if (!charge) {
        const error = unexpectedAnswer(outcome.value);
        step.value = { step: 'failed', error, retryable: false };
        return failure(error);
      }
      step.value = { step: 'sent', charge };
      return success(charge);
    },

    /** The inline top-up was paid: back to the same tip, and let the server judge the balance. */
    toppedUp(): void {
      justToppedUp = true;
      step.value = { step: 'form', notice: 'resumed' };
    },

    /** Back to the form (from the top-up, after a tip, after a failure). */
    back(): void {
      if (step.peek().step !== 'sending') step.value = { step: 'form' };
    },
  };
});

export type TipModel = InstanceType<typeof TipModel>;
