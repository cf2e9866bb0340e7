import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session, useSignalValue } from '../session/session.js';
import { logoFor } from '../shell/use-site-head.js';

/** The small controls of the site's chrome: logo, theme switch, language picker. */

/** Switches between the dark (default) and light themes. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useSignalValue(session.theme.current);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="button button--ghost"
      data-testid="theme-toggle"
      aria-pressed={theme === 'light'}
      onClick={() => session.theme.set(next)}
    >
      {next === 'light' ? t('site.themeLight') : t('site.themeDark')}
    </button>
  );
}

/** A locale's name in its own language ('Português (Brasil)', 'English'). */
export function nativeName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

/** The languages the site supports (settings), each named in itself. */
export function LocalePicker() {
  const { t } = useTranslation();
  const id = useId();
  const current = useSignalValue(session.locale.current);
  const supported = useSignalValue(session.locale.supported);
  if (supported.length < 2) return null;
  return (
    <span className="locale-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('site.language')}
      </label>
      <select id={id} value={current} onChange={(event) => void session.locale.set(event.target.value)}>
        {supported.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {nativeName(locale)}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The site's logo from the settings, the dark-mode one on the dark theme; the site name without one. */
export function BrandLogo({ to }: { to: string }) {
  const siteName = useSignalValue(session.ui.siteName);
  const logo = useSignalValue(session.ui.logo);
  const darkmodeLogo = useSignalValue(session.ui.darkmodeLogo);
  const theme = useSignalValue(session.theme.current);
  const src = logoFor(theme, logo, darkmodeLogo);
  return (
    <Link to={to} className="brand" data-testid="brand">
      {src ? <img className="brand__logo" src={src} alt={siteName} data-theme-logo={theme} /> : <span className="brand__name">{siteName}</span>}
    </Link>
  );
}
