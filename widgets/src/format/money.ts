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

/** `R$ 10,00` in pt-BR, `R$10.00` in en: always the platform's currency. */
export function formatMoney(amount: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY }).format(amount);
  } catch {
    return `${CURRENCY} ${amount.toFixed(2)}`;
  }
}

/** How an amount is written back into the input in this language (`25,50` or `25.50`). */
export function amountText(amount: number, locale: string): string {
  const text = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return locale.toLowerCase().startsWith('en') ? text : text.replace('.', ',');
}
