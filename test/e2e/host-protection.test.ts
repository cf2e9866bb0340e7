import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';

/** What the in-page observer saw of the screenshot overlay. */
interface ShieldRecord {
  shownAt: number;
  removedAt: number;
  style: { position: string; background: string; zIndex: string; width: number; height: number };
}

declare global {
  interface Window {
    shieldRecord?: Promise<ShieldRecord>;
    dialogCount?: number;
  }
}

/** Content protection (spec sections 2 and 9) on every page. */
describe('host content protection', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let dialogs: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string): Promise<void> {
    await context?.close();
    ({ context, page } = await openPage(browser, server.origin));
    dialogs = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.goto(path);
  }

  /** Records, in the page, when the overlay enters and leaves the document. */
  async function observeShield(): Promise<void> {
    await page.evaluate(() => {
      window.shieldRecord = new Promise<ShieldRecord>((resolve) => {
        let shownAt: number | undefined;
        let style: ShieldRecord['style'] | undefined;
        const observer = new MutationObserver(() => {
          const now = performance.now();
          const shield = document.querySelector<HTMLElement>('[data-testid="screen-shield"]');
          if (shield && shownAt === undefined) {
            shownAt = now;
            const computed = getComputedStyle(shield);
            const box = shield.getBoundingClientRect();
            style = { position: computed.position, background: computed.backgroundColor, zIndex: computed.zIndex, width: box.width, height: box.height };
          } else if (!shield && shownAt !== undefined && style) {
            observer.disconnect();
            resolve({ shownAt, removedAt: now, style });
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    });
  }

  it('alerts on PrintScreen, then covers the page in black for 1000 ms', async () => {
    await open('/creators');
    await page.getByTestId('creator-list').waitFor();
    await observeShield();
    await page.keyboard.press('PrintScreen');
    // Resolves when the observer sees the overlay removed: no fixed sleep.
    const record = await page.evaluate(() => window.shieldRecord!);
    const lasted = record.removedAt - record.shownAt;
    expect(lasted).toBeGreaterThanOrEqual(1000);
    expect(lasted).toBeLessThan(1100);
    expect(record.style).toMatchObject({ position: 'fixed', background: 'rgb(0, 0, 0)', zIndex: '2147483647' });
    const viewport = page.viewportSize()!;
    expect(record.style.width).toBe(viewport.width);
    expect(record.style.height).toBe(viewport.height);
    expect(dialogs).toEqual(['Captura de tela detectada!']);
  });

  it('protects the sign-in page too, and a second press works again', async () => {
    await open('/auth/login');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    for (let press = 0; press < 2; press += 1) {
      await observeShield();
      await page.keyboard.press('PrintScreen');
      const record = await page.evaluate(() => window.shieldRecord!);
      expect(record.removedAt - record.shownAt).toBeGreaterThanOrEqual(1000);
    }
    expect(dialogs).toEqual(['Captura de tela detectada!', 'Captura de tela detectada!']);
  });

  it('alerts on copy with the pt-BR text', async () => {
    await open('/creators');
    await page.getByTestId('creator-list').waitFor();
    await page.getByRole('heading', { name: 'Criadores' }).selectText();
    await page.keyboard.press('Control+C');
    await expect.poll(() => dialogs).toEqual(['Ação de copiar detectada!']);
  });

  it('translates the alerts with the locale', async () => {
    await open('/creators?locale=en');
    await page.getByRole('heading', { name: 'Creators' }).waitFor();
    await page.getByRole('heading', { name: 'Creators' }).selectText();
    await page.keyboard.press('Control+C');
    await expect.poll(() => dialogs).toEqual(['Copy action detected!']);
    await observeShield();
    await page.keyboard.press('PrintScreen');
    await page.evaluate(() => window.shieldRecord!);
    expect(dialogs).toEqual(['Copy action detected!', 'Screenshot detected!']);
  });
});
