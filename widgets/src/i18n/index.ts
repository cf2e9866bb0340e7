import type common from './locales/common/pt-BR.js';
import type confirm from './locales/confirm/pt-BR.js';
import type embed from './locales/embed/pt-BR.js';
import type errors from './locales/errors/pt-BR.js';
import type notices from './locales/notices/pt-BR.js';
import type ui from './locales/ui/pt-BR.js';
import { i18n } from './instance.js';
import { resolveLocale, type Locale } from './locale.js';
import { registerNamespaceFiles, type TextsModule, type TextsOf } from './texts.js';

export { defaultLocale, fallbackLocale, isLocale, resolveLocale, supportedLocales, type Locale } from './locale.js';
export { registerNamespaceFiles, registeredNamespaces, type TextsLoader, type TextsModule, type TextsOf } from './texts.js';
export { baseNamespace, hasNamespaces, i18n, loadNamespaces } from './instance.js';
export { useNamespaces } from './use-namespaces.js';

/**
 * Every namespace and the shape of its texts, so `t('tip.amount')` is type-checked. The
 * shared ones are here; each feature's `locales/pt-BR.ts` adds its own
 * (`declare module '../../i18n/index.js' { interface Namespaces { tip: ... } }`), as the
 * host site's locale files do, so a new feature touches only its folder. A program that
 * uses the features' views includes those files (host/tsconfig.json globs them).
 */
export interface Namespaces {
  common: TextsOf<typeof common>;
  confirm: TextsOf<typeof confirm>;
  errors: TextsOf<typeof errors>;
  notices: TextsOf<typeof notices>;
  embed: TextsOf<typeof embed>;
  ui: TextsOf<typeof ui>;
}
export type Namespace = keyof Namespaces;

declare module 'i18next' {
  interface CustomTypeOptions {
    // A tuple of every namespace: `useTranslation()` then accepts `ns.key` for any of them.
    defaultNS: readonly ['common', ...Namespace[]];
    resources: Namespaces;
    nsSeparator: '.';
    keySeparator: '.';
  }
}

// The widgets' namespaces: shared ones here, each feature's in its own folder. Lazy: a
// file is fetched only when its namespace is needed in its locale.
registerNamespaceFiles(
  import.meta.glob<TextsModule>(['./locales/*/{pt-BR,en,es}.ts', '../*/locales/{pt-BR,en,es}.ts']),
);

/** Switches every view to a locale, once the namespaces in use are loaded for it; unsupported values give the default. */
export async function setLocale(candidate: string | null | undefined): Promise<Locale> {
  const locale = resolveLocale(candidate);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  return locale;
}

/** Text direction for a locale, for the `dir` attribute of a page or shadow root. */
export function localeDirection(locale: string = i18n.language): 'ltr' | 'rtl' {
  return i18n.dir(locale);
}

// Views and pages take their hooks from here, so every package uses the same react-i18next.
export { useTranslation, Trans } from 'react-i18next';

