import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { launchSharedBrowser } from '../support/browser.js';

/**
 * Our Chromium flags turn off headless Chromium's toolbar-page preloading, which means
 * repeating Playwright's own `--disable-features` list (Chromium reads the last one only).
 * If Playwright changes its list, this says so instead of letting its features come back on.
 */
describe('the Chromium the end-to-end tests start', () => {
  it("keeps every feature Playwright turns off, and turns off toolbar-page preloading", async () => {
    const server = await launchSharedBrowser();
    try {
      const args = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
      const lists = args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
      expect(lists.length).toBeGreaterThanOrEqual(2);
      const playwrights = lists[0]!;
      const effective = lists.at(-1)!;
      expect(effective).toEqual(expect.arrayContaining(playwrights));
      expect(effective).toContain('PreloadTopChromeWebUI');
    } finally {
      await server.close();
    }
  });
});
