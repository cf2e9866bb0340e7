import { useState } from 'react';
import { Link } from 'react-router';
import type { ErrorCode, SubscriptionDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { createPayKeys, isDeclined, runPay } from '@fandeck/widgets/session';
import { DataTable } from '../../components/data-table.js';
import { ListPager } from '../../components/list-controls.js';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { partyName, PartyName } from '../../components/party.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { formatDate } from '../../format/date.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session } from '../../session/session.js';
import { PeriodText, PlanName, PlanPrice, StateBadge, subscriptionState } from './subscription-cells.js';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';

/** Cancelling from the host site stops a wallet-paid renewal (`subscriptions.cancel`, provider `wallet`). */
const CANCEL_PROVIDER = 'wallet';

/**
 * Resuming turns renewal charges back on: the `resume` money action, which the fan confirms at
 * the renewal's price. One Idempotency-Key holder per subscription, so a retry is the same resume.
 */
const resumeKeys = new Map<string, ReturnType<typeof createPayKeys>>();
function resume(id: string) {
  let keys = resumeKeys.get(id);
  if (!keys) resumeKeys.set(id, (keys = createPayKeys()));
  return runPay<unknown>(session.transport, keys, { action: 'resume', params: { id }, body: {} });
}

/** The texts of refusals this page can explain better than the generic one. */
const refusalKeys: Partial<Record<ErrorCode, 'subscriptionPages.alreadyCancelled' | 'subscriptionPages.notCancelled' | 'subscriptionPages.notFound'>> = {
  'subscriptions.already_cancelled': 'subscriptionPages.alreadyCancelled',
  'subscriptions.not_cancelled': 'subscriptionPages.notCancelled',
  'subscriptions.not_found': 'subscriptionPages.notFound',
};

/**
 * /user/subscriptions: the creators the signed-in user subscribes to, with plan, price,
 * state and renewal; a renewing subscription can be cancelled (after a confirmation; access
 * lasts to the end of the period) and a cancelled one resumed while it still runs.
 */
export function UserSubscriptionsPage() {
  useNamespaces('subscriptionPages');
  const { t, i18n } = useTranslation();
  const { query, setPage, setPageSize } = useListQuery({ pageSize: 10 });
  const { state, reload } = useRemoteList((search) => session.api.subscriptions.userSearch.list(search), { current: query.current, pageSize: query.pageSize });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const nameOf = (subscription: SubscriptionDto) => partyName(subscription.performerInfo) || t('subscriptionPages.thisCreator');
  const endOf = (subscription: SubscriptionDto) => formatDate(subscription.expiredAt, i18n.language);

  async function act(subscription: SubscriptionDto, action: 'cancel' | 'resume') {
    if (busy) return;
    if (action === 'cancel' && !(await askConfirm(t('subscriptionPages.confirmCancel', { name: nameOf(subscription), date: endOf(subscription) })))) return;
    setBusy(subscription._id);
    setNotice(null);
    const outcome =
      action === 'cancel'
        ? await session.api.subscriptions.cancel({ provider: CANCEL_PROVIDER, id: subscription._id }, {})
        : await resume(subscription._id);
    if (!outcome.ok && isDeclined(outcome.error)) {
      // The fan said no to the resume's confirm: nothing changed.
      setBusy(null);
      return;
    }
    if (outcome.ok) {
      const text = action === 'cancel' ? 'subscriptionPages.cancelled' : 'subscriptionPages.resumed';
      setNotice({ kind: 'done', text: t(text, { name: nameOf(subscription), date: endOf(subscription) }) });
    } else {
      const key = outcome.error.code ? refusalKeys[outcome.error.code] : undefined;
      setNotice({ kind: 'failed', text: key ? t(key) : outcome.error.message });
    }
    // Read again either way: a refusal usually means the list on screen is out of date.
    await reload();
    setBusy(null);
  }

  return (
    <section className="card card--wide card--table stack" aria-labelledby="my-subscriptions-title" data-testid="my-subscriptions">
      <h1 id="my-subscriptions-title">{t('subscriptionPages.title')}</h1>
      <p className="muted">{t('subscriptionPages.intro')}</p>
      <NoticeLine notice={notice} />
      <RemoteList state={state} empty={t('subscriptionPages.empty')} onRetry={() => void reload()}>
        {(items) => (
          <DataTable
            caption={t('subscriptionPages.caption')}
            columns={[
              { label: t('subscriptionPages.columns.creator') },
              { label: t('subscriptionPages.columns.plan') },
              { label: t('subscriptionPages.columns.price') },
              { label: t('subscriptionPages.columns.status') },
              { label: t('subscriptionPages.columns.period') },
              { label: t('subscriptionPages.columns.actions') },
            ]}
          >
            {items.map((subscription) => {
              const current = subscriptionState(subscription);
              const name = nameOf(subscription);
              return (
                <tr key={subscription._id} data-subscription={subscription._id} data-state={current}>
                  <th scope="row">
                    <PartyName party={subscription.performerInfo} link />
                  </th>
                  <td>
                    <PlanName type={subscription.subscriptionType} />
                  </td>
                  <td>
                    <PlanPrice subscription={subscription} />
                  </td>
                  <td>
                    <StateBadge subscription={subscription} />
                  </td>
                  <td>
                    <PeriodText subscription={subscription} />
                  </td>
                  <td>
                    {(current === 'active' || current === 'grace') && !subscription.cancelledAt ? (
                      <button
                        type="button"
                        className="button"
                        disabled={busy !== null}
                        aria-label={t('subscriptionPages.cancelFor', { name })}
                        onClick={() => void act(subscription, 'cancel')}
                      >
                        {t('subscriptionPages.cancel')}
                      </button>
                    ) : null}
                    {current === 'cancelled' ? (
                      <button
                        type="button"
                        className="button button--primary"
                        disabled={busy !== null}
                        aria-label={t('subscriptionPages.resumeFor', { name })}
                        onClick={() => void act(subscription, 'resume')}
                      >
                        {t('subscriptionPages.resume')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </RemoteList>
      {state.status === 'ready' && state.items.length === 0 ? (
        <p>
          <Link to="/creators" className="button">
            {t('subscriptionPages.browse')}
          </Link>
        </p>
      ) : null}
      <ListPager state={state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </section>
  );
}
