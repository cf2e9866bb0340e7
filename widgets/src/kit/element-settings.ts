import type { i18n as I18n } from 'i18next';
import { defaultLocale, i18n, supportedLocales, type Locale } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import { embedConfig, parseTheme, type Theme } from './embed-config.js';
import { pageSession } from './page-session.js';

/**
 * An element's language: its own `locale` attribute, else the loader's `data-locale`,
 * else the session's (the signed-in fan's choice or the default pt-BR).
 */
export function usePageLocale(attribute: string | undefined): Locale {
  const sessionLocale = useSignalValue(pageSession().locale.current);
  return catalogueFor(attribute || embedConfig()?.locale || sessionLocale);
}

/**
 * The catalogue for a language tag: an exact match, else the same language (`en-US` →
 * `en`, `pt` → `pt-BR`); anything else gets the default, never a guess.
 */
export function catalogueFor(tag: string | null | undefined): Locale {
  const wanted = tag?.trim().toLowerCase();
  if (!wanted) return defaultLocale;
  const language = (value: string) => value.toLowerCase().split('-')[0];
  return (
    supportedLocales.find((locale) => locale.toLowerCase() === wanted) ??
    supportedLocales.find((locale) => language(locale) === language(wanted)) ??
    defaultLocale
  );
}

/** An element's theme: its `data-theme`, else the loader's `data-theme`, else the session's (dark by default). */
export function usePageTheme(attribute: string | undefined): Theme {
  const sessionTheme = useSignalValue(pageSession().theme.current);
  return parseTheme(attribute) ?? embedConfig()?.theme ?? parseTheme(sessionTheme) ?? 'dark';
}

// One i18next clone per locale, sharing the catalogues of the page's instance, so two
// elements on one page can speak two languages without touching the page's language.
const clones = new Map<Locale, I18n>();

/** The i18next instance an element with this locale renders with. */
export function i18nFor(locale: Locale): I18n {
  let clone = clones.get(locale);
  if (!clone) {
    clone = i18n.cloneInstance({ lng: locale, initAsync: false });
    clones.set(locale, clone);
  }
  return clone;
}
