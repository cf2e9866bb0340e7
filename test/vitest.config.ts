import { defineConfig } from 'vitest/config';
import { E2E_TEST_MS, HOOK_MS, expectDefaults } from '../testing/budgets.js';

/** End-to-end tests: each file starts its own real server and drives the system Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['../testing/wait-defaults.ts'],
    testTimeout: E2E_TEST_MS,
    hookTimeout: HOOK_MS,
    expect: expectDefaults,
    teardownTimeout: 30_000,
  },
});
