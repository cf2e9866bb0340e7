import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { uploadTestServer } from './src/api/testing/upload-test-server.js';
import { liveServerCommands, liveServerPort, quietlyProxied } from './src/live/testing/live-server-control.js';
import { i18nLiteAliases, preactCompatAliases } from './vite.config.js';
import { HOOK_MS, TEST_MS, expectDefaults } from '../testing/budgets.js';

/** Browser tests that need the real server (`*.server.test.ts`) run in their own project. */
const serverTests = 'src/**/*.server.test.{ts,tsx}';
/** What a page sees of a feature: its element. These also run on preact/compat, as the embed build ships them. */
const elementTests = 'src/**/*.element.test.{ts,tsx}';
/** Pre-bundled for every project; the React ones only where react is React. */
const sharedDeps = ['@r2wc/react-to-web-component', '@preact/signals-core', 'socket.io-client', 'js-md5'];
const reactDeps = ['react', 'react/jsx-dev-runtime', 'react-dom/client'];
/** The real i18next, where it is not aliased to src/i18n/lite. */
const i18nextDeps = ['i18next', 'react-i18next'];
/** Tests of the preact/compat shim itself, meaningful only with the aliases. */
const preactTests = 'src/preact/**/*.test.{ts,tsx}';
/** The i18n tests, which the lite i18next (src/i18n/lite) must pass as the real one does. */
const i18nTests = 'src/i18n/**/*.test.{ts,tsx}';

/**
 * Element and view tests run in the system Chromium; no browser is ever downloaded.
 * Three projects: `widgets` (everything but the real-server tests, on React 19),
 * `widgets-preact` (the element tests again, with react and react-dom aliased to
 * preact/compat exactly as in the embed build), and `live-server`, whose globalSetup starts
 * the real server on a port fixed for the run; that project's test server proxies
 * /api and /socket.io to it, so the page talks to the platform on its own origin, as
 * the host site does, and the test stops and restarts it through browser commands.
 */
export default defineConfig(async (): Promise<ViteUserConfig> => {
  const liveTarget = `http://127.0.0.1:${await liveServerPort()}`;
  return {
    plugins: [react(), uploadTestServer()],
    // Pre-bundled up front so a fresh checkout never reloads the page mid-run.
    optimizeDeps: { include: sharedDeps },
    test: {
      setupFiles: ['../testing/wait-defaults.ts'],
      testTimeout: TEST_MS,
      hookTimeout: HOOK_MS,
      expect: expectDefaults,
      browser: {
        enabled: true,
        headless: true,
        screenshotFailures: false,
        provider: playwright({
          launchOptions: {
            executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
            args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
          },
        }),
        instances: [{ browser: 'chromium' }],
      },
      projects: [
        {
          extends: true,
          optimizeDeps: { include: [...reactDeps, ...i18nextDeps] },
          test: { name: 'widgets', include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, serverTests, preactTests] },
        },
        {
          extends: true,
          resolve: { alias: [...preactCompatAliases, ...i18nLiteAliases] },
          // Its own pre-bundle, so the react names never reach React's copy. They resolve to
          // src/preact, which is never pre-bundled itself: a copy inside the cache would not
          // follow edits of those files, and two copies would each hook preact.
          cacheDir: 'node_modules/.vite-preact',
          optimizeDeps: { include: ['preact', 'preact/compat', 'preact/hooks', 'preact/jsx-runtime'] },
          test: { name: 'widgets-preact', include: [elementTests, preactTests, i18nTests] },
        },
        {
          extends: true,
          optimizeDeps: { include: [...reactDeps, ...i18nextDeps] },
          server: {
            proxy: {
              '/api': quietlyProxied(liveTarget),
              '/socket.io': quietlyProxied(liveTarget, true),
            },
          },
          test: {
            name: 'live-server',
            include: [serverTests],
            globalSetup: ['./src/live/testing/live-server.global-setup.ts'],
            browser: { commands: liveServerCommands },
            testTimeout: 2 * TEST_MS,
          },
        },
      ],
    },
  };
});
