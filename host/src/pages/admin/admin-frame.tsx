import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { isStaffRole } from '@fandeck/contract';
import { useNamespaces, useTranslation, type Namespace } from '@fandeck/widgets/i18n';
import { PageLoading } from '../../components/page-status.js';
import { session, useSignalValue } from '../../session/session.js';
import { mayUse, type AdminScreen } from './admin-screen.js';
import { adminScreens } from './admin-screens.js';
import { useScreenText } from './use-screen-label.js';

const namespaces = [...new Set(['admin', ...adminScreens.map((screen) => screen.labelKey.split('.')[0])])] as Namespace[];

/** The screens this user may use, in the registry's order. */
export function useMyScreens(): readonly AdminScreen[] {
  const user = useSignalValue(session.user.current);
  return adminScreens.filter((screen) => mayUse(user, screen.permission));
}

function ScreenLinks({ screens }: { screens: readonly AdminScreen[] }) {
  const { t } = useTranslation();
  const text = useScreenText();
  return (
    <ul className="admin-nav__list">
      <li>
        <NavLink to="/admin" end>
          {t('admin.home')}
        </NavLink>
      </li>
      {screens.map((screen) => (
        <li key={screen.path}>
          <NavLink to={screen.path}>{text(screen.labelKey)}</NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The back office around each of its pages: the screens the staff member may use, as a side
 * nav on a laptop and a drawer that opens over the page on a phone (closed again after each
 * navigation). Anyone else sees only the page's gate answer.
 */
export function AdminFrame({ children }: { children: ReactNode }) {
  useNamespaces(...namespaces);
  const { t } = useTranslation();
  const user = useSignalValue(session.user.current);
  const screens = useMyScreens();
  const drawer = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (drawer.current) drawer.current.open = false;
  }, [pathname]);

  if (!user || !isStaffRole(user.role)) return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
  return (
    <div className="admin-frame">
      <details className="admin-drawer" ref={drawer}>
        <summary className="button">{t('admin.menu')}</summary>
        <nav aria-label={t('admin.nav')} className="admin-nav">
          <ScreenLinks screens={screens} />
        </nav>
      </details>
      <nav aria-label={t('admin.nav')} className="admin-nav admin-nav--side">
        <ScreenLinks screens={screens} />
      </nav>
      <div className="admin-frame__page">
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </div>
    </div>
  );
}
