/**
 * Dates as the elements show them, in the reader's language and time zone. The API sends
 * ISO date-times; a value that is not one shows as an empty string rather than
 * "Invalid Date".
 */
export function formatDate(iso: string | null | undefined, locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(time)) return '';
  try {
    return new Intl.DateTimeFormat(locale, options).format(time);
  } catch {
    return new Date(time).toISOString().slice(0, 10);
  }
}
