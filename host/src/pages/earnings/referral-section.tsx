import { useId, useRef, useState } from 'react';
import type { ReferralCode, ReferralEarningDto, ReferralEarningStats } from '@fandeck/contract';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { DataTable } from '../../components/data-table.js';
import { Figures } from '../../components/figures.js';
import { ListPager } from '../../components/list-controls.js';
import { PageStatus } from '../../components/page-status.js';
import { PartyName } from '../../components/party.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { useRemoteValue } from '../../components/remote-value.js';
import { formatDate } from '../../format/date.js';
import { session } from '../../session/session.js';

const PAGE_SIZE = 10;

/** Referrals: the code and registration link to share, and the commissions referred people paid. */
export function ReferralSection() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="stack" aria-labelledby={`${id}-title`} data-testid="referrals">
      <h2 id={`${id}-title`}>{t('earningPages.referrals.title')}</h2>
      <p className="muted">{t('earningPages.referrals.intro')}</p>
      <ReferralLink />
      <ReferralEarnings />
    </section>
  );
}

type Copy = 'idle' | 'copied' | 'manual';

function ReferralLink() {
  const { t } = useTranslation();
  const id = useId();
  const { state, reload } = useRemoteValue(() => session.api.referrals.code());
  const [copy, setCopy] = useState<Copy>('idle');
  const field = useRef<HTMLInputElement>(null);

  async function copyLink(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is selected to copy by hand.
      field.current?.select();
      setCopy('manual');
    }
  }

  if (state.status === 'loading') return <PageStatus kind="loading" />;
  if (state.status === 'failed') return <PageStatus kind="error" message={state.error.message} onRetry={() => void reload()} />;
  const { code, link } = state.value;
  return (
    <div className="stack" data-testid="referral-link">
      <p>
        {t('earningPages.referrals.code')} <strong data-testid="referral-code">{code}</strong>
      </p>
      <div className="form__field">
        <label htmlFor={`${id}-link`}>{t('earningPages.referrals.link')}</label>
        <div className="list-controls__group">
          <input ref={field} id={`${id}-link`} readOnly value={link} className="referral__link" onFocus={(event) => event.target.select()} />
          <button type="button" className="button" onClick={() => void copyLink(link)}>
            {t('earningPages.referrals.copy')}
          </button>
        </div>
      </div>
      <p role="status" className={copy === 'manual' ? 'muted' : 'success'}>
        {copy === 'copied' ? t('earningPages.referrals.copied') : copy === 'manual' ? t('earningPages.referrals.copyManually') : ''}
      </p>
    </div>
  );
}

function ReferralEarnings() {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Paged here rather than in the address: the page's address already pages the earnings above.
  const [current, setCurrent] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const stats = useRemoteValue(() => session.api.referralEarnings.stats());
  const { state, reload } = useRemoteList((query) => session.api.referralEarnings.search.list(query), { current, pageSize });

  return (
    <section className="stack" aria-labelledby={`${id}-title`} data-testid="referral-earnings">
      <h3 id={`${id}-title`}>{t('earningPages.referrals.earningsTitle')}</h3>
      {stats.state.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {stats.state.status === 'failed' ? <PageStatus kind="error" message={stats.state.error.message} onRetry={() => void stats.reload()} /> : null}
      {stats.state.status === 'ready' ? (
        <Figures
          figures={[
            { name: 'referral-net', label: t('earningPages.referrals.total'), amount: stats.state.value.totalNetPrice },
            { name: 'referral-count', label: t('earningPages.referrals.count'), amount: stats.state.value.count, plain: true },
          ]}
        />
      ) : null}
      <RemoteList state={state} empty={t('earningPages.referrals.empty')} onRetry={() => void reload()}>
        {(items) => (
          <DataTable
            caption={t('earningPages.referrals.earningsTitle')}
            columns={[{ label: t('earningPages.columns.date') }, { label: t('earningPages.referrals.referred') }, { label: t('earningPages.columns.net'), amount: true }]}
          >
            {items.map((earning) => (
              <tr key={earning._id} data-referral-earning={earning._id}>
                <td>{formatDate(earning.createdAt, i18n.language)}</td>
                <td>
                  <PartyName party={earning.referralInfo} />
                </td>
                <td className="data-table__amount">{formatMoney(earning.netPrice, i18n.language)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </RemoteList>
      <ListPager
        state={state}
        current={current}
        pageSize={pageSize}
        onPage={setCurrent}
        onPageSize={(size) => {
          setPageSize(size);
          setCurrent(1);
        }}
      />
    </section>
  );
}
