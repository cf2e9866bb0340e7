import { useEffect } from 'react';
import { session, useSignalValue, type Theme } from '../session/session.js';

/** The logo for a theme: the dark-mode logo on the dark theme, else the regular one. */
export function logoFor(theme: Theme, logo: string, darkmodeLogo: string): string {
  return theme === 'dark' ? darkmodeLogo || logo : logo || darkmodeLogo;
}

function setFavicon(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}

/**
 * Keeps the document in step with the session: title from the site name, favicon,
 * `lang` and `dir` from the locale, `data-theme` and `color-scheme` from the theme. The theme is the
 * visitor's choice (dark by default), never the system's.
 */
export function useSiteHead(): void {
  const siteName = useSignalValue(session.ui.siteName);
  const favicon = useSignalValue(session.ui.favicon);
  const theme = useSignalValue(session.theme.current);
  const locale = useSignalValue(session.locale.current);
  const dir = useSignalValue(session.locale.dir);

  useEffect(() => {
    document.title = siteName;
  }, [siteName]);

  useEffect(() => {
    if (favicon) setFavicon(favicon);
  }, [favicon]);

  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = dir;
  }, [locale, dir]);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
  }, [theme]);
}
