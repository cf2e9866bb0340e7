import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ErrorCode, PageRequest } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from './page-status.js';
import type { ListPage, Outcome } from '../session/session.js';

/** A list read from the API: loading, its page of items and the total, or why it failed. */
export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; items: T[]; total: number }
  | { status: 'failed'; message: string; code?: ErrorCode | null };

/** How a list is read: a typed call of the API with its query, e.g. `(query) => session.api.lists.search.list(query)`. */
export type ListRead<T> = (query: PageRequest) => Promise<Outcome<ListPage<T>>>;

/**
 * One list of the API (`{ data, total }`), read through `read` now, again whenever `query`
 * (or `key`, for what `read` closes over) changes, and on `reload`. An answer that arrives
 * after a newer request was sent is dropped, so paging quickly never shows an older page.
 */
export function useRemoteList<T>(read: ListRead<T>, query: PageRequest, key = '') {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const queryKey = JSON.stringify(query);
  const reader = useRef(read);
  reader.current = read;
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    const outcome = await reader.current(JSON.parse(queryKey) as PageRequest);
    if (ticket !== latest.current) return;
    setState(
      outcome.ok
        ? { status: 'ready', items: outcome.value.data, total: outcome.value.total }
        : { status: 'failed', message: outcome.error.message, code: outcome.error.code },
    );
  }, [queryKey, key]);
  useEffect(() => void reload(), [reload]);
  return { state, setState, reload };
}

export interface RemoteListProps<T> {
  state: Loaded<T>;
  /** Shown when the list holds nothing. */
  empty: string;
  /** A retry button under the failure, when given. */
  onRetry?: () => void;
  /** The text of a failure from its code, when the page says more than the generic text. */
  failureText?: (failure: { code?: ErrorCode | null; message: string }) => string;
  children: (items: T[]) => ReactNode;
}

/** A list's loading, failed and empty states, else its items. */
export function RemoteList<T>({ state, empty, onRetry, failureText, children }: RemoteListProps<T>) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <PageStatus kind="loading" />;
  if (state.status === 'failed') {
    return (
      <>
        <p className="error" role="alert">
          {failureText ? failureText(state) : state.message}
        </p>
        {onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            {t('site.retry')}
          </button>
        ) : null}
      </>
    );
  }
  if (state.items.length === 0) return <p className="muted">{empty}</p>;
  return <>{children(state.items)}</>;
}
