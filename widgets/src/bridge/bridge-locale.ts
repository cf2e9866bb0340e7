/**
 * The bridge's locale for a candidate, apart from the confirm's catalogues (bridge-text.ts):
 * the bridge's entry needs the name only, and the texts load with the first confirm.
 */
import type { confirmLocales } from '../i18n/locales/confirm/catalogues.js';

export type BridgeLocale = keyof typeof confirmLocales;

/** The catalogue's locale for a candidate (`en-US` gives `en`); pt-BR when none fits. */
export function bridgeLocale(candidate: string | null | undefined): BridgeLocale {
  const wanted = (candidate ?? '').trim().toLowerCase();
  if (wanted === 'pt-br') return 'pt-BR';
  const language = wanted.split('-')[0];
  if (language === 'en' || language === 'es') return language;
  return 'pt-BR';
}
