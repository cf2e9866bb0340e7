/**
 * What `react-i18next` resolves to where `i18next` is ./i18next.ts (vite.config.ts
 * `i18nLiteAliases`): `useTranslation`, `I18nextProvider`, `initReactI18next` and a
 * text-only `Trans`, for the instance ./i18next.ts makes.
 *
 * `useTranslation(ns?)` starts loading its namespaces (else the default one) for the
 * instance's language when they are missing, and renders again when the language changes
 * or a namespace is added to the store (react-i18next's `bindI18nStore: 'added'`). It
 * does not suspend: what holds a view back until its texts are there is the element
 * frame's `useNamespaces` (and the host's load before its first paint). Suspending in
 * every consumer breaks on preact/compat, whose context updates re-render a consumer
 * alone, outside the Suspense boundary's reach.
 */
import { createContext, createElement, useContext, useEffect, useReducer, type ReactNode } from 'react';
import type { LiteI18n } from './i18next.js';

let globalInstance: LiteI18n | null = null;

export const initReactI18next = {
  type: '3rdParty' as const,
  init(instance: LiteI18n) {
    globalInstance = instance;
  },
};

const I18nContext = createContext<LiteI18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: LiteI18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

// One pending load per language and namespaces, however many views ask.
const loading = new Map<string, Promise<void>>();

export function useTranslation(ns?: string | readonly string[]) {
  const fromContext = useContext(I18nContext);
  const i18n = fromContext ?? globalInstance;
  if (!i18n) throw new Error('useTranslation needs an i18n instance: call use(initReactI18next) or render an I18nextProvider');
  const [, rerender] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    const refresh = () => rerender();
    i18n.on('languageChanged', refresh);
    i18n.store.on('added', refresh);
    return () => {
      i18n.off('languageChanged', refresh);
      i18n.store.off('added', refresh);
    };
  }, [i18n]);

  const wanted = ns === undefined ? [i18n.options.defaultNS ?? 'translation'] : typeof ns === 'string' ? [ns] : [...ns];
  const ready = wanted.every((namespace) => i18n.hasResourceBundle(i18n.language, namespace));
  if (!ready) {
    const id = `${i18n.language}|${wanted.join(',')}`;
    if (!loading.has(id)) {
      loading.set(
        id,
        i18n
          .loadNamespaces(wanted)
          .catch(() => undefined)
          .finally(() => loading.delete(id)),
      );
    }
  }
  const t = i18n.t;
  return { t, i18n, ready };
}

/** Text only: the translated `i18nKey` (or the children when there is no key). */
export function Trans({ i18nKey, values, children }: { i18nKey?: string; values?: Record<string, unknown>; children?: ReactNode }) {
  const { t } = useTranslation();
  return createElement('span', null, i18nKey ? t(i18nKey, values) : children);
}
