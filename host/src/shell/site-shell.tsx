import { Outlet, useLocation } from 'react-router';
import { PageStatus } from '../components/page-status.js';
import { GeoBlockedLayout, MaintenanceLayout } from '../layouts/layouts.js';
import { loginPath } from '../routing/redirects.js';
import { session, useSignalValue } from '../session/session.js';
import { ContentProtection } from './content-protection.js';
import { mainId, SkipLink } from './skip-link.js';
import { usePageViews } from './page-views.js';
import { useSiteBoot } from './use-site-boot.js';
import { useSiteHead } from './use-site-head.js';

/**
 * The root of every route. Waits for the boot data, then picks what covers the
 * whole site: the geo-blocked layout for a blocked country, the maintenance layout
 * while maintenance mode is on (staff, admins and managers, pass, and the sign-in
 * page stays open so they can sign in), otherwise the page's own layout. Content protection and
 * page-view analytics run on every page.
 */
/** Staff keep the whole site during maintenance (CONTEXT.md: staff are managers and admins). */
const isStaff = (user: { role?: string | undefined } | null | undefined) => user?.role === 'admin' || user?.role === 'manager';

export function SiteShell() {
  const boot = useSiteBoot();
  const location = useLocation();
  const settings = useSignalValue(session.settings.values);
  const user = useSignalValue(session.user.current);
  const userStatus = useSignalValue(session.user.status);
  const ready = boot.status === 'ready';
  useSiteHead();
  usePageViews(ready);

  let content;
  if (!ready) {
    content = (
      <main className="layout-splash" id={mainId} tabIndex={-1}>
        <PageStatus kind="loading" />
      </main>
    );
  } else if (boot.geo.blocked) {
    content = <GeoBlockedLayout />;
  } else if (settings?.maintenanceMode === true && !isStaff(user) && location.pathname !== loginPath) {
    content =
      userStatus === 'loading' && !user ? (
        <main className="layout-splash">
          <PageStatus kind="loading" />
        </main>
      ) : (
        <MaintenanceLayout />
      );
  } else {
    content = <Outlet />;
  }

  return (
    <>
      <SkipLink />
      {content}
      <ContentProtection />
    </>
  );
}
