import { describe, expect, it } from 'vitest';
import { formatCount } from './count.js';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1500, '1.5k'],
    [1999, '1.9k'],
    [12_345, '12.3k'],
    [999_999, '999.9k'],
    [1_000_000, '1m'],
    [2_000_000, '2m'],
    [1_100_000, '1.1m'],
    [3_100_000_000, '3.1b'],
    [1_000_000_000_000, '1000b'],
    [-1500, '-1.5k'],
    [12.7, '12'],
  ])('%d → %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it('shows 0 for what is not a finite number', () => {
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(null)).toBe('0');
  });
});
