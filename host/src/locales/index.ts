import { i18n, loadNamespaces, registerNamespaceFiles, resolveLocale, type Namespace, type TextsModule } from '@fandeck/widgets/i18n';

// The site's own namespaces, one folder each; like the widgets', fetched per locale on demand.
registerNamespaceFiles(import.meta.glob<TextsModule>('./*/{pt-BR,en,es}.ts'));

/** What every page of the site may show from its first paint: the shell, shared texts and sign-in. */
export const siteNamespaces: readonly Namespace[] = [
  'common',
  'errors',
  'notices',
  'site',
  'protection',
  'home',
  'login',
  'account',
  'creators',
  'profile',
  'list',
];

/**
 * Loads the site's texts for the active locale, and for the one the session is switching
 * to (a `?locale=` or a stored choice), so the first paint and the switch both find them.
 * Never rejects: offline, the site still renders.
 */
export async function loadSiteTexts(): Promise<void> {
  // i18next's own marker of a language change still loading (not in its types).
  const pending = (i18n as { isLanguageChangingTo?: string }).isLanguageChangingTo;
  const locales = new Set([resolveLocale(i18n.language), ...(pending ? [resolveLocale(pending)] : [])]);
  await Promise.all([...locales].map((locale) => loadNamespaces(siteNamespaces, locale).catch(() => undefined)));
}
