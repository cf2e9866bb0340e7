import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './start-server.js';

/**
 * A file's real server and Chromium, started before its tests and stopped after them.
 * Read `server` and `browser` inside tests (they exist once `beforeAll` ran).
 */
export function useServerAndBrowser(options: Parameters<typeof startServer>[0] = {}) {
  const running: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    [running.server, running.browser] = await Promise.all([startServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return {
    get server(): RunningServer {
      if (!running.server) throw new Error('the server is not started yet');
      return running.server;
    },
    get browser(): Browser {
      if (!running.browser) throw new Error('the browser is not launched yet');
      return running.browser;
    },
  };
}
