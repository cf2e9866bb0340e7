import i18next, { type BackendModule, type i18n as I18n, type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Namespace } from './index.js';
import { defaultLocale, fallbackLocale, isLocale, supportedLocales, type Locale } from './locale.js';
import { fetchTexts, isRegisteredNamespace } from './texts.js';

/** The namespace `t('common.loading')`-style keys fall back to, and the one every view waits for. */
export const baseNamespace = 'common';

// Every bundle on a page shares one instance, found again through a global symbol.
const instanceKey = Symbol.for('fandeck.i18n');
const holder = globalThis as typeof globalThis & { [instanceKey]?: I18n };

// Locales something renders in: the page's, and any element's own `locale`. A namespace a
// view reaches for without having loaded it is fetched for each of them.
const localesInUse = new Set<Locale>([defaultLocale]);

/** i18next reads namespaces through this: one locale file, fetched as its own chunk. */
const localeFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLocale(language)) return callback(new Error(`unsupported locale ${language}`), false);
    localesInUse.add(language);
    fetchTexts(language, namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(localeFiles)
    .use(initReactI18next)
    .init({
      lng: defaultLocale,
      // Every locale is complete (the i18n test checks it), so no second locale is fetched
      // up front; a key one lacks is looked up in en on demand (missingText).
      fallbackLng: false,
      supportedLngs: [...supportedLocales],
      nonExplicitSupportedLngs: false,
      load: 'currentOnly',
      // Nothing is fetched until a view or page asks: namespaces join `ns` as they load,
      // and a language change fetches exactly those for the new locale.
      ns: [],
      defaultNS: baseNamespace,
      // `t('tip.amount')` is key `amount` of namespace `tip`, as the keys read before the split.
      nsSeparator: '.',
      keySeparator: '.',
      appendNamespaceToMissingKey: true,
      parseMissingKeyHandler: missingText,
      initAsync: false,
      returnNull: false,
      // React escapes what it renders.
      interpolation: { escapeValue: false },
      // A namespace that arrives after a view rendered re-renders it.
      react: { bindI18nStore: 'added' },
    });
  return instance;
}

export const i18n: I18n = (holder[instanceKey] ??= createI18n());

/** Whether every one of these namespaces is loaded for the locale. */
export function hasNamespaces(namespaces: readonly Namespace[], locale: Locale = currentLocale()): boolean {
  return namespaces.every((namespace) => i18n.hasResourceBundle(locale, namespace));
}

/**
 * Loads namespaces for one locale only (default: the page's). They count as in use from
 * then on, so switching the page's language loads them for the new locale before any
 * view shows it. Resolves at once when they are already there; rejects when a file
 * cannot be fetched.
 */
export async function loadNamespaces(namespaces: readonly Namespace[], locale: Locale = currentLocale()): Promise<void> {
  localesInUse.add(locale);
  await fetchInto(locale, namespaces);
}

async function fetchInto(locale: Locale, namespaces: readonly string[]): Promise<void> {
  const inUse = i18n.options.ns;
  if (Array.isArray(inUse)) for (const namespace of namespaces) if (!inUse.includes(namespace)) inUse.push(namespace);
  const missing = namespaces.filter((namespace) => !i18n.hasResourceBundle(locale, namespace));
  await Promise.all(
    missing.map(async (namespace) => {
      i18n.addResourceBundle(locale, namespace, await fetchTexts(locale, namespace), true, true);
    }),
  );
}

function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : defaultLocale;
}

/**
 * What a key shows when its text is not there. A namespace still on its way shows
 * nothing (never a raw key) and is fetched; a key the locale lacks shows the en text,
 * whose file is fetched only then; an unknown key shows itself, so it gets noticed.
 */
function missingText(fullKey: string, defaultValue: unknown, options: TOptions): string {
  if (typeof defaultValue === 'string') return defaultValue;
  const parts = fullKey.split('.');
  // A namespace nobody loaded yet is not recognised in the key, so the key was looked up in the base namespace.
  if (parts[0] === baseNamespace && parts.length > 2 && isRegisteredNamespace(parts[1] ?? '')) parts.shift();
  const [namespace = '', ...rest] = parts;
  if (!isRegisteredNamespace(namespace)) return fullKey;
  const key = `${namespace}.${rest.join('.')}`;

  const absent = [...localesInUse].filter((locale) => !i18n.hasResourceBundle(locale, namespace));
  if (absent.length > 0) {
    for (const locale of absent) void fetchInto(locale, [namespace]).catch(() => undefined);
    return '';
  }
  if (i18n.exists(key, { lng: fallbackLocale })) {
    // The key exists in en, so this does not come back here.
    const loose = i18n.t as unknown as (key: string, options: TOptions) => string;
    return loose(key, { ...options, lng: fallbackLocale });
  }
  if (!i18n.hasResourceBundle(fallbackLocale, namespace)) {
    void fetchInto(fallbackLocale, [namespace]).catch(() => undefined);
    return '';
  }
  return key;
}
