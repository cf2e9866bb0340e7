/**
 * How long a test may wait, in one place for every suite. Tests wait on conditions (an
 * element shows, a balance changes, a server is ready), never on a clock; these budgets
 * only bound a wait that would otherwise never end, so they are sized for a machine whose
 * two cores are both busy with other work (`npm run test:busy`), not for a quiet one. A
 * condition that holds returns at once, so a wide budget costs nothing when tests pass.
 */

/** A condition a test waits for: `vi.waitFor`, `expect.poll`, `expect.element`, Playwright's waits. */
export const WAIT_MS = 30_000;
/** Polling interval of those waits (vitest's own): each poll costs CPU, which a loaded machine has least of. */
export const POLL_MS = 50;
/** One test of a unit or element suite (its own waits included). */
export const TEST_MS = 120_000;
/** One end-to-end test: a real server, Chromium and several waits in a row. */
export const E2E_TEST_MS = 300_000;
/**
 * A soak test bounded by a count of events (20 kills, 1,000 messages): it ends when they
 * have happened, however long that takes on a loaded machine; this only stops a hang.
 */
export const SOAK_TEST_MS = 1_800_000;
/** Hooks that start servers, browsers or builds. */
export const HOOK_MS = 600_000;

/** The `expect` block of a vitest config: `expect.poll` and `expect.element` wait this long by default. */
export const expectDefaults = { poll: { timeout: WAIT_MS, interval: POLL_MS } };
