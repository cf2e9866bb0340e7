import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';

/** Element and view tests run in the system Chromium; no browser is ever downloaded. */
export default defineConfig({
  plugins: [react()],
  // Pre-bundled up front so a fresh checkout never reloads the page mid-run.
  optimizeDeps: {
    include: ['react', 'react/jsx-dev-runtime', 'react-dom/client', 'i18next', 'react-i18next', '@r2wc/react-to-web-component'],
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
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
  },
});
