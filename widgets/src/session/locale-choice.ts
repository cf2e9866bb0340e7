import { defaultLocale, fallbackLocale, supportedLocales, type Locale } from '../i18n/index.js';
import type { PublicSettings } from './types.js';

/** Right-to-left languages (spec section 3, Language record), by primary subtag. */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'he', 'fa', 'ur', 'ps', 'ku', 'sd', 'ug', 'yi', 'dv'];

/**
 * Where the choice is cached (spec section 9: local storage, cookie and session
 * storage), under the names i18next's browser language detector uses, so a choice
 * made by another i18next app on the origin carries over.
 */
export const LOCALE_STORAGE_KEY = 'i18nextLng';
export const LOCALE_COOKIE = 'i18next';
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type LocaleSource = 'chosen' | 'query' | 'requested' | 'cached' | 'default';

export interface LocaleInputs {
  /** A choice made on this page (a language switcher): wins over everything. */
  chosen?: string | null;
  /** The `locale` query parameter. */
  query?: string | null;
  /** The element's `locale` attribute or the router's locale. */
  requested?: string | null;
  /** A choice cached by an earlier visit. */
  cached?: string | null;
  settings?: PublicSettings | null;
}

export interface LocaleChoice {
  locale: string;
  source: LocaleSource;
}

/** Text direction of a BCP 47 tag. */
export function localeDir(tag: string): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.includes(primary(tag)) ? 'rtl' : 'ltr';
}

/** The platform's supported locales: the settings' list, else the catalogues'. */
export function supportedOf(settings: PublicSettings | null | undefined): readonly string[] {
  const list = settings?.supportedLocales;
  const valid = Array.isArray(list) ? list.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '') : [];
  return valid.length > 0 ? valid : supportedLocales;
}

/** The supported spelling of a candidate (case-insensitive), or null when unsupported. */
export function matchSupported(candidate: string | null | undefined, supported: readonly string[]): string | null {
  if (!candidate) return null;
  const wanted = candidate.trim().replace(/_/g, '-').toLowerCase();
  return supported.find((tag) => tag.toLowerCase() === wanted) ?? null;
}

/**
 * The language of the page (spec section 2): a candidate counts only when it is a
 * supported locale; the first that does, in the order of LocaleInputs, wins; otherwise
 * the settings' default locale, else pt-BR.
 */
export function chooseLocale(inputs: LocaleInputs): LocaleChoice {
  const supported = supportedOf(inputs.settings);
  // Read in order and only as far as needed: `cached` may be a getter that touches storage.
  const ordered: [LocaleSource, () => string | null | undefined][] = [
    ['chosen', () => inputs.chosen],
    ['query', () => inputs.query],
    ['requested', () => inputs.requested],
    ['cached', () => inputs.cached],
  ];
  for (const [source, candidate] of ordered) {
    const locale = matchSupported(candidate(), supported);
    if (locale) return { locale, source };
  }
  const fallback =
    matchSupported(inputs.settings?.defaultLocale, supported) ??
    matchSupported(inputs.settings?.locale, supported) ??
    matchSupported(defaultLocale, supported) ??
    supported[0] ??
    defaultLocale;
  return { locale: fallback, source: 'default' };
}

/**
 * The catalogue that renders a locale: the exact one, else one of the same language
 * ('pt' → pt-BR, 'es-MX' → es), else the fallback (en). A supported locale without a
 * catalogue of its own (say 'ar') still sets its direction.
 */
export function catalogueLocale(tag: string): Locale {
  const exact = supportedLocales.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const language = primary(tag);
  return supportedLocales.find((locale) => primary(locale) === language) ?? fallbackLocale;
}

/** The `locale` query parameter of the page's address. */
export function queryLocale(search: string = location.search): string | null {
  return new URLSearchParams(search).get('locale');
}

/** The cached choice: session storage, then local storage, then the cookie. */
export function readCachedLocale(): string | null {
  return readStorage(() => sessionStorage) ?? readStorage(() => localStorage) ?? readCookie(LOCALE_COOKIE);
}

/** Caches a choice in all three places. */
export function cacheLocale(locale: string): void {
  writeStorage(() => localStorage, locale);
  writeStorage(() => sessionStorage, locale);
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
}

function primary(tag: string): string {
  return (tag.trim().toLowerCase().split(/[-_]/)[0] ?? '').trim();
}

// Storage may be unavailable (privacy modes, sandboxed frames); the choice then lasts for the page.
function readStorage(store: () => Storage): string | null {
  try {
    return store().getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStorage(store: () => Storage, locale: string): void {
  try {
    store().setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // See readStorage.
  }
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}
