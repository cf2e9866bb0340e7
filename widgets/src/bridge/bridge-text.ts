/**
 * Text helpers for the payment confirm (the one dialog of the bridge and the site):
 * the supported locale for a candidate, interpolation, and amounts in the locale's
 * currency format. Everything the fan reads about a payment comes from the server's
 * quote through these, never from the page.
 */
import { bridgeLocale } from './bridge-locale.js';
import { confirmCatalogues, type ConfirmTextKey } from './confirm-texts.js';

export { bridgeLocale, type BridgeLocale } from './bridge-locale.js';

export function bridgeText(locale: string, key: ConfirmTextKey, values: Record<string, string> = {}): string {
  const text = confirmCatalogues[bridgeLocale(locale)][key];
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
}

/** An amount (decimal units, as the API speaks) in the locale's currency format; unknown currency codes fall back to plain text. */
export function formatAmount(locale: string, amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}
