import { gte, lt, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';

/** A list's date filter: `fromDate` and `toDate` as YYYY-MM-DD, both days included (UTC). */
export const dateRangeQuery = {
  fromDate: z.iso.date('must be a date as YYYY-MM-DD').optional(),
  toDate: z.iso.date('must be a date as YYYY-MM-DD').optional(),
};

export interface DateRange {
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The conditions that keep `column` within the range; none for an open range. */
export function withinDates(column: AnyColumn, range: DateRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.fromDate) conditions.push(gte(column, new Date(`${range.fromDate}T00:00:00Z`)));
  if (range.toDate) conditions.push(lt(column, new Date(new Date(`${range.toDate}T00:00:00Z`).getTime() + DAY_MS)));
  return conditions;
}
