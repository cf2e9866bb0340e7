import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { PageStatus } from '../../components/page-status.js';
import { session, type Query } from '../../session/session.js';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; items: T[] } | { status: 'failed'; message: string };

/** One of the creator's own lists (posts, galleries, photos, videos): read now and again on `reload`. */
export function useStudioList<T>(path: string, query: Query) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const key = JSON.stringify(query);
  const reload = useCallback(async () => {
    const outcome = await session.api.list<T>(path, JSON.parse(key) as Query);
    setState(outcome.ok ? { status: 'ready', items: outcome.value.data } : { status: 'failed', message: outcome.error.message });
  }, [path, key]);
  useEffect(() => void reload(), [reload]);
  return { state, setState, reload };
}

/** A studio list's loading, failed and empty states, else its items. */
export function StudioList<T>({ state, empty, children }: { state: Loaded<T>; empty: string; children: (items: T[]) => ReactNode }) {
  if (state.status === 'loading') return <PageStatus kind="loading" />;
  if (state.status === 'failed') {
    return (
      <p className="error" role="alert">
        {state.message}
      </p>
    );
  }
  if (state.items.length === 0) return <p className="muted">{empty}</p>;
  return <>{children(state.items)}</>;
}
