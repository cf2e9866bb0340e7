import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { uploadTestServer } from './src/api/testing/upload-test-server.js';
import { liveServerCommands, liveServerPort, quietlyProxied } from './src/live/testing/live-server-control.js';

/** Browser tests that need the real server (`*.server.test.ts`) run in their own project. */
const serverTests = 'src/**/*.server.test.{ts,tsx}';

/**
 * Element and view tests run in the system Chromium; no browser is ever downloaded.
 * Two projects: `widgets` (everything else) and `live-server`, whose globalSetup starts
 * the real server on a port fixed for the run; that project's test server proxies
 * /api and /socket.io to it, so the page talks to the platform on its own origin, as
 * the host site does, and the test stops and restarts it through browser commands.
 */
export default defineConfig(async (): Promise<ViteUserConfig> => {
  const liveTarget = `http://127.0.0.1:${await liveServerPort()}`;
  return {
    plugins: [react(), uploadTestServer()],
    // Pre-bundled up front so a fresh checkout never reloads the page mid-run.
    optimizeDeps: {
      include: [
        'react',
        'react/jsx-dev-runtime',
        'react-dom/client',
        'i18next',
        'react-i18next',
        '@r2wc/react-to-web-component',
        '@preact/signals-core',
        'ofetch',
        'socket.io-client',
        'js-md5',
      ],
    },
    test: {
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
          test: { name: 'widgets', include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, serverTests] },
        },
        {
          extends: true,
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
            testTimeout: 180_000,
            hookTimeout: 300_000,
          },
        },
      ],
    },
  };
});
