import { useId } from 'react';
import { Link } from 'react-router';
import type { EarningDto, EarningSource, EarningStats } from '@fandeck/contract';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { DataTable } from '../../components/data-table.js';
import { Figures } from '../../components/figures.js';
import { FilterSelect, ListPager } from '../../components/list-controls.js';
import { PageStatus } from '../../components/page-status.js';
import { PartyName } from '../../components/party.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { useRemoteValue } from '../../components/remote-value.js';
import { formatDate } from '../../format/date.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { ReferralSection } from './referral-section.js';
import { session } from '../../session/session.js';

const sourceKeys = {
  subscription: 'earningPages.sources.subscription',
  tip: 'earningPages.sources.tip',
  feed: 'earningPages.sources.feed',
  video: 'earningPages.sources.video',
  gallery: 'earningPages.sources.gallery',
  product: 'earningPages.sources.product',
  message: 'earningPages.sources.message',
  stream: 'earningPages.sources.stream',
  other: 'earningPages.sources.other',
} as const satisfies Record<EarningSource, string>;
const SOURCES = Object.keys(sourceKeys) as EarningSource[];
const isSource = (value: string | undefined): value is EarningSource => SOURCES.some((source) => source === value);

/**
 * /creator/earnings: what the signed-in creator earned (gross, the platform's share, net,
 * paid out, reserved by a payout request, available), each earning by kind a page at a
 * time, and the referral code with what referrals paid.
 */
export function CreatorEarningsPage() {
  useNamespaces('earningPages');
  const { t } = useTranslation();
  return (
    <section className="card card--wide card--table stack" aria-labelledby="earnings-title" data-testid="earnings">
      <h1 id="earnings-title">{t('earningPages.title')}</h1>
      <EarningTotals />
      <EarningList />
      <ReferralSection />
    </section>
  );
}

function EarningTotals() {
  const { t } = useTranslation();
  const { state, reload } = useRemoteValue(() => session.api.earnings.stats());
  if (state.status === 'loading') return <PageStatus kind="loading" />;
  if (state.status === 'failed') return <PageStatus kind="error" message={state.error.message} onRetry={() => void reload()} />;
  const stats = state.value;
  return (
    <div data-testid="earning-stats">
      <Figures
        figures={[
          { name: 'net', label: t('earningPages.stats.net'), amount: stats.totalNetPrice },
          { name: 'gross', label: t('earningPages.stats.gross'), amount: stats.totalGrossPrice },
          { name: 'commission', label: t('earningPages.stats.commission'), amount: stats.totalSiteCommission },
          { name: 'available', label: t('earningPages.stats.available'), amount: stats.remainingPrice },
          { name: 'pending', label: t('earningPages.stats.pending'), amount: stats.pendingPrice },
          { name: 'paid', label: t('earningPages.stats.paid'), amount: stats.paidPrice },
        ]}
      />
      <p>
        <Link to="/creator/payouts">{t('earningPages.toPayouts')}</Link>
      </p>
    </div>
  );
}

function EarningList() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { query, setPage, setPageSize, setFilters } = useListQuery({ filters: ['type'], pageSize: 10 });
  const type = isSource(query.filters.type) ? query.filters.type : undefined;
  const { state, reload } = useRemoteList((query) => session.api.earnings.search.list(query), { current: query.current, pageSize: query.pageSize, ...(type ? { type } : {}) });
  const money = (amount: number) => formatMoney(amount, i18n.language);

  return (
    <section className="stack" aria-labelledby={`${id}-title`} data-testid="earning-list">
      <h2 id={`${id}-title`}>{t('earningPages.listTitle')}</h2>
      <div className="list-controls">
        <FilterSelect label={t('earningPages.type')} name="type" value={type ?? ''} onChange={(value) => setFilters({ type: value })}>
          <option value="">{t('earningPages.allTypes')}</option>
          {SOURCES.map((source) => (
            <option key={source} value={source}>
              {t(sourceKeys[source])}
            </option>
          ))}
        </FilterSelect>
      </div>
      <RemoteList state={state} empty={type ? t('earningPages.emptyType') : t('earningPages.empty')} onRetry={() => void reload()}>
        {(items) => (
          <DataTable
            caption={t('earningPages.listTitle')}
            columns={[
              { label: t('earningPages.columns.date') },
              { label: t('earningPages.columns.type') },
              { label: t('earningPages.columns.from') },
              { label: t('earningPages.columns.gross'), amount: true },
              { label: t('earningPages.columns.commission'), amount: true },
              { label: t('earningPages.columns.net'), amount: true },
            ]}
          >
            {items.map((earning) => (
              <tr key={earning._id} data-earning={earning._id}>
                <td>{formatDate(earning.createdAt, i18n.language)}</td>
                <td>{t(sourceKeys[earning.type] ?? sourceKeys.other)}</td>
                <td>
                  <PartyName party={earning.userInfo} />
                </td>
                <td className="data-table__amount">{money(earning.grossPrice)}</td>
                <td className="data-table__amount">{money(earning.siteCommission)}</td>
                <td className="data-table__amount">{money(earning.netPrice)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </RemoteList>
      <ListPager state={state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </section>
  );
}
