import type { Query, QueryValue } from '../session/transport.js';

/**
 * Builds a query string from an object (spec section 7): arrays become repeated keys
 * (`ids=a&ids=b`, contract section 1); `undefined`, `null` and empty strings are left
 * out, so optional filters can be passed as they are. Returns '' or `?…`.
 */
export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) appendValue(params, key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Appends a query to a path that may already carry one. */
export function withQuery(path: string, query: Query | undefined): string {
  const text = buildQuery(query);
  if (!text) return path;
  return path.includes('?') ? `${path}&${text.slice(1)}` : `${path}${text}`;
}

/**
 * A list screen's paging (`current`, `pageSize`) as the API's `offset`/`limit`, with the
 * default sort (`sortBy` updatedAt, spec section 2). Other filters are merged in.
 */
export function pageQuery(page: { current?: number; pageSize?: number; sortBy?: string; sort?: 'asc' | 'desc' }, filters: Query = {}): Query {
  const pageSize = Math.max(1, Math.floor(page.pageSize ?? 10));
  const current = Math.max(1, Math.floor(page.current ?? 1));
  return {
    ...filters,
    offset: (current - 1) * pageSize,
    limit: pageSize,
    sortBy: page.sortBy ?? 'updatedAt',
    sort: page.sort ?? 'desc',
  };
}

function appendValue(params: URLSearchParams, key: string, value: QueryValue): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) {
    for (const item of value as readonly (string | number | boolean)[]) params.append(key, String(item));
    return;
  }
  params.append(key, String(value));
}
