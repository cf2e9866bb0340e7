import { useId } from 'react';
import type { PayoutCalculation, PayoutRequestDto } from '@fandeck/contract';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { DataTable } from '../../components/data-table.js';
import { Figures } from '../../components/figures.js';
import { ListPager } from '../../components/list-controls.js';
import { PageStatus } from '../../components/page-status.js';
import { RemoteList, useRemoteList, type Loaded } from '../../components/remote-list.js';
import { useRemoteValue } from '../../components/remote-value.js';
import { formatDate } from '../../format/date.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session, useSignalValue } from '../../session/session.js';
import { isOpenStatus, PayoutStatusBadge, usePayoutLabels } from './payout-parts.js';
import { PayoutRequestForm } from './payout-request-form.js';

/** Settings default (contract section 5), used until the settings and the calculation load. */
const DEFAULT_MINIMUM = 50;

/**
 * /creator/payouts: what the signed-in creator may withdraw, has waiting and was paid;
 * the request form (closed while a request is open, the minimum from the settings); their
 * requests a page at a time; and the way to the payout settings on /creator/account.
 */
export function CreatorPayoutsPage() {
  useNamespaces('payoutPages', 'ui');
  const { t } = useTranslation();
  const settings = useSignalValue(session.settings.values);
  const calculation = useRemoteValue(() => session.api.payouts.calculate({}));
  const pendingReview = useRemoteValue(() => session.api.payouts.pendingReview());
  const { query, setPage, setPageSize } = useListQuery({ pageSize: 10 });
  const requests = useRemoteList((query) => session.api.payouts.userSearch.list(query), { current: query.current, pageSize: query.pageSize });

  const setting = settings?.minimumPayoutAmount;
  const calc = calculation.state.status === 'ready' ? calculation.state.value : null;
  const minimum = typeof setting === 'number' && setting > 0 ? setting : (calc?.minimumPayout ?? DEFAULT_MINIMUM);
  const open =
    (pendingReview.state.status === 'ready' && pendingReview.state.value?.pending) ||
    (requests.state.status === 'ready' && requests.state.items.some((request) => isOpenStatus(request.status)));

  function refresh() {
    void calculation.reload();
    void pendingReview.reload();
    void requests.reload();
  }

  return (
    <section className="card card--wide card--table stack" aria-labelledby="payouts-title" data-testid="payouts">
      <h1 id="payouts-title">{t('payoutPages.title')}</h1>
      {calculation.state.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {calculation.state.status === 'failed' ? <PageStatus kind="error" message={calculation.state.error.message} onRetry={() => void calculation.reload()} /> : null}
      {calc ? (
        <div data-testid="payout-balance">
          <Figures
            figures={[
              { name: 'available', label: t('payoutPages.balance.available'), amount: calc.availableAmount },
              { name: 'pending', label: t('payoutPages.balance.pending'), amount: calc.pendingAmount },
              { name: 'paid', label: t('payoutPages.balance.paid'), amount: calc.paidAmount },
            ]}
          />
        </div>
      ) : null}
      {calc && pendingReview.state.status !== 'loading' ? <PayoutRequestForm available={calc.availableAmount} minimum={minimum} open={open} onChanged={refresh} /> : null}
      <MyRequests state={requests.state} onRetry={() => void requests.reload()} />
      <ListPager state={requests.state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </section>
  );
}

function MyRequests({ state, onRetry }: { state: Loaded<PayoutRequestDto>; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const labels = usePayoutLabels();
  return (
    <section className="stack" aria-labelledby={`${id}-title`} data-testid="payout-requests">
      <h2 id={`${id}-title`}>{t('payoutPages.mine.title')}</h2>
      <RemoteList state={state} empty={t('payoutPages.mine.empty')} onRetry={onRetry}>
        {(items) => (
          <DataTable
            caption={t('payoutPages.mine.title')}
            columns={[
              { label: t('payoutPages.columns.date') },
              { label: t('payoutPages.columns.amount'), amount: true },
              { label: t('payoutPages.columns.method') },
              { label: t('payoutPages.columns.status') },
              { label: t('payoutPages.columns.staffNote') },
            ]}
          >
            {items.map((request) => (
              <tr key={request._id} data-payout={request._id} data-status={request.status}>
                <td>{formatDate(request.createdAt, i18n.language)}</td>
                <td className="data-table__amount">{formatMoney(request.requestAmount, i18n.language)}</td>
                <td>{labels.method(request.paymentAccountType)}</td>
                <td>
                  <PayoutStatusBadge status={request.status} />
                </td>
                <td>{request.adminNote || <span aria-hidden="true">—</span>}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </RemoteList>
    </section>
  );
}
