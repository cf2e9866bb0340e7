/**
 * `fromDate` and `toDate` of the earnings routes: a day (`2025-03-01`, UTC) or an instant
 * (`2025-03-01T12:00:00Z`). A day as `toDate` includes the whole day.
 */
import { z } from 'zod';
import { badRequest } from '../../http/errors.js';
import type { TimeRange } from './earning-credits.js';

const DAY_MS = 86_400_000;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Years the database and `Date#toISOString` agree on (PostgreSQL has no year 0; year 10000 prints as +010000). */
const FIRST_YEAR = 1970;
const LAST_YEAR = 9998;

export const dateParam = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be a date (YYYY-MM-DD) or an ISO date-time' })
  .refine((value) => {
    const year = new Date(isDay(value) ? `${value}T00:00:00Z` : value).getUTCFullYear();
    return year >= FIRST_YEAR && year <= LAST_YEAR;
  }, `must be between the years ${FIRST_YEAR} and ${LAST_YEAR}`);

export const dateRangeQuery = z.object({ fromDate: dateParam.optional(), toDate: dateParam.optional() });

/** The half-open range the query asks for; a `toDate` before `fromDate` is a 400. */
export function rangeOf(query: { fromDate?: string | undefined; toDate?: string | undefined }): TimeRange {
  const from = query.fromDate === undefined ? undefined : new Date(isDay(query.fromDate) ? `${query.fromDate}T00:00:00Z` : query.fromDate);
  const until =
    query.toDate === undefined ? undefined : isDay(query.toDate) ? new Date(Date.parse(`${query.toDate}T00:00:00Z`) + DAY_MS) : new Date(Date.parse(query.toDate) + 1);
  if (from && until && until <= from) throw badRequest('request.invalid', 'querystring.toDate: must not be before fromDate', ['querystring.toDate']);
  return { from, until };
}
