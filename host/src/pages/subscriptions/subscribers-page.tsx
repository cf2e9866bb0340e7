import { useId } from 'react';
import type { SubscriptionDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { Pager } from '../../components/list-controls.js';
import { PartyName } from '../../components/party.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { formatDate } from '../../format/date.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { PeriodText, PlanName, StateBadge, subscriptionState } from './subscription-cells.js';

/** `?show=all` lists every subscriber there ever was; without it, those whose subscription holds now. */
type Show = 'active' | 'all';

/**
 * /creator/subscribers: the signed-in creator's subscribers with their plan, since when,
 * and when they renew or end; active ones by default, all on demand, a page at a time.
 */
export function CreatorSubscribersPage() {
  useNamespaces('subscriptionPages');
  const { t, i18n } = useTranslation();
  const id = useId();
  const { query, setPage, setPageSize, setFilters } = useListQuery({ filters: ['show'], pageSize: 10 });
  const show: Show = query.filters.show === 'all' ? 'all' : 'active';
  const { state, reload } = useRemoteList<SubscriptionDto>('/subscriptions/performer/search', {
    current: query.current,
    pageSize: query.pageSize,
    ...(show === 'active' ? { status: 'active' } : {}),
  });

  return (
    <section className="card card--wide card--table stack" aria-labelledby="subscribers-title" data-testid="subscribers">
      <h1 id="subscribers-title">{t('subscriptionPages.subscribersTitle')}</h1>
      <p className="muted">{t('subscriptionPages.subscribersIntro')}</p>
      <div className="list-controls">
        <div className="list-controls__group">
          <label htmlFor={`${id}-show`}>{t('subscriptionPages.show')}</label>
          <select id={`${id}-show`} name="show" value={show} onChange={(event) => setFilters({ show: event.target.value === 'all' ? 'all' : '' })}>
            <option value="active">{t('subscriptionPages.showActive')}</option>
            <option value="all">{t('subscriptionPages.showAll')}</option>
          </select>
        </div>
        {state.status === 'ready' ? (
          <span className="muted" data-testid="subscribers-total">
            {t('subscriptionPages.subscriberCount', { total: state.total })}
          </span>
        ) : null}
      </div>
      <RemoteList state={state} empty={show === 'active' ? t('subscriptionPages.noActiveSubscribers') : t('subscriptionPages.noSubscribers')} onRetry={() => void reload()}>
        {(items) => (
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">{t('subscriptionPages.subscribersCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('subscriptionPages.columns.subscriber')}</th>
                  <th scope="col">{t('subscriptionPages.columns.plan')}</th>
                  <th scope="col">{t('subscriptionPages.columns.since')}</th>
                  <th scope="col">{t('subscriptionPages.columns.status')}</th>
                  <th scope="col">{t('subscriptionPages.columns.period')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((subscription) => (
                  <tr key={subscription._id} data-subscription={subscription._id} data-state={subscriptionState(subscription)}>
                    <th scope="row">
                      <PartyName party={subscription.userInfo} />
                    </th>
                    <td>
                      <PlanName type={subscription.subscriptionType} />
                    </td>
                    <td>{formatDate(subscription.startedAt ?? subscription.createdAt, i18n.language)}</td>
                    <td>
                      <StateBadge subscription={subscription} />
                    </td>
                    <td>
                      <PeriodText subscription={subscription} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </RemoteList>
      {state.status === 'ready' && (state.total > query.pageSize || query.current > 1) ? (
        <Pager current={query.current} pageSize={query.pageSize} total={state.total} pageSizes={[10, 25, 50]} onPage={setPage} onPageSize={setPageSize} />
      ) : null}
    </section>
  );
}
