import { useTranslation } from 'react-i18next';
import type { Namespace } from './index.js';
import { hasNamespaces, loadNamespaces } from './instance.js';
import { isLocale, defaultLocale } from './locale.js';

// Namespaces whose fetch failed (offline): a view renders anyway rather than suspend forever.
const failed = new Set<string>();

/**
 * Suspends the calling view until its namespaces are loaded for the locale it renders in
 * (an element's own, else the page's), so it never paints before its texts are there.
 * Call it first in a feature's top view: `useNamespaces('tip', 'wallet')`. A Suspense
 * boundary above catches the wait (React's root does when there is none; preact/compat
 * needs one).
 */
export function useNamespaces(...namespaces: Namespace[]): void {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const wanted = namespaces.filter((namespace) => !failed.has(`${locale}|${namespace}`));
  if (hasNamespaces(wanted, locale)) return;
  throw loadNamespaces(wanted, locale).catch(() => {
    for (const namespace of wanted) if (!hasNamespaces([namespace], locale)) failed.add(`${locale}|${namespace}`);
  });
}
