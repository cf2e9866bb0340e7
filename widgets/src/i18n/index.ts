import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { ptBR } from './locales/pt-br.js';
import type { MessageKey, Messages } from './messages.js';

export type { MessageKey, Messages } from './messages.js';

export const supportedLocales = ['pt-BR', 'en', 'es'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'pt-BR';
export const fallbackLocale: Locale = 'en';

export const catalogues: Record<Locale, Messages> = { 'pt-BR': ptBR, en, es };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/**
 * A candidate locale (query parameter, stored choice, settings) counts only when it
 * is one of the supported ones; anything else gives the default (spec section 2).
 */
export function resolveLocale(candidate: string | null | undefined, fallback: Locale = defaultLocale): Locale {
  if (!candidate) return fallback;
  const wanted = candidate.trim().toLowerCase();
  return supportedLocales.find((locale) => locale.toLowerCase() === wanted) ?? fallback;
}

// Every bundle on a page shares one instance, found again through a global symbol.
const instanceKey = Symbol.for('fandeck.i18n');
type WithInstance = typeof globalThis & { [instanceKey]?: I18n };

function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(catalogues).map(([locale, translation]) => [locale, { translation }]),
    ),
    lng: defaultLocale,
    fallbackLng: fallbackLocale,
    supportedLngs: [...supportedLocales],
    nonExplicitSupportedLngs: false,
    load: 'currentOnly',
    defaultNS: 'translation',
    initAsync: false,
    returnNull: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return instance;
}

const holder = globalThis as WithInstance;
export const i18n: I18n = (holder[instanceKey] ??= createI18n());

/** Switches every view to a locale; unsupported values give the default. */
export async function setLocale(candidate: string | null | undefined): Promise<Locale> {
  const locale = resolveLocale(candidate);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  return locale;
}

const englishToKey = new Map<string, MessageKey>();
(function index(tree: object, prefix: string) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') englishToKey.set(value, path as MessageKey);
    else if (value && typeof value === 'object') index(value, path);
  }
})({ errors: en.errors, login: en.login }, '');

/**
 * The server answers in English. A message the catalogue knows (such as
 * 'Incorrect credentials!') is shown in the active language; any other is shown as sent.
 */
export function localizeServerMessage(message: string): string {
  const key = englishToKey.get(message.trim());
  return key ? i18n.t(key) : message;
}

/** Text direction for a locale, for the `dir` attribute of a page or shadow root. */
export function localeDirection(locale: string = i18n.language): 'ltr' | 'rtl' {
  return i18n.dir(locale);
}

// Views and pages take their hooks from here, so every package uses the same react-i18next.
export { useTranslation, Trans } from 'react-i18next';
