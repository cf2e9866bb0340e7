/**
 * One subscribe element's flow: the creator and their offer, the signed-in fan's own
 * subscription to them, then subscribing (one `transport.pay` of the `subscribe` action:
 * the platform quotes the plan's price, has the fan confirm it and sends it), cancelling
 * and resuming. A short balance, known before sending or said by the server, leads to the
 * top-up step; after a top-up the same plan is ready again. A view makes one per element
 * (`useModel`).
 */
import type { SubscriptionDto } from '@fandeck/contract';
import { createModel, effect, signal, untracked, type ReadonlySignal } from '@preact/signals-core';
import { toCents } from '../format/money.js';
import { createPayKeys, errorCode, isDeclined, isRetryable, runPay, unexpectedAnswer } from '../session/money-action.js';
import { failure, success, type ActionError, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import {
  cancelSubscription,
  fetchMySubscription,
  fetchOffer,
  readSubscribeResult,
  resumeSubscription,
  type CreatorOffer,
  type PlanChoice,
} from './subscribe-api.js';

export type OfferState =
  | { status: 'loading' }
  | { status: 'ready'; offer: CreatorOffer }
  | { status: 'failed'; reason: 'missing' | 'not-found' | 'other'; error: ActionError | null };

/** The fan's own subscription to the creator; `none` while signed out. */
export type MineState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; subscription: SubscriptionDto | null }
  | { status: 'failed'; error: ActionError };

export type SubscribeStep =
  /** The plan choice is closed. */
  | { step: 'closed' }
  | { step: 'choosing'; plan: PlanChoice; notice?: 'resumed' }
  /** The fan said no in the platform's confirm; nothing was charged. */
  | { step: 'declined'; plan: PlanChoice }
  | { step: 'sending'; plan: PlanChoice }
  | { step: 'done'; subscription: SubscriptionDto }
  | { step: 'failed'; plan: PlanChoice; error: ActionError; retryable: boolean }
  /** The wallet is short of `price`: the view offers the top-up inline. */
  | { step: 'short'; plan: PlanChoice; price: number };

export type ManageState = { status: 'idle' } | { status: 'busy'; action: 'cancel' | 'resume' } | { status: 'failed'; action: 'cancel' | 'resume'; error: ActionError };

/** Where the fan stands with the creator, as the element words it. */
export type Standing =
  | { kind: 'none' }
  /** Paid, renews at `date` unless cancelled. */
  | { kind: 'renews'; date: string | null }
  /** Cancelled: access lasts to `date`, then it ends. */
  | { kind: 'cancelled'; date: string | null }
  /** A renewal is waiting for the balance until `date`. */
  | { kind: 'grace'; date: string }
  /** Active to `date` and not renewing (the free offer). */
  | { kind: 'active'; date: string | null };

/** Reads a subscription as the element shows it; expired or deactivated ones leave the fan free to subscribe again. */
export function standingOf(subscription: SubscriptionDto | null, now = Date.now()): Standing {
  if (!subscription || subscription.status !== 'active') return { kind: 'none' };
  const grace = subscription.graceUntil;
  if (grace && Date.parse(grace) > now) return { kind: 'grace', date: grace };
  if (!subscription.isActive) return { kind: 'none' };
  if (subscription.cancelledAt) return { kind: 'cancelled', date: subscription.expiredAt };
  if (subscription.willRenew) return { kind: 'renews', date: subscription.expiredAt };
  return { kind: 'active', date: subscription.expiredAt };
}

/** The price of a choice in an offer; 0 for the free offer, null when the creator has no such plan. */
export function priceOf(offer: CreatorOffer, plan: PlanChoice): number | null {
  if (plan === 'free') return offer.free ? 0 : null;
  return offer.plans.find((item) => item.type === plan)?.price ?? null;
}

/** The plan the choice opens on: the free offer when there is one, else the shortest plan. */
export function firstChoice(offer: CreatorOffer): PlanChoice | null {
  return offer.free ? 'free' : (offer.plans[0]?.type ?? null);
}

