const steps = [
  { size: 1e9, suffix: 'b' },
  { size: 1e6, suffix: 'm' },
  { size: 1e3, suffix: 'k' },
] as const;

/**
 * Counts as the spec shows them (section 9): thousands as k, millions as m,
 * billions as b, with at most one decimal (1.2k, 15k, 3m).
 */
export function shortCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const { size, suffix } of steps) {
    if (abs >= size) {
      // Truncated, not rounded: 999,999 is 999k, never 1000k.
      const scaled = Math.floor((abs / size) * 10) / 10;
      const digits = scaled < 100 ? scaled.toFixed(1).replace(/\.0$/, '') : String(Math.floor(abs / size));
      return `${sign}${digits}${suffix}`;
    }
  }
  return `${sign}${Math.floor(abs)}`;
}
