import type common from './locales/common/pt-BR.js';
import type embed from './locales/embed/pt-BR.js';
import type errors from './locales/errors/pt-BR.js';
import type notices from './locales/notices/pt-BR.js';
import type ui from './locales/ui/pt-BR.js';
// Types only: what each feature's texts look like, so `t` is checked in every program that
// uses a feature's views (the host site's too). Their files load only through the glob below.
import type chat from '../chat/locales/pt-BR.js';
import type livePlayer from '../live-player/locales/pt-BR.js';
import type privateCall from '../private-call/locales/pt-BR.js';
import type dashboard from '../dashboard/locales/pt-BR.js';
import type feeds from '../feeds/locales/pt-BR.js';
import type galleries from '../galleries/locales/pt-BR.js';
import type videos from '../videos/locales/pt-BR.js';
import type login from '../login/locales/pt-BR.js';
import type subscribe from '../subscribe/locales/pt-BR.js';
import type tip from '../tip/locales/pt-BR.js';
import type wallet from '../wallet/locales/pt-BR.js';
import { i18n } from './instance.js';
import { resolveLocale, type Locale } from './locale.js';
import { registerNamespaceFiles, type TextsModule, type TextsOf } from './texts.js';

export { defaultLocale, fallbackLocale, isLocale, resolveLocale, supportedLocales, type Locale } from './locale.js';
export { registerNamespaceFiles, registeredNamespaces, type TextsLoader, type TextsModule, type TextsOf } from './texts.js';
export { baseNamespace, hasNamespaces, i18n, loadNamespaces } from './instance.js';
export { useNamespaces } from './use-namespaces.js';

/**
 * Every namespace and the shape of its texts, so `t('tip.amount')` is type-checked. A new
 * feature adds one line here for its `locales/pt-BR.ts`; the host site adds its own from
 * its locale files (`declare module '@fandeck/widgets/i18n' { interface Namespaces { ... } }`).
 */
export interface Namespaces {
  common: TextsOf<typeof common>;
  errors: TextsOf<typeof errors>;
  notices: TextsOf<typeof notices>;
  embed: TextsOf<typeof embed>;
  ui: TextsOf<typeof ui>;
  chat: TextsOf<typeof chat>;
  'live-player': TextsOf<typeof livePlayer>;
  'private-call': TextsOf<typeof privateCall>;
  dashboard: TextsOf<typeof dashboard>;
  feeds: TextsOf<typeof feeds>;
  galleries: TextsOf<typeof galleries>;
  videos: TextsOf<typeof videos>;
  login: TextsOf<typeof login>;
  subscribe: TextsOf<typeof subscribe>;
  tip: TextsOf<typeof tip>;
  wallet: TextsOf<typeof wallet>;
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

