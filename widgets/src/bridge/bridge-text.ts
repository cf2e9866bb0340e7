/**
 * Texts for the bridge's own UI (the confirm dialog). The bridge is a tiny page that
 * must load fast inside every embed, so it reads the catalogues directly instead of
 * pulling in i18next and React; the keys are the same `embed.*` ones the popup uses.
 */
import { en } from '../i18n/locales/en.js';
import { es } from '../i18n/locales/es.js';
import { ptBR } from '../i18n/locales/pt-br.js';
import type { Messages } from '../i18n/messages.js';

type EmbedKey = keyof Messages['embed'];

const catalogues: Record<string, Messages> = { 'pt-br': ptBR, en, es };

/** The catalogue's locale for a candidate (`en-US` gives `en`); pt-BR when none fits. */
export function bridgeLocale(candidate: string | null | undefined): string {
  const wanted = (candidate ?? '').trim().toLowerCase();
  if (wanted === 'pt-br' || wanted === 'en' || wanted === 'es') return wanted === 'pt-br' ? 'pt-BR' : wanted;
  const language = wanted.split('-')[0];
  if (language === 'en' || language === 'es') return language;
  return 'pt-BR';
}

export function bridgeText(locale: string, key: EmbedKey, values: Record<string, string> = {}): string {
  const catalogue = catalogues[locale.toLowerCase()] ?? ptBR;
  const text: string = catalogue.embed[key] ?? en.embed[key];
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
}

/** An amount in the locale's currency format; unknown currency codes fall back to plain text. */
export function formatAmount(locale: string, amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}
