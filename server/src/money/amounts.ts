import { z } from 'zod';

/**
 * Amounts cross the API as decimal units (`10.5`) and live in the server as integer
 * cents. More than two decimals is refused rather than rounded.
 */
export const amountSchema = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number')])
  .transform((value, ctx) => {
    const cents = toCents(value);
    if (cents === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must be a finite amount with at most two decimals' });
      return z.NEVER;
    }
    return cents;
  });

export function toCents(value: number | string): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const units = Number(match[2]);
  const cents = units * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return undefined;
  return match[1] ? -cents : cents;
}

/** Cents to the decimal units clients read. */
export const fromCents = (cents: number): number => Math.round(cents) / 100;
