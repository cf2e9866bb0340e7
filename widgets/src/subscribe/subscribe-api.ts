/**
 * The subscribe element's reads and answers, over the page's session (directly on the
 * platform, through the bridge elsewhere). Every call answers an Outcome; none throws
 * into the view. Paying is the `subscribe` money action, sent by the model; resuming is the
 * `resume` one.
 *
 * Paths are written out rather than taken from the contract's `paths`: that table would
 * bring every route into the element's chunk. Each names its contract route.
 */
import type { PlanOffer, SubscribeResult, SubscriptionDto, SubscriptionPlan } from '@fandeck/contract';
import { runPay, type PayKeys } from '../session/money-action.js';
import { failure, success, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';

/** A creator as the element shows them. */
export interface SubscribeCreator {
  _id: string;
  name: string;
  username: string | null;
  avatar: string | null;
}

/** What a fan may take from a creator: the plans (shortest first) and the free offer. */
export interface CreatorOffer {
  creator: SubscribeCreator;
  plans: PlanOffer[];
  /** The free offer, when the creator runs one and this fan has not used it. */
  free: { days: number } | null;
}

/** A plan the fan may choose: a paid one or the free offer. */
export type PlanChoice = SubscriptionPlan | 'free';

/** How subscriptions paid from the wallet are named in the cancel route (`:provider`). */
export const WALLET_PROVIDER = 'wallet';

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const amount = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The profile's price fields, for a server that does not send `subscriptionPlans`. */
const priceFields: readonly [SubscriptionPlan, string, number][] = [
  ['monthly', 'monthlyPrice', 1],
  ['quarterly', 'quarterlyPrice', 3],
  ['half_yearly', 'halfYearlyPrice', 6],
  ['yearly', 'yearlyPrice', 12],
];
const planMonths = new Map(priceFields.map(([type, , months]) => [type as string, months]));

/** The plans of a profile: `subscriptionPlans` when sent, else its price fields; priced ones only, shortest first. */
export function readPlans(profile: Record<string, unknown>): PlanOffer[] {
  const sent = Array.isArray(profile.subscriptionPlans) ? profile.subscriptionPlans : null;
  const plans: PlanOffer[] = [];
  if (sent) {
    for (const item of sent) {
      if (!isRecord(item)) continue;
      const months = planMonths.get(String(item.type));
      const price = amount(item.price);
      if (months && price) plans.push({ type: item.type as SubscriptionPlan, price, months: typeof item.months === 'number' ? item.months : months });
    }
  } else {
    for (const [type, field, months] of priceFields) {
      const price = amount(profile[field]);
      if (price) plans.push({ type, price, months });
    }
  }
  return plans.sort((a, b) => a.months - b.months);
}

/** `performers.get`: the creator, their plans and their free offer as this viewer may take it. */
export async function fetchOffer(session: Session, idOrUsername: string): Promise<Outcome<CreatorOffer>> {
  const outcome = await session.api.performers.get({ id: idOrUsername }, undefined, { unauthorized: 'ignore' });
  if (!outcome.ok) return outcome;
  // Read field by field: an older server may lack some, and the free offer's fields are the viewer's.
  const answer: unknown = outcome.value;
  const profile = isRecord(answer) ? answer : {};
  const id = text(profile._id);
  if (!id) return failure({ status: 404, message: '', body: { code: 'performers.not_found' } });
  const siteFree = session.settings.values.peek()?.freeSubscriptionEnabled !== false;
  const free = siteFree && profile.isFreeSubscription === true && profile.usedFreeSubscription !== true;
  const days = typeof profile.durationFreeSubscriptionDays === 'number' && profile.durationFreeSubscriptionDays > 0 ? profile.durationFreeSubscriptionDays : 1;
  return success({
    creator: { _id: id, name: text(profile.name) ?? text(profile.username) ?? idOrUsername, username: text(profile.username), avatar: text(profile.avatar) },
    plans: readPlans(profile),
    free: free ? { days } : null,
  });
}

/** A subscription as the server answers it; null when the value is not one. */
export function readSubscription(value: unknown): SubscriptionDto | null {
  if (!isRecord(value) || !text(value._id) || !text(value.status)) return null;
  return value as unknown as SubscriptionDto;
}

/**
 * `subscriptions.userSubscriber`: the signed-in fan's subscription to this creator, or
 * null when they never subscribed. Reads one record, null, or a list page.
 */
export async function fetchMySubscription(session: Session, performerId: string): Promise<Outcome<SubscriptionDto | null>> {
  const outcome = await session.api.subscriptions.userSubscriber({ performerId }, { unauthorized: 'ignore' });
  if (!outcome.ok) return outcome.error.status === 404 ? success(null) : outcome;
  const value = outcome.value;
  const list = isRecord(value) && Array.isArray(value.data) ? value.data : Array.isArray(value) ? value : null;
  const found = list ? list.map(readSubscription).find((item) => item?.performerId === performerId) : readSubscription(value);
  return success(found ?? null);
}

/** The `subscribe` action's answer; null when it is not one. */
export function readSubscribeResult(value: unknown): SubscribeResult | null {
  if (!isRecord(value)) return null;
  const subscription = readSubscription(value.subscription);
  if (!subscription) return null;
  return { subscription, ...(typeof value.balance === 'number' ? { balance: value.balance } : {}) };
}

/** `subscriptions.cancel`: renewal stops, access lasts to `expiredAt`. */
export function cancelSubscription(session: Session, id: string): Promise<Outcome<SubscriptionDto>> {
  return session.api.subscriptions.cancel({ provider: WALLET_PROVIDER, id }, {}, { unauthorized: 'ignore' });
}

/**
 * The `resume` money action: a cancelled subscription renews again. It turns renewal charges
 * back on, so the fan confirms the renewal's price in the platform's dialog (a page may resume
 * only a subscription to a creator who owns it). `keys` keep the Idempotency-Key for retries.
 */
export async function resumeSubscription(session: Session, id: string, keys: PayKeys): Promise<Outcome<SubscriptionDto | null>> {
  const outcome = await runPay<unknown>(session.transport, keys, { action: 'resume', params: { id }, body: {} });
  return outcome.ok ? success(readSubscription(outcome.value)) : outcome;
}
