import { Suspense } from 'react';
import { useParams } from 'react-router';
import { FanCreatorDashboard } from '@fandeck/widgets/dashboard/fan-creator-dashboard';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import '@fandeck/widgets/kit/base.css';
import '@fandeck/widgets/ui/form-controls.css';
import '@fandeck/widgets/dashboard/fan-creator-dashboard.css';
import { PageStatus } from '../components/page-status.js';
import { session, useSignalValue } from '../session/session.js';

/**
 * /creator/dashboard: the signed-in creator's `<fan-creator-dashboard>` view (totals, earnings
 * over time, subscribers, what earned most, the payout request), so the site shows exactly
 * what the creator's own sites embed.
 */
export function CreatorDashboardPage() {
  return <DashboardFrame creator={undefined} />;
}

/**
 * /admin/creators/:id/dashboard: the same view for staff, read-only, for the creator named
 * by id or username (the server lets staff holding `earning.all` read them).
 */
export function StaffCreatorDashboardPage() {
  const { id } = useParams();
  return <DashboardFrame creator={id} />;
}

function DashboardFrame({ creator }: { creator: string | undefined }) {
  const { t } = useTranslation();
  const theme = useSignalValue(session.theme.current);
  return (
    <section className="creator-dashboard" data-testid="creator-dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="page-title">
        {t('site.dashboard')}
      </h1>
      <div className="fan-root" data-theme={theme}>
        <Suspense fallback={<PageStatus kind="loading" />}>
          <DashboardView creator={creator} />
        </Suspense>
      </div>
    </section>
  );
}

function DashboardView({ creator }: { creator: string | undefined }) {
  // The element loads its texts before it renders; here the view waits for them itself.
  useNamespaces('dashboard');
  return <FanCreatorDashboard creator={creator} />;
}
