import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { HOOK_MS, TEST_MS, expectDefaults } from '../testing/budgets.js';
import { productionConfigTests } from './test/production-config.js';

const shared = {
  include: ['src/**/*.test.ts'],
  setupFiles: ['../testing/wait-defaults.ts', 'test/setup.ts'],
  // Files in a worker share one database (PGlite is slow to create); it is emptied per file.
  isolate: false,
  testTimeout: TEST_MS,
  hookTimeout: HOOK_MS,
  expect: expectDefaults,
};

// The production configuration's tests need a PostgreSQL server; in CI its absence fails the run instead of leaving them out.
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI runs the server suite on PostgreSQL as well: set TEST_DATABASE_URL (.ci/run sets it to the local server).');
}

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    projects: [
      { test: { ...shared, name: 'pglite', env: { FANDECK_TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              // Only what the production configuration changes (test/production-config.ts says what and why).
              test: { ...shared, name: 'postgres', include: productionConfigTests(fileURLToPath(new URL('.', import.meta.url))), env: { FANDECK_TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
