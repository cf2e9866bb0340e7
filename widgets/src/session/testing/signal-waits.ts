/** Waiting on signals in tests: by subscription and with a deadline, never a fixed sleep. */

/**
 * Resolves with the first value of `source` that satisfies `accept` (the current one
 * included), by subscription, not polling; rejects after `timeoutMs`.
 */
export function whenSignal<T>(
  source: { subscribe(fn: (value: T) => void): () => void },
  accept: (value: T) => boolean,
  timeoutMs = 2000,
  what = 'signal',
): Promise<T> {
  return new Promise((resolve, reject) => {
    let stop: (() => void) | undefined;
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      stop?.();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    stop = source.subscribe((value) => {
      if (done || !accept(value)) return;
      done = true;
      clearTimeout(timer);
      queueMicrotask(() => stop?.());
      resolve(value);
    });
    if (done) stop();
  });
}

/** Every value a signal takes from now on (the current one first), for asserting sequences. */
export function record<T>(source: { subscribe(fn: (value: T) => void): () => void }): { values: T[]; stop: () => void } {
  const values: T[] = [];
  const stop = source.subscribe((value) => values.push(value));
  return { values, stop };
}
