/**
 * Text helpers for the payment confirm (the bridge's dialog, the host's default confirm):
 * the supported locale for a candidate, interpolation, and amounts in the locale's
 * currency format. Everything the fan reads about a payment comes from the server's
 * quote through these, never from the page.
 */
import type { PayQuote } from '@fandeck/contract';
import { confirmCatalogues, SUMMARY_KEYS, type ConfirmTextKey } from './confirm-texts.js';

export type BridgeLocale = keyof typeof confirmCatalogues;

/** The catalogue's locale for a candidate (`en-US` gives `en`); pt-BR when none fits. */
export function bridgeLocale(candidate: string | null | undefined): BridgeLocale {
  const wanted = (candidate ?? '').trim().toLowerCase();
  if (wanted === 'pt-br') return 'pt-BR';
  const language = wanted.split('-')[0];
  if (language === 'en' || language === 'es') return language;
  return 'pt-BR';
}

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

/** One line saying what the fan is about to pay, from the quote alone (`Gorjeta de R$ 10,00 para Ana Lima`). */
export function quoteSummary(locale: string, quote: PayQuote): string {
  const amount = formatAmount(locale, quote.price, quote.currency);
  const name = quote.recipient?.name ?? '';
  const item = quote.description ?? quote.itemId ?? '';
  if (quote.kind === 'topup' && quote.credit !== null && quote.credit !== quote.price) {
    return bridgeText(locale, 'summaryTopupFor', { amount, credit: formatAmount(locale, quote.credit, quote.currency) });
  }
  const minutes = quote.minutes === undefined ? '' : String(quote.minutes);
  return bridgeText(locale, SUMMARY_KEYS[quote.kind], { amount, name, item, minutes });
}
