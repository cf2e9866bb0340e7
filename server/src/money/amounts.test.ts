import { describe, expect, it } from 'vitest';
import { amountSchema, fromCents, toCents } from './amounts.js';

describe('amounts at the edge', () => {
  it('turns decimal units into integer cents exactly', () => {
    expect(toCents(10.5)).toBe(1050);
    expect(toCents('2.95')).toBe(295);
    expect(toCents(300)).toBe(30000);
    expect(toCents('0.07')).toBe(7);
    expect(toCents(0.1 + 0.2)).toBeUndefined();
    expect(fromCents(1050)).toBe(10.5);
  });

  it('refuses more than two decimals, non-numbers and non-finite values', () => {
    for (const bad of ['1.005', 'abc', '', '1e3', Number.NaN, Number.POSITIVE_INFINITY, 1e300]) {
      expect(amountSchema.safeParse(bad).success).toBe(false);
    }
    expect(amountSchema.parse('10000.00')).toBe(1_000_000);
  });
});
