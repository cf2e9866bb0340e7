import type { EarningStats } from '@fandeck/contract';
import { formatMoney } from '../format/money.js';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, SignInPrompt, useErrorText, useModel } from '../ui/index.js';
import { SubscribersList, TopContentList } from './dashboard-lists.js';
import type { FanPayoutRequestedDetail } from './dashboard-events.js';
import { DashboardModel } from './dashboard.model.js';
import { EarningsChart } from './earnings-chart.js';
import { LoadCard } from './load-card.js';
import { PayoutPanel } from './payout-panel.js';

export interface FanCreatorDashboardProps {
  /** The creator requested a payout here. */
  onPayoutRequested?: ((detail: FanPayoutRequestedDetail) => void) | undefined;
}

/** The totals shown, in order: each one's field and its label's key. */
const figures: readonly [keyof EarningStats, 'net' | 'available' | 'pending' | 'paid' | 'gross' | 'commission'][] = [
  ['totalNetPrice', 'net'],
  ['remainingPrice', 'available'],
  ['pendingPrice', 'pending'],
  ['paidPrice', 'paid'],
  ['totalGrossPrice', 'gross'],
  ['totalSiteCommission', 'commission'],
];

/**
 * The signed-in creator's dashboard: earnings totals, earnings over time, the newest
 * subscribers with their renewals, what earned most, and the payout balance with the
 * request form, all kept current live. Signed out it offers the sign-in; a fan's account
 * gets a plain sentence, not errors. The data is a DashboardModel.
 */
export function FanCreatorDashboard({ onPayoutRequested }: FanCreatorDashboardProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const flow = useModel(() => new DashboardModel(session));
  const access = useSignalValue(flow.access);
  const stats = useSignalValue(flow.stats);
  const errorText = useErrorText();
  // On a site the creator has not listed (or a page the bridge refuses) every section would
  // fail the same way: say it once.
  const refused = stats.status === 'failed' && (stats.error.code === 'embeds.origin_not_owned' || stats.error.code === 'bridge.route_not_allowed');

  return (
    <div className="fan-dash" part="dashboard" data-state={access}>
      <h2 className="fan-dash__title" part="heading">
        {t('dashboard.title')}
      </h2>
      {access === 'signed-out' ? (
        <SignInPrompt text={t('dashboard.signInPrompt')} />
      ) : access === 'loading' ? (
        <p className="fan-dash__muted" part="loading" aria-busy="true">
          {t('dashboard.loading')}
        </p>
      ) : access === 'fan' ? (
        <p className="fan-notice" part="not-creator" role="status">
          {t('dashboard.notCreator')}
        </p>
      ) : refused ? (
        <FormError>{errorText(stats.error)}</FormError>
      ) : (
        <>
          <LoadCard part="stats" title={t('dashboard.stats.title')} state={stats} onRetry={() => void flow.refresh()}>
            {(value) => (
              <dl className="fan-dash__stats">
                {figures.map(([field, key]) => (
                  <div key={key} className="fan-dash__stat" part="stat" data-stat={key}>
                    <dt className="fan-dash__muted">{t(`dashboard.stats.${key}`)}</dt>
                    <dd>{formatMoney(value[field], i18n.language)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </LoadCard>
          <EarningsChart flow={flow} />
          <div className="fan-dash__columns">
            <SubscribersList flow={flow} />
            <TopContentList flow={flow} />
          </div>
          <PayoutPanel flow={flow} onPayoutRequested={onPayoutRequested} />
        </>
      )}
    </div>
  );
}
