import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { apiLogin, demo, plantToken, setSettings, signIn, waitForPath } from './host-flows.js';

// A public address the bundled GeoLite2 data places in Brazil, and one in the United States.
const brazilIp = '200.147.67.142';
const usIp = '8.8.8.8';

/** Adds a country to the block list in a stopped server's embedded database (there is no admin API for it yet). */
async function blockCountry(dataDir: string, countryCode: string): Promise<void> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  try {
    await db.query('insert into blocked_countries (country_code) values ($1) on conflict do nothing', [countryCode]);
  } finally {
    await db.close();
  }
}

/** The whole-site layouts: maintenance (spec section 2) and geo-blocked. */
describe('host site layouts', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let dataDir: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ keepData: true }), launchBrowser()]);
    dataDir = server.dataDir;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function open(options: { forwardedFor?: string; token?: string } = {}): Promise<void> {
    await context?.close();
    ({ context, page } = await openPage(browser, server.origin));
    if (options.forwardedFor) await context.setExtraHTTPHeaders({ 'x-forwarded-for': options.forwardedFor });
    if (options.token) await plantToken(context, server.origin, options.token);
  }

  async function layoutOf(): Promise<string | null> {
    return page.locator('[data-layout]').first().getAttribute('data-layout');
  }

  it('uses the page layouts while maintenance is off', async () => {
    await open();
    await page.goto('/creators');
    await page.getByTestId('creator-list').waitFor();
    expect(await layoutOf()).toBe('public');
    await page.goto('/auth/login');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    expect(await layoutOf()).toBe('blank');
    await signIn(page, demo.fan.email);
    await waitForPath(page, '/home');
    await page.getByTestId('signed-in-as').waitFor();
    expect(await layoutOf()).toBe('primary');
  });

  describe('with maintenance mode on', () => {
    beforeAll(() => setSettings(server.origin, { maintenanceMode: true }));
    afterAll(() => setSettings(server.origin, { maintenanceMode: false }));

    it('shows the maintenance layout to visitors on any page', async () => {
      await open();
      for (const where of ['/creators', '/bruno-costa-unknown', '/home']) {
        await page.goto(where);
        await page.locator('[data-layout="maintenance"]').waitFor();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Estamos em manutenção');
      }
    });

    it('shows it to signed-in fans and creators too', async () => {
      for (const email of [demo.fan.email, demo.creator.email]) {
        await open({ token: await apiLogin(server.origin, email) });
        await page.goto('/creators');
        await page.locator('[data-layout="maintenance"]').waitFor();
      }
    });

    it('lets an admin through, and keeps the sign-in page open so an admin can sign in', async () => {
      await open({ token: await apiLogin(server.origin, demo.admin.email) });
      await page.goto('/creators');
      await page.getByTestId('creator-list').waitFor();
      expect(await layoutOf()).toBe('public');

      await open();
      await signIn(page, demo.admin.email);
      await waitForPath(page, '/home');
      await page.getByTestId('signed-in-as').waitFor();
      expect(await layoutOf()).toBe('primary');
    });
  });

  describe('with Brazil on the block list', () => {
    beforeAll(async () => {
      await server.stop();
      await blockCountry(dataDir, 'BR');
      // The restarted server's own scratch folder goes on stop; the shared one in afterAll.
      // The visitor's country comes from X-Forwarded-For, which only a trusted proxy may set:
      // here the test's browser stands in for a proxy on loopback.
      server = await startServer({ env: { DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' } });
    });

    it('shows the geo-blocked layout to a visitor from Brazil on every page', async () => {
      await open({ forwardedFor: brazilIp });
      for (const where of ['/creators', '/auth/login', '/home']) {
        await page.goto(where);
        await page.locator('[data-layout="geo-blocked"]').waitFor();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Indisponível na sua região');
      }
    });

    it('shows the site to visitors from elsewhere and from local addresses', async () => {
      for (const forwardedFor of [usIp, undefined]) {
        await open(forwardedFor ? { forwardedFor } : {});
        await page.goto('/creators');
        await page.getByTestId('creator-list').waitFor();
        expect(await layoutOf()).toBe('public');
      }
    });
  });
});
