/**
 * Tests that need something outside Node (ffmpeg, node-datachannel's native module,
 * PostgreSQL, Redis) ask for it here. On a developer's machine a missing tool skips the
 * test, saying which tool; in CI (`CI=true`, as .ci/run sets) every tool must be there,
 * so a missing one fails the file instead of passing it unseen.
 */

/** True when the test should be skipped for a missing tool; throws in CI. `tools` maps each tool's name to whether it is here. */
export function lacks(tools: Record<string, unknown>): boolean {
  const missing = Object.entries(tools)
    .filter(([, present]) => !present)
    .map(([name]) => name);
  if (missing.length === 0) return false;
  if (process.env.CI === 'true' || process.env.CI === '1') {
    throw new Error(`This test needs ${missing.join(' and ')}, which CI must have (.ci/run installs or points at every tool); it is missing here.`);
  }
  console.warn(`skipped: this test needs ${missing.join(' and ')}, which this machine lacks`);
  return true;
}

/** The tools named by the test environment: the PostgreSQL server and Redis that .ci/run points at. */
export const services = {
  PostgreSQL: () => process.env.TEST_DATABASE_URL,
  Redis: () => process.env.TEST_REDIS_URL,
};
