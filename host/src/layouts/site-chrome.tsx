import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { BrandLogo, LocalePicker, ThemeToggle } from '../components/site-controls.js';
import { homePathFor, loginPath } from '../routing/redirects.js';
import { signOut } from '../routing/login-navigation.js';
import { session, useSignalValue, type CurrentUser } from '../session/session.js';
import { NotificationBellSlot } from '../shell/notification-bell-slot.js';

/** What to call the user on screen. */
export function displayName(user: CurrentUser): string {
  return user.name?.trim() || user.username || user.email || user._id;
}

/** Site header: logo, the settings' header menus, theme, language and the account. */
export function SiteHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSignalValue(session.user.current);
  const menus = useSignalValue(session.ui.menus).filter((menu) => menu.section === 'header');
  const [leaving, setLeaving] = useState(false);

  async function logout() {
    setLeaving(true);
    await signOut(navigate);
    setLeaving(false);
  }

  return (
    <header className="site-header">
      <BrandLogo to={user ? homePathFor(user) : '/'} />
      <nav className="site-header__nav" aria-label={t('site.mainNav')}>
        {user && !user.isPerformer ? <NavLink to="/home">{t('site.home')}</NavLink> : null}
        {user && !user.isPerformer ? <NavLink to="/user/subscriptions">{t('site.mySubscriptions')}</NavLink> : null}
        {user?.isPerformer ? <CreatorLinks /> : null}
        {user ? <NavLink to="/messages">{t('site.messages')}</NavLink> : null}
        {user ? <NavLink to="/private-calls">{t('site.privateCalls')}</NavLink> : null}
        {user ? <NavLink to="/user/bookmarks">{t('site.bookmarks')}</NavLink> : null}
        {user?.role === 'admin' ? <StaffLinks /> : null}
        <NavLink to="/creators">{t('site.creators')}</NavLink>
        <NavLink to="/discover">{t('site.discover')}</NavLink>
        {menus.map((menu) => (
          <MenuLink key={`${menu.path}|${menu.title}`} path={menu.path} title={menu.title} />
        ))}
      </nav>
      <div className="site-header__tools">
        <LocalePicker />
        <ThemeToggle />
        {user ? (
          <>
            <NotificationBellSlot />
            <Link to={user.isPerformer ? '/creator/account' : '/user/account'} className="site-header__user" data-testid="signed-in-user">
              {displayName(user)}
            </Link>
            <button type="button" className="button" onClick={() => void logout()} disabled={leaving}>
              {leaving ? t('home.loggingOut') : t('home.logout')}
            </button>
          </>
        ) : (
          <Link to={loginPath} className="button">
            {t('site.signIn')}
          </Link>
        )}
      </div>
    </header>
  );
}

/** A creator's own pages: the dashboard, the studio, subscribers, earnings, payouts and the messaging tools. */
function CreatorLinks() {
  const { t } = useTranslation();
  return (
    <>
      <NavLink to="/creator/dashboard">{t('site.dashboard')}</NavLink>
      <NavLink to="/creator/posts">{t('site.myPosts')}</NavLink>
      <NavLink to="/creator/subscribers">{t('site.subscribers')}</NavLink>
      <NavLink to="/creator/earnings">{t('site.earnings')}</NavLink>
      <NavLink to="/creator/payouts">{t('site.payouts')}</NavLink>
      <NavLink to="/creator/messages/mass">{t('site.messagingTools')}</NavLink>
      <NavLink to="/creator/live">{t('site.goLive')}</NavLink>
    </>
  );
}

/** Staff work: creators waiting for review and payout requests. */
function StaffLinks() {
  const { t } = useTranslation();
  return (
    <>
      <NavLink to="/admin/creators/review">{t('site.creatorReview')}</NavLink>
      <NavLink to="/admin/payouts">{t('site.payoutReview')}</NavLink>
    </>
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

/** Footer: the settings' footer menus and the site name. */
export function SiteFooter() {
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
      <p className="muted">{t('site.copyright', { year: new Date().getFullYear(), siteName })}</p>
    </footer>
  );
}
