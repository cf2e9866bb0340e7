import { defineConfig } from 'vitest/config';

/** End-to-end tests: each file starts its own real server and drives the system Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
