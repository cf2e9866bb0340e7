import { i18n, localeDirection, setLocale } from '@fandeck/widgets/i18n';

/** Keeps <html lang dir> in step with the active language. */
function reflectLocale(locale: string): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDirection(locale);
}

/**
 * The language may come from the `locale` query parameter; an unsupported value
 * gives the default locale (spec section 2).
 */
export function applyInitialLocale(search: string): void {
  i18n.on('languageChanged', reflectLocale);
  const requested = new URLSearchParams(search).get('locale');
  void setLocale(requested).then(reflectLocale);
}
