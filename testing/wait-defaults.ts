/**
 * Setup file of every vitest project: `vi.waitFor` waits `WAIT_MS` unless a call says
 * otherwise, as `expect.poll` does through the config's `expect` block. Vitest fixes
 * `vi.waitFor`'s default at one second, which a loaded machine overruns on a condition
 * that does come true (a locale file still being served, a socket still connecting).
 */
import { vi } from 'vitest';
import { POLL_MS, WAIT_MS } from './budgets.js';

const PATCHED = Symbol.for('fandeck.waitFor.defaults');
type Patched = typeof vi.waitFor & { [PATCHED]?: true };

if (!(vi.waitFor as Patched)[PATCHED]) {
  const original = vi.waitFor;
  const waitFor = ((callback, options) => {
    const given = typeof options === 'number' ? { timeout: options } : (options ?? {});
    return original(callback, { timeout: WAIT_MS, interval: POLL_MS, ...given });
  }) as Patched;
  waitFor[PATCHED] = true;
  vi.waitFor = waitFor;
}
