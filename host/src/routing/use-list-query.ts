import { LIMITS } from '@fandeck/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

export interface ListQuery<F extends string> {
  current: number;
  pageSize: number;
  sortBy: string;
  sort: SortOrder;
  /** Filter values present in the URL; absent filters are left out. */
  filters: Partial<Record<F, string>>;
}

export interface ListQueryOptions<F extends string> {
  /** Names of the filters this list reads from the URL. */
  filters?: readonly F[];
  pageSize?: number;
  /** Default 'updatedAt' (spec section 2). */
  sortBy?: string;
  sort?: SortOrder;
  /** sortBy values the list accepts; anything else gives the default. */
  sortable?: readonly string[];
}

export interface ListQueryControls<F extends string> {
  query: ListQuery<F>;
  /** The query as the API takes it (paging, sorting and filters in one object). */
  apiQuery: Record<string, string | number>;
  setPage(current: number): void;
  setPageSize(pageSize: number): void;
  setSort(sortBy: string, sort: SortOrder): void;
  /** Merges filters into the query; an empty value removes one. Paging restarts at 1. */
  setFilters(filters: Partial<Record<F, string>>): void;
}

const MAX_PAGE_SIZE = LIMITS.list.pageSizeMax;

function positiveInt(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

/**
 * Paging, sorting and filters of a list screen, kept in the URL query
 * (`current`, `pageSize`, `sortBy`, `sort` and the filters merged in, spec
 * section 2), so a list can be linked, reloaded and walked with back/forward.
 */
export function useListQuery<F extends string = never>(options: ListQueryOptions<F> = {}): ListQueryControls<F> {
  const [params, setParams] = useSearchParams();
  const defaults = {
    pageSize: options.pageSize ?? 10,
    sortBy: options.sortBy ?? 'updatedAt',
    sort: options.sort ?? ('desc' as SortOrder),
  };
  const filterNames = options.filters ?? [];
  const sortable = options.sortable;

  const query = useMemo<ListQuery<F>>(() => {
    const sortBy = params.get('sortBy');
    const sort = params.get('sort');
    const filters: Partial<Record<F, string>> = {};
    for (const name of filterNames) {
      const value = params.get(name)?.trim();
      if (value) filters[name] = value;
    }
    return {
      current: positiveInt(params.get('current'), 1),
      pageSize: positiveInt(params.get('pageSize'), defaults.pageSize, MAX_PAGE_SIZE),
      sortBy: sortBy && (!sortable || sortable.includes(sortBy)) ? sortBy : defaults.sortBy,
      sort: sort === 'asc' || sort === 'desc' ? sort : defaults.sort,
      filters,
    };
    // Callers pass fresh arrays each render; their contents, not identities, key the memo.
  }, [params, defaults.pageSize, defaults.sortBy, defaults.sort, filterNames.join(','), sortable?.join(',')]);

  const write = useCallback(
    (next: ListQuery<F>) => {
      setParams((previous) => {
        const merged = new URLSearchParams(previous);
        merged.set('current', String(next.current));
        merged.set('pageSize', String(next.pageSize));
        merged.set('sortBy', next.sortBy);
        merged.set('sort', next.sort);
        for (const name of filterNames) {
          const value = next.filters[name];
          if (value) merged.set(name, value);
          else merged.delete(name);
        }
        return merged;
      });
    },
    [setParams, filterNames.join(',')],
  );

  const apiQuery = useMemo(() => {
    const out: Record<string, string | number> = {
      current: query.current,
      pageSize: query.pageSize,
      sortBy: query.sortBy,
      sort: query.sort,
    };
    for (const [name, value] of Object.entries(query.filters)) if (typeof value === 'string') out[name] = value;
    return out;
  }, [query]);

  return {
    query,
    apiQuery,
    setPage: (current) => write({ ...query, current: Math.max(1, Math.floor(current)) }),
    setPageSize: (pageSize) => write({ ...query, pageSize, current: 1 }),
    setSort: (sortBy, sort) => write({ ...query, sortBy, sort, current: 1 }),
    setFilters: (filters) => write({ ...query, filters: { ...query.filters, ...filters }, current: 1 }),
  };
}
