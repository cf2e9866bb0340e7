import { defineConfig } from 'vitest/config';

const shared = {
  include: ['src/**/*.test.ts'],
  setupFiles: ['test/setup.ts'],
  // Files in a worker share one database (PGlite is slow to create); it is emptied per file.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    projects: [
      { test: { ...shared, name: 'pglite', env: { FANDECK_TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...shared, name: 'postgres', env: { FANDECK_TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
