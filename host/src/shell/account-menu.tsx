import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { LocalePicker, ThemeToggle } from '../components/site-controls.js';
import { signOut } from '../routing/login-navigation.js';
import { profilePath } from '../routing/redirects.js';
import type { CurrentUser } from '../session/session.js';
import { NavIcon } from './nav-icon.js';
import { accountPath, placeGroups, walletPath } from './nav-places.js';

/** What to call the user on screen. */
export function displayName(user: CurrentUser): string {
  return user.name?.trim() || user.username || user.email || user._id;
}

/** The account menu's state, shared by its two buttons (header on laptops, tab bar on phones). */
export interface AccountMenuControl {
  dialog: RefObject<HTMLDialogElement | null>;
  isOpen: boolean;
  open: (opener: HTMLElement) => void;
  closed: () => void;
}

export function useAccountMenu(): AccountMenuControl {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [isOpen, setOpen] = useState(false);
  return {
    dialog,
    isOpen,
    open(button) {
      opener.current = button;
      dialog.current?.showModal();
      setOpen(true);
    },
    closed() {
      setOpen(false);
      opener.current?.focus();
    },
  };
}

interface AccountButtonProps {
  user: CurrentUser;
  menu: AccountMenuControl;
  /** `tab`: the tab bar's last tab (phones); `header`: the header's account button (laptops). */
  variant: 'tab' | 'header';
}

/** A button that opens the account menu. */
export function AccountButton({ user, menu, variant }: AccountButtonProps) {
  const { t } = useTranslation();
  const name = displayName(user);
  const tab = variant === 'tab';
  return (
    <button
      type="button"
      className={tab ? 'tab-bar__item' : 'account-button'}
      aria-haspopup="dialog"
      aria-expanded={menu.isOpen}
      aria-label={tab ? undefined : t('site.openAccountMenu', { name })}
      data-testid={tab ? 'account-tab' : 'signed-in-user'}
      onClick={(event) => menu.open(event.currentTarget)}
    >
      {tab ? <NavIcon name="account" /> : <Avatar name={name} />}
      <span className={tab ? 'tab-bar__label' : 'account-button__name'}>{tab ? t('site.account') : name}</span>
    </button>
  );
}

/**
 * The account menu: a modal dialog (a sheet from the bottom on phones, a panel under the
 * header on laptops) with the profile, wallet, account settings, language, theme and sign
 * out, and on phones the places the tab bar has no room for. The native dialog keeps focus
 * inside and closes on Escape; focus goes back to the button that opened it.
 */
export function AccountMenuDialog({ user, menu }: { user: CurrentUser; menu: AccountMenuControl }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const [leaving, setLeaving] = useState(false);
  const { dialog } = menu;

  // Following a link in the menu closes it.
  useEffect(() => {
    dialog.current?.close();
  }, [dialog, location.pathname]);

  async function logout() {
    setLeaving(true);
    dialog.current?.close();
    await signOut(navigate);
    setLeaving(false);
  }

  const name = displayName(user);
  return (
    <dialog
      ref={dialog}
      className="account-menu"
      aria-labelledby={titleId}
      data-testid="account-menu"
      onClose={menu.closed}
      onClick={(event) => {
        // A click on the backdrop (the dialog box itself, outside its panel) closes it.
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <div className="account-menu__panel">
        <div className="account-menu__head">
          <Avatar name={name} />
          <div className="account-menu__who">
            <h2 id={titleId} className="account-menu__title">
              {name}
            </h2>
            {user.username ? <span className="muted">@{user.username}</span> : null}
          </div>
          <button type="button" className="button button--ghost account-menu__close" onClick={() => dialog.current?.close()}>
            {t('site.closeMenu')}
          </button>
        </div>
        <nav aria-label={t('site.accountMenu')} className="account-menu__links">
          {user.isPerformer ? <NavLink to={profilePath(user)}>{t('site.profile')}</NavLink> : null}
          <NavLink to={walletPath}>{t('site.wallet')}</NavLink>
          <NavLink to={accountPath(user)} end>
            {t('site.settings')}
          </NavLink>
        </nav>
        {placeGroups(user)
          .slice(1)
          .map((group) => (
            <nav key={group.title} aria-label={t(`site.${group.title}`)} className="account-menu__links account-menu__places">
              <h3 className="account-menu__group">{t(`site.${group.title}`)}</h3>
              {group.places.map((place) => (
                <NavLink key={place.path} to={place.path}>
                  {t(`site.${place.label}`)}
                </NavLink>
              ))}
            </nav>
          ))}
        <div className="account-menu__prefs">
          <LocalePicker />
          <ThemeToggle />
        </div>
        <button type="button" className="button account-menu__signout" onClick={() => void logout()} disabled={leaving}>
          {leaving ? t('home.loggingOut') : t('home.logout')}
        </button>
      </div>
    </dialog>
  );
}

function Avatar({ name }: { name: string }) {
  return (
    <span className="avatar-initial" aria-hidden="true">
      {initial(name)}
    </span>
  );
}

function initial(name: string): string {
  return (name.trim().charAt(0) || '?').toLocaleUpperCase();
}
