import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActionError, Outcome } from '../session/session.js';

/** One answer of the API (totals, a code, a check): loading, the value, or why it failed. */
export type Loadable<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: ActionError };

/**
 * Reads one answer through `read` (a typed call of the API, e.g.
 * `() => session.api.payouts.calculate({})`) now, again when `key` changes, and on
 * `reload`. A reload keeps the value on screen until the new one arrives, and an older
 * answer never replaces a newer one.
 */
export function useRemoteValue<T>(read: () => Promise<Outcome<T>>, key = '') {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const reader = useRef(read);
  reader.current = read;
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    const outcome = await reader.current();
    if (ticket !== latest.current) return;
    setState(outcome.ok ? { status: 'ready', value: outcome.value } : { status: 'failed', error: outcome.error });
  }, [key]);
  useEffect(() => void reload(), [reload]);
  return { state, reload };
}
