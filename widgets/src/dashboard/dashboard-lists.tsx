import type { SubscriptionDto } from '@fandeck/contract';
import { formatDate } from '../format/date.js';
import { formatMoney } from '../format/money.js';
import { useTranslation } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import type { DashboardModel } from './dashboard.model.js';
import { LoadCard } from './load-card.js';

/** A subscriber's line: renewing, cancelled with access to a date, waiting for balance, or over. */
function renewal(subscription: SubscriptionDto, now: number): { state: string; key: 'renews' | 'cancelled' | 'grace' | 'activeUntil' | 'ended'; date: string | null } {
  const { graceUntil, expiredAt } = subscription;
  if (subscription.status !== 'active') return { state: 'ended', key: 'ended', date: null };
  if (graceUntil && Date.parse(graceUntil) > now) return { state: 'grace', key: 'grace', date: graceUntil };
  if (!subscription.isActive) return { state: 'ended', key: 'ended', date: null };
  if (subscription.cancelledAt) return { state: 'cancelled', key: 'cancelled', date: expiredAt };
  return subscription.willRenew ? { state: 'renews', key: 'renews', date: expiredAt } : { state: 'active', key: 'activeUntil', date: expiredAt };
}

/** The newest subscribers, with when each renews or ends. */
export function SubscribersList({ flow }: { flow: DashboardModel }) {
  const { t, i18n } = useTranslation();
  const state = useSignalValue(flow.subscribers);
  const now = Date.now();
  return (
    <LoadCard part="subscribers" title={t('dashboard.subscribers.title')} state={state} onRetry={() => void flow.refresh()}>
      {({ items, total }) =>
        items.length === 0 ? (
          <p className="fan-dash__muted" part="empty">
            {t('dashboard.subscribers.empty')}
          </p>
        ) : (
          <>
            <p className="fan-dash__muted" part="subscribers-total">
              {t('dashboard.subscribers.total', { count: total })}
            </p>
            <ul className="fan-dash__list">
              {items.map((subscription) => {
                const line = renewal(subscription, now);
                const fan = subscription.userInfo;
                return (
                  <li key={subscription._id} className="fan-dash__item" part="subscriber" data-state={line.state}>
                    {fan?.avatar ? <img className="fan-dash__avatar" src={fan.avatar} alt="" /> : null}
                    <span className="fan-dash__grow">{fan?.name ?? fan?.username ?? ''}</span>
                    <span className="fan-dash__muted" part="renewal">
                      {t(`dashboard.subscribers.${line.key}`, { date: formatDate(line.date, i18n.language) })}
                    </span>
                  </li>
                );
              })}
            </ul>
          </>
        )
      }
    </LoadCard>
  );
}

/** What earned most: title, kind, earnings and sales. */
export function TopContentList({ flow }: { flow: DashboardModel }) {
  const { t, i18n } = useTranslation();
  const state = useSignalValue(flow.top);
  return (
    <LoadCard part="top-content" title={t('dashboard.top.title')} state={state} onRetry={() => void flow.refresh()}>
      {(items) =>
        items.length === 0 ? (
          <p className="fan-dash__muted" part="empty">
            {t('dashboard.top.empty')}
          </p>
        ) : (
          <ol className="fan-dash__list">
            {items.map((item, index) => (
              <li key={`${item.type}-${item.sourceId ?? index}`} className="fan-dash__item" part="top-item">
                <span className="fan-dash__grow">
                  {item.title ? (
                    <>
                      {item.title}
                      <span className="fan-dash__muted"> · {t(`dashboard.top.type.${item.type}`)}</span>
                    </>
                  ) : (
                    t(`dashboard.top.type.${item.type}`)
                  )}
                </span>
                <span className="fan-dash__muted">{t('dashboard.top.sales', { count: item.count })}</span>
                <strong>{formatMoney(item.netPrice, i18n.language)}</strong>
              </li>
            ))}
          </ol>
        )
      }
    </LoadCard>
  );
}
