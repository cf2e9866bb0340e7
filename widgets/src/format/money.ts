/**
 * Amounts as fans type them and as the API speaks them: decimal units (tokens, BRL),
 * at most two decimals, within limits that come from the platform's settings. The
 * server checks the same limits on every request; checking here only spares the fan a
 * round trip and says what is wrong before anything is sent.
 */
import type { PublicSettings } from '../session/types.js';

export interface AmountLimits {
  min: number;
  max: number;
}

export type AmountProblem = 'empty' | 'invalid' | 'decimals' | 'below-min' | 'above-max';

export type AmountCheck = { ok: true; value: number } | { ok: false; problem: AmountProblem };

/** The platform's currency: every wallet amount is in it (1 token = 1 BRL). */
export const CURRENCY = 'BRL';

/** Settings defaults (server `settings.catalogue.ts`), used until the settings load. */
export const DEFAULT_TOPUP_LIMITS: AmountLimits = { min: 2.95, max: 300 };
export const DEFAULT_TIP_LIMITS: AmountLimits = { min: 10, max: 10000 };

const candidatePresets = [10, 25, 50, 100];

function setting(settings: PublicSettings | null, key: string, fallback: number): number {
  const value = settings?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

export function topupLimits(settings: PublicSettings | null): AmountLimits {
  return {
    min: setting(settings, 'minTopupWalletAmount', DEFAULT_TOPUP_LIMITS.min),
    max: setting(settings, 'maxTopupWalletAmount', DEFAULT_TOPUP_LIMITS.max),
  };
}

export function tipLimits(settings: PublicSettings | null): AmountLimits {
  return {
    min: setting(settings, 'minTipAmount', DEFAULT_TIP_LIMITS.min),
    max: setting(settings, 'maxTipAmount', DEFAULT_TIP_LIMITS.max),
  };
}

/** Suggested amounts inside the limits; the minimum itself when none of them fits. */
export function presetsWithin(limits: AmountLimits, candidates: readonly number[] = candidatePresets): number[] {
  const fitting = candidates.filter((amount) => amount >= limits.min && amount <= limits.max);
  return fitting.length > 0 ? fitting : [limits.min];
}

/**
 * Reads what the fan typed: `25`, `25.5`, `25,50` (the pt-BR decimal comma). Thousands
 * separators are not accepted: `1.000` would be ambiguous between languages.
 */
export function parseAmount(text: string): AmountCheck {
  const trimmed = text.trim().replace(/^R\$\s*/i, '');
  if (!trimmed) return { ok: false, problem: 'empty' };
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(trimmed);
  if (!match) return { ok: false, problem: 'invalid' };
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  return { ok: true, value: Number(`${match[1]}.${fraction || '0'}`) };
}

/** Compared in cents, so 2.95 typed as "2,95" is exactly the minimum. */
export const toCents = (amount: number) => Math.round(amount * 100);

export function checkAmount(text: string, limits: AmountLimits): AmountCheck {
  const parsed = parseAmount(text);
  if (!parsed.ok) return parsed;
  if (toCents(parsed.value) < toCents(limits.min)) return { ok: false, problem: 'below-min' };
  if (toCents(parsed.value) > toCents(limits.max)) return { ok: false, problem: 'above-max' };
  return parsed;
}

/**
 * The languages whose currency format is written out here rather than asked of `Intl`:
 * the first `Intl.NumberFormat` of a page loads the engine's locale data, one main-thread
 * task of about 125 ms at a 4x CPU slowdown, and an element that shows prices before it is
 * interactive (`<fan-subscribe>`) would pay it there. A test keeps these equal to `Intl`.
 */
const PT_BR = { prefix: 'R$\u00a0', decimal: ',', group: '.' };
const EN = { prefix: 'R$', decimal: '.', group: ',' };
const WRITTEN: Record<string, typeof EN> = { 'pt-br': PT_BR, pt: PT_BR, en: EN, 'en-us': EN };

const formatters = new Map<string, Intl.NumberFormat>();

/** `R$ 10,00` in pt-BR, `R$10.00` in en: always the platform's currency. */
export function formatMoney(amount: number, locale: string): string {
  const written = WRITTEN[locale.toLowerCase()];
  if (written && Number.isFinite(amount)) {
    const cents = Math.round(Math.abs(amount) * 100);
    const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, written.group);
    return `${amount < 0 && cents > 0 ? '-' : ''}${written.prefix}${whole}${written.decimal}${String(cents % 100).padStart(2, '0')}`;
  }
  try {
    let formatter = formatters.get(locale);
    if (!formatter) formatters.set(locale, (formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY })));
    return formatter.format(amount);
  } catch {
    return `${CURRENCY} ${amount.toFixed(2)}`;
  }
}

/** How an amount is written back into the input in this language (`25,50` or `25.50`). */
export function amountText(amount: number, locale: string): string {
  const text = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return locale.toLowerCase().startsWith('en') ? text : text.replace('.', ',');
}
