import { useEffect } from 'react';
import type { EarningStats } from '@fandeck/contract';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, SignInPrompt, useErrorText, useModel } from '../ui/index.js';
import { SubscribersList, TopContentList } from './dashboard-lists.js';
import type { FanPayoutRequestedDetail } from './dashboard-events.js';
import { DashboardModel } from './dashboard.model.js';
import { EarningsChart } from './earnings-chart.js';
import { LoadCard } from './load-card.js';
import { PayoutPanel, ReadOnlyPayout } from './payout-panel.js';
import { StatList, type StatKey } from './stat-list.js';

export interface FanCreatorDashboardProps {
  /** Staff only: the creator whose dashboard to read (id or username). A creator always sees their own. */
  creator?: string | undefined;
  /** The creator requested a payout here. */
  onPayoutRequested?: ((detail: FanPayoutRequestedDetail) => void) | undefined;
}

/** The totals shown, in order: each one's field and its label's key. */
const figures: readonly [keyof EarningStats, StatKey][] = [
  ['totalNetPrice', 'net'],
  ['remainingPrice', 'available'],
  ['pendingPrice', 'pending'],
  ['paidPrice', 'paid'],
  ['totalGrossPrice', 'gross'],
  ['totalSiteCommission', 'commission'],
];

/** Refusals that would fail every section the same way, so the view says them once. */
const REFUSALS = new Set(['embeds.origin_not_owned', 'bridge.route_not_allowed', 'auth.permission_denied']);

/**
 * The signed-in creator's dashboard: earnings totals, earnings over time, the newest
 * subscribers with their renewals, what earned most, and the payout balance with the
 * request form, all kept current live. Staff read the creator they name with `creator`,
 * without the form. Signed out it offers the sign-in; a fan's account gets a plain
 * sentence, not errors. The data is a DashboardModel.
 */
export function FanCreatorDashboard({ creator, onPayoutRequested }: FanCreatorDashboardProps) {
  const { t } = useTranslation();
  const session = useSession();
  const flow = useModel(() => new DashboardModel(session, creator));
  useEffect(() => flow.setCreator(creator), [flow, creator]);
  const access = useSignalValue(flow.access);
  const subject = useSignalValue(flow.subject);
  const stats = useSignalValue(flow.stats);
  const errorText = useErrorText();
  // On a site the creator has not listed, a page the bridge refuses, or staff without the
  // permission, every section would fail the same way: say it once.
  const refused = stats.status === 'failed' && REFUSALS.has(stats.error.code ?? '') ? stats.error : null;
  const readOnly = access === 'staff';

  return (
    <div className="fan-dash" part="dashboard" data-state={access}>
      <h2 className="fan-dash__title" part="heading">
        {readOnly && subject?.status === 'ready' ? t('dashboard.staff.title', { name: subject.value.name }) : t('dashboard.title')}
      </h2>
      {access === 'signed-out' ? (
        <SignInPrompt text={t('dashboard.signInPrompt')} />
      ) : access === 'loading' || (readOnly && subject?.status !== 'failed' && subject?.status !== 'ready') ? (
        <p className="fan-dash__muted" part="loading" aria-busy="true">
          {t('dashboard.loading')}
        </p>
      ) : access === 'fan' ? (
        <p className="fan-notice" part="not-creator" role="status">
          {t('dashboard.notCreator')}
        </p>
      ) : access === 'choose' ? (
        <p className="fan-notice" part="choose-creator" role="status">
          {t('dashboard.staff.choose')}
        </p>
      ) : subject?.status === 'failed' ? (
        <FormError>{errorText(subject.error)}</FormError>
      ) : refused ? (
        <FormError problem={refused.code === 'auth.permission_denied' ? 'no-permission' : undefined}>
          {refused.code === 'auth.permission_denied' ? t('dashboard.staff.noPermission') : errorText(refused)}
        </FormError>
      ) : (
        <>
          <LoadCard part="stats" title={t('dashboard.stats.title')} state={stats} onRetry={() => void flow.refresh()}>
            {(value) => <StatList stats={value} figures={figures} part="stat" />}
          </LoadCard>
          <EarningsChart flow={flow} />
          <div className="fan-dash__columns">
            <SubscribersList flow={flow} />
            <TopContentList flow={flow} />
          </div>
          {readOnly ? <ReadOnlyPayout flow={flow} /> : <PayoutPanel flow={flow} onPayoutRequested={onPayoutRequested} />}
        </>
      )}
    </div>
  );
}
