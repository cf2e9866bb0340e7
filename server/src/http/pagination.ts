import { LIMITS } from '@fandeck/contract';
import { z } from 'zod';

export const MAX_PAGE_SIZE = LIMITS.list.pageSizeMax;

/**
 * A page size up to `max`: existing clients ask for more than a list gives (`limit=500`)
 * and mean "as many as you give", so a larger size is clamped, never refused. Not a
 * positive whole number is still a 400.
 */
export const pageSizeSchema = (max: number = MAX_PAGE_SIZE) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .transform((size) => Math.min(size, max));

/**
 * List query of contract section 1: offset/limit, or the screen's current/pageSize,
 * plus sortBy (default updatedAt) and sort.
 */
export const listQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: pageSizeSchema().optional(),
  current: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: pageSizeSchema().optional(),
  sortBy: z.string().max(64).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
  q: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface Page {
  offset: number;
  limit: number;
  sort: 'asc' | 'desc';
  sortBy: string;
}

export function toPage(query: ListQuery, defaults: { limit?: number; sortBy?: string } = {}): Page {
  const limit = query.limit ?? query.pageSize ?? defaults.limit ?? 10;
  const offset = query.offset ?? (query.current ? (query.current - 1) * limit : 0);
  return { offset, limit, sort: query.sort ?? 'desc', sortBy: query.sortBy ?? defaults.sortBy ?? 'updatedAt' };
}

/**
 * The list query of a list sorted by these columns only: `sortBy` is one of their names
 * or `updatedAt` (every client sends it; a list without that column keeps its own order),
 * and anything else (`constructor`, `__proto__`, a column of another table) is a 400
 * naming `querystring.sortBy`.
 */
export function sortableListQuery<K extends string>(columns: Readonly<Record<K, unknown>>) {
  const names = [...new Set([...Object.keys(columns), 'updatedAt'])] as [K | 'updatedAt', ...(K | 'updatedAt')[]];
  return listQuerySchema.extend({ sortBy: z.enum(names).optional() });
}

/** The column a page sorts by: an own entry of `columns` only, else `fallback`. */
export function sortColumnOf<T>(columns: Readonly<Record<string, T>>, page: Pick<Page, 'sortBy'>, fallback: T): T {
  return Object.hasOwn(columns, page.sortBy) ? (columns[page.sortBy] as T) : fallback;
}

/** A search text for LIKE/ILIKE: `%`, `_` and `\\` match themselves, not any text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
