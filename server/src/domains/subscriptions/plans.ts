/**
 * A creator's subscription plans: what each costs (their `performers` row), how long it
 * lasts, and whether the platform's limits (spec section 9, settings) allow its price now.
 * The subscribe action, the renewal job and the creator's profile all read plans here.
 */
import { SUBSCRIPTION_PLANS, type PlanOffer, type SubscriptionPlan } from '@fandeck/contract';
import type { performers } from '../performers/performers.tables.js';
import { fromCents } from '../../money/amounts.js';
import type { SettingValues } from '../settings/index.js';

type PerformerRow = typeof performers.$inferSelect;

export { SUBSCRIPTION_PLANS, type SubscriptionPlan };

/** Whole months each plan lasts. */
export const PLAN_MONTHS: Readonly<Record<SubscriptionPlan, number>> = { monthly: 1, quarterly: 3, half_yearly: 6, yearly: 12 };

/** The settings a plan's price must lie within. */
export const PLAN_LIMIT_KEYS = ['minSubscriptionPrice', 'maxSubscriptionPrice', 'minYearlySubscriptionPrice', 'maxYearlySubscriptionPrice'] as const;
export type PlanLimits = Pick<SettingValues, (typeof PLAN_LIMIT_KEYS)[number]>;

export const DAY_MS = 24 * 60 * 60 * 1000;

export function planPriceCents(profile: Pick<PerformerRow, 'monthlyPriceCents' | 'quarterlyPriceCents' | 'halfYearlyPriceCents' | 'yearlyPriceCents'>, plan: SubscriptionPlan): number {
  switch (plan) {
    case 'monthly':
      return profile.monthlyPriceCents;
    case 'quarterly':
      return profile.quarterlyPriceCents;
    case 'half_yearly':
      return profile.halfYearlyPriceCents;
    case 'yearly':
      return profile.yearlyPriceCents;
  }
}

const cents = (units: number) => Math.round(units * 100);

/** Whether the limits allow this price for this plan now (both ends inclusive; the yearly plan has its own). */
export function priceAllowed(plan: SubscriptionPlan, priceCents: number, limits: PlanLimits): boolean {
  const [min, max] =
    plan === 'yearly'
      ? [cents(limits.minYearlySubscriptionPrice), cents(limits.maxYearlySubscriptionPrice)]
      : [cents(limits.minSubscriptionPrice), cents(limits.maxSubscriptionPrice)];
  return priceCents > 0 && priceCents >= min && priceCents <= max;
}

/** The plans a fan may take now: those whose price the limits allow, shortest first. */
export function planOffers(profile: PerformerRow, limits: PlanLimits): PlanOffer[] {
  return SUBSCRIPTION_PLANS.flatMap((type) => {
    const price = planPriceCents(profile, type);
    return priceAllowed(type, price, limits) ? [{ type, price: fromCents(price), months: PLAN_MONTHS[type] }] : [];
  });
}

/**
 * `from` plus whole calendar months in UTC, the time of day kept, the day clamped to the
 * month's last (Jan 31 + 1 month = Feb 28, or 29 in a leap year).
 */
export function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
}

const monthsBetween = (from: Date, to: Date) => (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());

/**
 * The end of a paid period that starts at `periodStart`, counted from `anchor` (when the
 * unbroken run of periods began), so clamping does not drift: started Jan 31, the periods
 * end Feb 28, Mar 31, Apr 30... rather than Feb 28, Mar 28, Apr 28.
 */
export function periodEnd(anchor: Date, periodStart: Date, months: number): Date {
  const end = addMonths(anchor, monthsBetween(anchor, periodStart) + months);
  // A period start that is not on the anchor's chain (it should always be) still gets whole months.
  return end > periodStart ? end : addMonths(periodStart, months);
}
