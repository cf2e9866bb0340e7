import { Link, NavLink } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { BrandLogo, LocalePicker, ThemeToggle } from '../components/site-controls.js';
import { homePathFor, loginPath, fanRegisterPath } from '../routing/redirects.js';
import { session, useSignalValue, type CurrentUser } from '../session/session.js';
import { AccountButton, type AccountMenuControl } from '../shell/account-menu.js';
import { NavIcon } from '../shell/nav-icon.js';
import { mainPlaces, placeGroups, type NavPlace } from '../shell/nav-places.js';
import { NotificationBellSlot } from '../shell/notification-bell-slot.js';

export { displayName } from '../shell/account-menu.js';

const visitorPlaces: readonly NavPlace[] = [
  { path: '/discover', label: 'discover', icon: 'discover' },
  { path: '/creators', label: 'creators', icon: 'creators' },
  { path: '/live', label: 'liveNow', icon: 'live', tabLabel: 'live' },
];

/**
 * The site header, one line at most 64 px tall: the logo, and for a visitor the places
 * open to them with sign in and sign up; for a signed-in user the bell and the account
 * button (laptops; phones reach the account from the tab bar).
 */
export function SiteHeader({ user, menu }: { user: CurrentUser | null; menu: AccountMenuControl }) {
  const { t } = useTranslation();
  const menus = useSignalValue(session.ui.menus).filter((entry) => entry.section === 'header');
  return (
    <header className="site-header">
      <BrandLogo to={user ? homePathFor(user) : '/'} />
      {user ? null : (
        <nav className="site-header__nav" aria-label={t('site.mainNav')}>
          {visitorPlaces.map((place) => (
            <NavLink key={place.path} to={place.path}>
              {t(`site.${place.label}`)}
            </NavLink>
          ))}
          {menus.map((entry) => (
            <MenuLink key={`${entry.path}|${entry.title}`} path={entry.path} title={entry.title} />
          ))}
        </nav>
      )}
      <div className="site-header__tools">
        {user ? (
          <>
            <span className="site-header__bell">
              <NotificationBellSlot />
            </span>
            <AccountButton user={user} menu={menu} variant="header" />
          </>
        ) : (
          <>
            <Link to={loginPath} className="button button--ghost">
              {t('site.signIn')}
            </Link>
            <Link to={fanRegisterPath} className="button button--primary">
              {t('site.signUp')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}

/** Laptops: every place of the signed-in user's role, grouped, beside the page. */
export function SideNav({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const menus = useSignalValue(session.ui.menus).filter((entry) => entry.section === 'header');
  return (
    <nav className="side-nav" aria-label={t('site.mainNav')}>
      {placeGroups(user).map((group) => (
        <div key={group.title} className="side-nav__group" role="group" aria-labelledby={`side-nav-${group.title}`}>
          <p className="side-nav__title" id={`side-nav-${group.title}`}>
            {t(`site.${group.title}`)}
          </p>
          {group.places.map((place) => (
            <NavLink key={place.path} to={place.path}>
              {place.icon ? <NavIcon name={place.icon} /> : null}
              <span>{t(`site.${place.label}`)}</span>
            </NavLink>
          ))}
        </div>
      ))}
      {menus.length > 0 ? (
        <div className="side-nav__group">
          {menus.map((entry) => (
            <MenuLink key={`${entry.path}|${entry.title}`} path={entry.path} title={entry.title} />
          ))}
        </div>
      ) : null}
    </nav>
  );
}

/** Phones: the role's main places along the bottom, the account menu last; a visitor's places and sign in. */
export function TabBar({ user, menu }: { user: CurrentUser | null; menu: AccountMenuControl }) {
  const { t } = useTranslation();
  const places: readonly NavPlace[] = user ? mainPlaces(user) : [{ path: '/', label: 'home', icon: 'home' }, ...visitorPlaces];
  return (
    <nav className="tab-bar" aria-label={t('site.tabNav')} data-testid="tab-bar">
      {places.map((place) => (
        <NavLink key={place.path} to={place.path} className="tab-bar__item" end>
          {place.icon ? <NavIcon name={place.icon} /> : null}
          <span className="tab-bar__label">{t(`site.${place.tabLabel ?? place.label}`)}</span>
        </NavLink>
      ))}
      {user ? (
        <AccountButton user={user} menu={menu} variant="tab" />
      ) : (
        <NavLink to={loginPath} className="tab-bar__item">
          <NavIcon name="account" />
          <span className="tab-bar__label">{t('site.signIn')}</span>
        </NavLink>
      )}
    </nav>
  );
}

/** A settings menu entry: in-app paths through the router, anything else as a plain link. */
export function MenuLink({ path, title }: { path: string; title: string }) {
  if (path.startsWith('/') && !path.startsWith('//')) return <Link to={path}>{title}</Link>;
  const external = /^https?:\/\//i.test(path);
  return (
    <a href={external ? path : undefined} target="_blank" rel="noopener noreferrer">
      {title}
    </a>
  );
}

/** Footer: the settings' footer menus, the site name, and a visitor's language and theme. */
export function SiteFooter({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation();
  const siteName = useSignalValue(session.ui.siteName);
  const menus = useSignalValue(session.ui.menus).filter((menu) => menu.section === 'footer');
  return (
    <footer className="site-footer">
      {menus.length > 0 ? (
        <nav aria-label={t('site.footerNav')} className="site-footer__nav">
          {menus.map((menu) => (
            <MenuLink key={`${menu.path}|${menu.title}`} path={menu.path} title={menu.title} />
          ))}
        </nav>
      ) : null}
      {user ? null : (
        <div className="site-footer__prefs">
          <LocalePicker />
          <ThemeToggle />
        </div>
      )}
      <p className="muted">{t('site.copyright', { year: new Date().getFullYear(), siteName })}</p>
    </footer>
  );
}
