import { useCallback, useEffect, useRef, useState } from 'react';
import { session, type ActionError } from '../session/session.js';

/** One answer of the API (totals, a code, a check): loading, the value, or why it failed. */
export type Loadable<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: ActionError };

/**
 * Reads one answer now and again on `reload`. `POST` is for reads the API takes as a
 * POST with an empty body (`/payout-requests/calculate`). A reload keeps the value on
 * screen until the new one arrives, and an older answer never replaces a newer one.
 */
export function useRemoteValue<T>(path: string, method: 'GET' | 'POST' = 'GET') {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    const outcome = await session.http.request<T>(method, path, method === 'POST' ? { body: {} } : {});
    if (ticket !== latest.current) return;
    setState(outcome.ok ? { status: 'ready', value: outcome.value } : { status: 'failed', error: outcome.error });
  }, [path, method]);
  useEffect(() => void reload(), [reload]);
  return { state, reload };
}
