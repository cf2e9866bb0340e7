import type { SubscriptionDto, SubscriptionTypeWire } from '@fandeck/contract';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { formatDate } from '../../format/date.js';

/** Where a subscription stands for the people reading it (contract section 4 plus `isActive`, `cancelledAt`, `graceUntil`). */
export type SubscriptionState = 'pending' | 'active' | 'cancelled' | 'grace' | 'ended';

export function subscriptionState(subscription: SubscriptionDto): SubscriptionState {
  if (subscription.status === 'created') return 'pending';
  if (subscription.isActive) return subscription.cancelledAt ? 'cancelled' : 'active';
  // Past `expiredAt` but still active: the renewal is being retried on a short balance.
  if (subscription.status === 'active' && subscription.graceUntil) return 'grace';
  return 'ended';
}

const planKeys = {
  monthly: 'subscriptionPages.plans.monthly',
  quarterly: 'subscriptionPages.plans.quarterly',
  half_yearly: 'subscriptionPages.plans.half_yearly',
  yearly: 'subscriptionPages.plans.yearly',
  free: 'subscriptionPages.plans.free',
  system: 'subscriptionPages.plans.system',
} as const satisfies Record<SubscriptionTypeWire, string>;

const stateKeys = {
  pending: 'subscriptionPages.states.pending',
  active: 'subscriptionPages.states.active',
  cancelled: 'subscriptionPages.states.cancelled',
  grace: 'subscriptionPages.states.grace',
  ended: 'subscriptionPages.states.ended',
} as const satisfies Record<SubscriptionState, string>;

export function PlanName({ type }: { type: SubscriptionTypeWire }) {
  const { t } = useTranslation();
  return <>{t(planKeys[type])}</>;
}

/** What each period costs, or "free". */
export function PlanPrice({ subscription }: { subscription: SubscriptionDto }) {
  const { t, i18n } = useTranslation();
  if (subscription.subscriptionType === 'free' || subscription.price <= 0) return <>{t('subscriptionPages.free')}</>;
  return <>{formatMoney(subscription.price, i18n.language)}</>;
}

export function StateBadge({ subscription }: { subscription: SubscriptionDto }) {
  const { t } = useTranslation();
  const state = subscriptionState(subscription);
  return (
    <span className="badge" data-state={state}>
      {t(stateKeys[state])}
    </span>
  );
}

/** When it renews, ends or ended, or until when a short balance is retried. */
export function PeriodText({ subscription }: { subscription: SubscriptionDto }) {
  const { t, i18n } = useTranslation();
  const state = subscriptionState(subscription);
  const date = (iso: string | null) => formatDate(iso, i18n.language);
  if (state === 'grace') return <>{t('subscriptionPages.retryingUntil', { date: date(subscription.graceUntil) })}</>;
  if (!subscription.expiredAt || state === 'pending') return <span aria-hidden="true">—</span>;
  if (state === 'ended') return <>{t('subscriptionPages.endedOn', { date: date(subscription.expiredAt) })}</>;
  if (subscription.willRenew) return <>{t('subscriptionPages.renewsOn', { date: date(subscription.expiredAt) })}</>;
  return <>{t('subscriptionPages.endsOn', { date: date(subscription.expiredAt) })}</>;
}
