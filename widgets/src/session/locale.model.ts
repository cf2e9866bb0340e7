import { computed, effect, signal, untracked, type ReadonlySignal } from '@preact/signals-core';
import { toastText } from '../api/error-catalogue.js';
import { i18n } from '../i18n/index.js';
import {
  cacheLocale,
  catalogueLocale,
  chooseLocale,
  localeDir,
  matchSupported,
  queryLocale,
  readCachedLocale,
  supportedOf,
  type LocaleSource,
} from './locale-choice.js';
import { failure, success, type Outcome } from './outcome.js';
import type { SettingsModel } from './settings.model.js';

/** The page's language and direction (spec sections 2 and 9). */
export interface LocaleModel {
  /** A supported BCP 47 tag, e.g. 'pt-BR'. */
  readonly current: ReadonlySignal<string>;
  /** 'rtl' for the right-to-left languages (ar, he, fa, ur, ps, ku, sd, ug, yi, dv). */
  readonly dir: ReadonlySignal<'ltr' | 'rtl'>;
  /** Where the current choice came from. */
  readonly source: ReadonlySignal<LocaleSource>;
  /** The settings' supportedLocales (the catalogues' until the settings load). */
  readonly supported: ReadonlySignal<readonly string[]>;
  /** Switches the language; refused (and nothing changes) when the locale is not supported. */
  set(candidate: string): Promise<Outcome<string>>;
}

export interface LocaleModelOptions {
  settings: SettingsModel;
  /** The element's `locale` attribute or the router's locale. */
  requested?: string | null;
  /** The page's query string; default `location.search`. */
  search?: string;
}

/**
 * Chooses among the `locale` query parameter, the element attribute or router, and
 * the cached choice; a candidate counts only when the settings support it, so the
 * choice is made again when the settings arrive. The result drives the shared i18next
 * instance, and an explicit choice is cached in local storage, a cookie and session storage.
 */
export function createLocaleModel(options: LocaleModelOptions): LocaleModel & { dispose(): void } {
  const { settings } = options;
  const chosen = signal<string | null>(null);
  const query = queryLocale(options.search ?? location.search);
  // Storage is touched only when no explicit choice decides (its first use on a page is slow).
  let cachedChoice: string | null | undefined;
  const cached = () => (cachedChoice === undefined ? (cachedChoice = readCachedLocale()) : cachedChoice);
  const supported = computed(() => supportedOf(settings.values.value));
  const choice = computed(() =>
    chooseLocale({
      chosen: chosen.value,
      query,
      requested: options.requested ?? null,
      get cached() {
        return cached();
      },
      settings: settings.values.value,
    }),
  );
  const current = computed(() => choice.value.locale);

  const stop = effect(() => {
    const { locale, source } = choice.value;
    untracked(() => {
      const catalogue = catalogueLocale(locale);
      if (i18n.language !== catalogue) void i18n.changeLanguage(catalogue);
      // Only the fan's own choices are kept: a locale the page or an element asks for is the
      // page's, and a partner's page must not find Fandeck's entries in its storage.
      if (source === 'chosen' || source === 'query') cacheLocale(locale);
    });
  });

  return {
    current,
    dir: computed(() => localeDir(current.value)),
    source: computed(() => choice.value.source),
    supported,
    async set(candidate) {
      const locale = matchSupported(candidate, supported.peek());
      if (!locale) return failure({ status: 400, message: toastText(undefined), body: { locale: candidate } });
      chosen.value = locale;
      const catalogue = catalogueLocale(locale);
      if (i18n.language !== catalogue) await i18n.changeLanguage(catalogue);
      return success(locale);
    },
    dispose: stop,
  };
}
