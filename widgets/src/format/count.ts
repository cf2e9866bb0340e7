const UNITS = [
  { size: 1e9, suffix: 'b' },
  { size: 1e6, suffix: 'm' },
  { size: 1e3, suffix: 'k' },
] as const;

/**
 * A count as the product shows it (spec section 9): thousands as k, millions as m,
 * billions as b, with at most one decimal and no trailing zero (999 → "999",
 * 1500 → "1.5k", 2000000 → "2m", 3100000000 → "3.1b"). The decimal is cut, not
 * rounded, so a count is never shown above what it is (1999 → "1.9k", 999999 → "999.9k").
 * Negative counts keep their sign; anything not a finite number shows "0".
 */
export function formatCount(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  for (const unit of UNITS) {
    if (size >= unit.size) return `${sign}${oneDecimal(size / unit.size)}${unit.suffix}`;
  }
  return `${sign}${Math.floor(size)}`;
}

function oneDecimal(value: number): string {
  // The epsilon keeps 1.1 (stored as 1.0999…) from being cut to 1.0.
  const tenths = Math.floor(value * 10 + 1e-9);
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
}
