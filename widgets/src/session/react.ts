import { useCallback, useSyncExternalStore } from 'react';
import type { ReadonlySignal } from '@preact/signals-core';
import type { Feature } from './feature.js';
import { getSession, type Session } from './session.js';

/**
 * The value of a signal in a React view; the view re-renders when it changes. Built on
 * useSyncExternalStore, so concurrent rendering never tears between two reads.
 */
export function useSignalValue<T>(source: ReadonlySignal<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      // subscribe() runs its callback once at once; React only needs later changes.
      let first = true;
      return source.subscribe(() => {
        if (first) first = false;
        else onChange();
      });
    },
    [source],
  );
  const read = useCallback(() => source.peek(), [source]);
  return useSyncExternalStore(subscribe, read, read);
}

/** The page's session (see getSession); the loader or host creates it with its options first. */
export function useSession(): Session {
  return getSession();
}

/** A feature's model on the page's session, created on first use (see feature.ts). */
export function useFeature<M extends object>(feature: Feature<M>): M {
  return useSession().use(feature);
}
