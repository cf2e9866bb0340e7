import type { SubscriptionDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { DataTable } from '../../components/data-table.js';
import { FilterSelect, ListPager } from '../../components/list-controls.js';
import { PartyName } from '../../components/party.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { formatDate } from '../../format/date.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { PeriodText, PlanName, StateBadge, subscriptionState } from './subscription-cells.js';
import { session } from '../../session/session.js';

/** `?show=all` lists every subscriber there ever was; without it, those whose subscription holds now. */
type Show = 'active' | 'all';

/**
 * /creator/subscribers: the signed-in creator's subscribers with their plan, since when,
 * and when they renew or end; active ones by default, all on demand, a page at a time.
 */
export function CreatorSubscribersPage() {
  useNamespaces('subscriptionPages');
  const { t, i18n } = useTranslation();
  const { query, setPage, setPageSize, setFilters } = useListQuery({ filters: ['show'], pageSize: 10 });
  const show: Show = query.filters.show === 'all' ? 'all' : 'active';
  const { state, reload } = useRemoteList((search) => session.api.subscriptions.performerSearch.list(search), {
    current: query.current,
    pageSize: query.pageSize,
    ...(show === 'active' ? { status: 'active' } : {}),
  });

  return (
    <section className="card card--wide card--table stack" aria-labelledby="subscribers-title" data-testid="subscribers">
      <h1 id="subscribers-title">{t('subscriptionPages.subscribersTitle')}</h1>
      <p className="muted">{t('subscriptionPages.subscribersIntro')}</p>
      <div className="list-controls">
        <FilterSelect label={t('subscriptionPages.show')} name="show" value={show} onChange={(value) => setFilters({ show: value === 'all' ? 'all' : '' })}>
          <option value="active">{t('subscriptionPages.showActive')}</option>
          <option value="all">{t('subscriptionPages.showAll')}</option>
        </FilterSelect>
        {state.status === 'ready' ? (
          <span className="muted" data-testid="subscribers-total">
            {t('subscriptionPages.subscriberCount', { total: state.total })}
          </span>
        ) : null}
      </div>
      <RemoteList state={state} empty={show === 'active' ? t('subscriptionPages.noActiveSubscribers') : t('subscriptionPages.noSubscribers')} onRetry={() => void reload()}>
        {(items) => (
          <DataTable
            caption={t('subscriptionPages.subscribersCaption')}
            columns={[
              { label: t('subscriptionPages.columns.subscriber') },
              { label: t('subscriptionPages.columns.plan') },
              { label: t('subscriptionPages.columns.since') },
              { label: t('subscriptionPages.columns.status') },
              { label: t('subscriptionPages.columns.period') },
            ]}
          >
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
          </DataTable>
        )}
      </RemoteList>
      <ListPager state={state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </section>
  );
}
