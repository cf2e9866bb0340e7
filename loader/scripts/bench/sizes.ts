import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One file or response, raw and compressed as a server at its best settings would send it. */
export interface Sized {
  name: string;
  raw: number;
  gzip: number;
  brotli: number;
}

// Bodies are compressed here, whatever the server sent, so figures do not depend on its settings.
export function sizes(name: string, body: Uint8Array): Sized {
  return {
    name,
    raw: body.byteLength,
    gzip: gzipSync(body, { level: 9 }).byteLength,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  };
}

export function total(rows: readonly Sized[], name = 'total'): Sized {
  return rows.reduce((sum, row) => ({ name, raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }), {
    name,
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(2)} kB`;

/** Extra text columns after the sizes, one record per row (same keys on every row). */
export type Columns = Record<string, string>;

/** A table of rows with a total line when there are several; `extra` adds columns. */
export function printTable(title: string, rows: readonly Sized[], extra: readonly Columns[] = []): void {
  const withTotal = rows.length > 1 ? [...rows, total(rows)] : [...rows];
  const extraKeys = Object.keys(extra[0] ?? {});
  const lines = withTotal.map((row, index) => [row.name, kb(row.raw), kb(row.gzip), kb(row.brotli), ...extraKeys.map((key) => extra[index]?.[key] ?? '')]);
  const header = ['', 'raw', 'gzip', 'brotli', ...extraKeys];
  const widths = header.map((_, column) => Math.max(...[header, ...lines].map((line) => (line[column] ?? '').length)));
  const format = (line: string[]) =>
    line.map((text, column) => (column === 0 ? text.padEnd(widths[column] ?? 0) : text.padStart(widths[column] ?? 0))).join('  ');
  console.log(`\n${title}`);
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

/** One budget line: what was measured against what is allowed; `ok` false fails the bench. */
export interface Verdict {
  what: string;
  measured: string;
  limit: string;
  ok: boolean;
}

export function budgetLine(what: string, gzipBytes: number, limitBytes: number): Verdict {
  return { what, measured: `${kb(gzipBytes)} gzip`, limit: `${kb(limitBytes)} gzip`, ok: gzipBytes <= limitBytes };
}

export function printVerdicts(verdicts: readonly Verdict[]): void {
  const width = Math.max(...verdicts.map((verdict) => verdict.what.length));
  console.log('\nBudgets');
  for (const verdict of verdicts) {
    console.log(`${verdict.ok ? 'ok  ' : 'OVER'}  ${verdict.what.padEnd(width)}  ${verdict.measured.padStart(14)}  (limit ${verdict.limit})`);
  }
}
