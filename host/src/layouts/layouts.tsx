/**
 * The five layouts of spec section 2. Each renders its page through <Outlet />;
 * maintenance and geo-blocked also stand alone, in place of the whole site.
 */

import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { BrandLogo, ThemeToggle } from '../components/site-controls.js';
import type { LayoutName } from '../routing/route-table.js';
import { loginPath } from '../routing/redirects.js';
import { session, useSignalValue } from '../session/session.js';
import { AccountMenuDialog, useAccountMenu } from '../shell/account-menu.js';
import { mainId } from '../shell/skip-link.js';
import { SideNav, SiteFooter, SiteHeader, TabBar } from './site-chrome.js';

/** Nothing around the page: sign-in and other full-screen flows. */
export function BlankLayout() {
  return (
    <main className="layout-blank" data-layout="blank" id={mainId} tabIndex={-1}>
      <Outlet />
    </main>
  );
}

/**
 * The header, the page and the footer; for a signed-in user also the grouped side
 * navigation (laptops), the tab bar (phones) and the account menu. `public` pages are
 * wider than `primary` ones.
 */
function SiteFrame({ layout }: { layout: 'primary' | 'public' }) {
  const user = useSignalValue(session.user.current);
  const menu = useAccountMenu();
  return (
    <div className={`layout-${layout} site-frame`} data-layout={layout} data-signed-in={user ? 'true' : 'false'}>
      <SiteHeader user={user} menu={menu} />
      <div className="site-frame__body">
        {user ? <SideNav user={user} /> : null}
        <main className={`layout-${layout}__main`} id={mainId} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <SiteFooter user={user} />
      <TabBar user={user} menu={menu} />
      {user ? <AccountMenuDialog user={user} menu={menu} /> : null}
    </div>
  );
}

/** The default layout: site header above the page, footer below. */
export function PrimaryLayout() {
  return <SiteFrame layout="primary" />;
}

/** Pages open to visitors (discovery, listings): the header over a wider page. */
export function PublicLayout() {
  return <SiteFrame layout="public" />;
}

interface NoticeLayoutProps {
  layout: 'maintenance' | 'geo-blocked';
  title: string;
  body: string;
  /** Render the matched page under the notice (when a page picks this layout itself). */
  withOutlet: boolean;
  /** A picture above the title. */
  icon?: ReactNode;
  /** Under the text: what a reader may do. */
  footer?: ReactNode;
}

/** A whole-site notice in place of the site. */
function NoticeLayout({ layout, title, body, withOutlet, icon, footer }: NoticeLayoutProps) {
  return (
    <main className="layout-notice" data-layout={layout} id={mainId} tabIndex={-1}>
      <div className="layout-notice__card">
        <BrandLogo to="/" />
        {icon ? <div className="layout-notice__icon">{icon}</div> : null}
        <h1>{title}</h1>
        <p className="muted">{body}</p>
        {footer ? <p className="layout-notice__footer">{footer}</p> : null}
        {withOutlet ? <Outlet /> : null}
      </div>
      <div className="layout-notice__tools">
        <ThemeToggle />
      </div>
    </main>
  );
}

/** Every page while the maintenance-mode setting is on (admins excepted). */
export function MaintenanceLayout({ withOutlet = false }: { withOutlet?: boolean }) {
  const { t } = useTranslation();
  return (
    <NoticeLayout
      layout="maintenance"
      title={t('site.maintenanceTitle')}
      body={t('site.maintenanceBody')}
      withOutlet={withOutlet}
      icon={<MaintenanceIcon />}
      footer={<Link to={loginPath}>{t('site.maintenanceStaff')}</Link>}
    />
  );
}

/** A wrench over a gear ring: the maintenance page's picture. */
function MaintenanceIcon() {
  return (
    <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="44" fill="none" stroke="currentColor" strokeWidth="4" strokeDasharray="10 8" opacity="0.45" />
      <path
        d="M62 22a14 14 0 0 0-15.6 18.4L24 62.8a5 5 0 0 0 7.1 7.1l22.4-22.4A14 14 0 0 0 72 32l-8.5 8.5-6.4-1.6-1.6-6.4L64 24a14 14 0 0 0-2-2z"
        fill="currentColor"
      />
    </svg>
  );
}

/** Every page, for visitors from a country the admin blocked. */
export function GeoBlockedLayout({ withOutlet = false }: { withOutlet?: boolean }) {
  const { t } = useTranslation();
  return <NoticeLayout layout="geo-blocked" title={t('site.geoBlockedTitle')} body={t('site.geoBlockedBody')} withOutlet={withOutlet} />;
}

/** The layout element a group of pages sits in. */
export function LayoutFor({ layout }: { layout: LayoutName }) {
  switch (layout) {
    case 'blank':
      return <BlankLayout />;
    case 'public':
      return <PublicLayout />;
    case 'maintenance':
      return <MaintenanceLayout withOutlet />;
    case 'geo-blocked':
      return <GeoBlockedLayout withOutlet />;
    case 'primary':
      return <PrimaryLayout />;
  }
}