const notReady = () => failure({ status: -1, message: '' });

export const SubscribeModel = createModel((session: Session) => {
  // Loading until the view names the creator: the first paint never says "no creator".
  const offer = signal<OfferState>({ status: 'loading' });
  const mine = signal<MineState>({ status: 'none' });
  const step = signal<SubscribeStep>({ step: 'closed' });
  const manage = signal<ManageState>({ status: 'idle' });
  const keys = createPayKeys();
  const resumeKeys = createPayKeys();
  let wanted: string | null = null;
  let loads = 0;
  // Right after a top-up the balance event may still be on its way: the server decides then.
  let justToppedUp = false;

  async function loadMine(performerId: string, load: number): Promise<void> {
    if (!session.auth.loggedIn.peek()) {
      mine.value = { status: 'none' };
      return;
    }
    mine.value = { status: 'loading' };
    const outcome = await fetchMySubscription(session, performerId);
    if (load !== loads) return;
    mine.value = outcome.ok ? { status: 'ready', subscription: outcome.value } : { status: 'failed', error: outcome.error };
  }

  async function load(): Promise<void> {
    const ref = wanted;
    const current = ++loads;
    if (!ref) {
      offer.value = { status: 'failed', reason: 'missing', error: null };
      mine.value = { status: 'none' };
      return;
    }
    offer.value = { status: 'loading' };
    const outcome = await fetchOffer(session, ref);
    // A later creator (a changed attribute, a sign-in) wins over a slower earlier answer.
    if (current !== loads) return;
    if (!outcome.ok) {
      offer.value = { status: 'failed', reason: outcome.error.status === 404 ? 'not-found' : 'other', error: outcome.error };
      return;
    }
    offer.value = { status: 'ready', offer: outcome.value };
    await loadMine(outcome.value.creator._id, current);
  }

  // The offer (free offer used or not) and the fan's subscription depend on who is signed in.
  let signedIn: boolean | null = null;
  effect(() => {
    const now = session.auth.loggedIn.value;
    untracked(() => {
      const changed = signedIn !== null && signedIn !== now;
      signedIn = now;
      if (changed && wanted) void load();
    });
  });

  function ready(): CreatorOffer | null {
    const current = offer.peek();
    return current.status === 'ready' ? current.offer : null;
  }

  async function manageWith(action: 'cancel' | 'resume', call: (session: Session, id: string) => Promise<Outcome<SubscriptionDto | null>>): Promise<Outcome<SubscriptionDto | null>> {
    const current = mine.peek();
    const subscription = current.status === 'ready' ? current.subscription : null;
    const creator = ready()?.creator;
    if (!subscription || !creator || manage.peek().status === 'busy') return notReady();
    manage.value = { status: 'busy', action };
    const outcome = await call(session, subscription._id);
    if (!outcome.ok) {
      // The fan said no in the confirm of a resume: nothing happened, nothing to report.
      if (isDeclined(outcome.error)) {
        manage.value = { status: 'idle' };
        return outcome;
      }
      manage.value = { status: 'failed', action, error: outcome.error };
      // Cancelled or resumed elsewhere meanwhile: show the subscription as it now is.
      const code = errorCode(outcome.error);
      if (code === 'subscriptions.already_cancelled' || code === 'subscriptions.not_cancelled') await loadMine(creator._id, loads);
      return outcome;
    }
    manage.value = { status: 'idle' };
    // The answer is the subscription as it now stands; read it again when the server sent none.
    if (outcome.value) mine.value = { status: 'ready', subscription: outcome.value };
    else await loadMine(creator._id, loads);
    return outcome;
  }

  return {
    offer: offer as ReadonlySignal<OfferState>,
    mine: mine as ReadonlySignal<MineState>,
    step: step as ReadonlySignal<SubscribeStep>,
    manage: manage as ReadonlySignal<ManageState>,

    /** The creator, by id or username; loads them (and the fan's subscription) when it changed. */
    setCreator(ref: string | undefined): Promise<void> {
      const next = ref?.trim() ?? '';
      if (next === wanted && offer.peek().status !== 'failed') return Promise.resolve();
      wanted = next;
      keys.reset();
      step.value = { step: 'closed' };
      return load();
    },

    /** Loads the creator and the fan's subscription again after a failure. */
    retry(): Promise<void> {
      return load();
    },

    /** Opens the plan choice on `plan`, else on the first plan offered. */
    open(plan?: PlanChoice): void {
      const current = ready();
      const choice = plan ?? (current ? firstChoice(current) : null);
      if (!current || !choice || priceOf(current, choice) === null || step.peek().step === 'sending') return;
      step.value = { step: 'choosing', plan: choice };
    },

    /** Another plan in the open choice. */
    choose(plan: PlanChoice): void {
      const current = step.peek();
      if (current.step === 'sending' || current.step === 'closed' || current.step === 'done') return;
      step.value = { step: 'choosing', plan };
    },

    /** Subscribes to the chosen plan. */
    async subscribe(): Promise<Outcome<SubscriptionDto>> {
      const current = step.peek();
      const creatorOffer = ready();
      if (current.step === 'closed' || current.step === 'sending' || current.step === 'done' || !creatorOffer) return notReady();
      const plan = current.plan;
      const price = priceOf(creatorOffer, plan);
      if (price === null) return notReady();
      const balance = session.user.current.peek()?.balance;
      if (!justToppedUp && price > 0 && balance !== undefined && toCents(balance) < toCents(price)) {
        step.value = { step: 'short', plan, price };
        return failure({ status: 422, message: '', body: { code: 'wallet.insufficient_balance' } });
      }
      step.value = { step: 'sending', plan };
      const performerId = creatorOffer.creator._id;
      const outcome = await runPay<unknown>(session.transport, keys, { action: 'subscribe', params: {}, body: { performerId, type: plan } });
      justToppedUp = false;
      if (!outcome.ok) {
        const error = outcome.error;
        const code = errorCode(error);
        if (isDeclined(error)) step.value = { step: 'declined', plan };
        else if (code === 'wallet.insufficient_balance') step.value = { step: 'short', plan, price };
        else step.value = { step: 'failed', plan, error, retryable: isRetryable(error) };
        // Subscribed elsewhere meanwhile (another tab): show the subscription as it is.
        if (code === 'subscriptions.already_active') void loadMine(performerId, loads);
        return outcome;
      }
      const result = readSubscribeResult(outcome.value);
      if (!result) {
        const error = unexpectedAnswer(outcome.value);
        step.value = { step: 'failed', plan, error, retryable: false };
        return failure(error);
      }
      if (result.balance !== undefined) session.user.setBalance(result.balance);
      if (plan === 'free') offer.value = { status: 'ready', offer: { ...creatorOffer, free: null } };
      mine.value = { status: 'ready', subscription: result.subscription };
      step.value = { step: 'done', subscription: result.subscription };
      return success(result.subscription);
    },

    /** The inline top-up was paid: back to the same plan, and let the server judge the balance. */
    toppedUp(): void {
      const current = step.peek();
      if (current.step !== 'short') return;
      justToppedUp = true;
      step.value = { step: 'choosing', plan: current.plan, notice: 'resumed' };
    },

    /** Back to the plan choice (from the top-up, a decline or a failure). */
    back(): void {
      const current = step.peek();
      if (current.step === 'short' || current.step === 'declined' || current.step === 'failed') step.value = { step: 'choosing', plan: current.plan };
    },

    /** Closes the plan choice (or the thank-you line). */
    close(): void {
      if (step.peek().step !== 'sending') step.value = { step: 'closed' };
    },

    /** Stops renewal; access lasts to the end of the period. */
    cancel: () => manageWith('cancel', cancelSubscription),

    /** Renews again after a cancel, while access lasts: the fan confirms the renewal's price (`resume` money action). */
    resume: () => manageWith('resume', (current, id) => resumeSubscription(current, id, resumeKeys)),
  };
});

export type SubscribeModel = InstanceType<typeof SubscribeModel>;
