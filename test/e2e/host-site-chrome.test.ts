import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { setSettings } from './host-flows.js';
import { WAIT_MS } from '../../testing/budgets.js';

/** Site name, logo and favicon from the settings; the theme (spec section 2); the language. */
describe('host site chrome', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh visitor whose system prefers the light scheme (which the site must not follow). */
  async function open(path: string): Promise<void> {
    await context?.close();
    context = await browser.newContext({ baseURL: server.origin, locale: 'pt-BR', colorScheme: 'light' });
    context.setDefaultTimeout(WAIT_MS);
    page = await context.newPage();
    await page.goto(path);
    await page.getByTestId('brand').waitFor();
  }

  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  const logo = () => page.getByTestId('brand').locator('img').getAttribute('src');
  const favicon = () => page.locator('link[rel="icon"]').getAttribute('href');

  it('is dark by default, whatever the system prefers, with the dark-mode logo', async () => {
    await open('/creators');
    expect(await theme()).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    expect(await logo()).toBe(`${server.origin}/brand/logo-dark.svg`);
    expect(await page.title()).toBe('Fandeck');
    expect(await favicon()).toBe(`${server.origin}/brand/favicon.svg`);
  });

  it('switches to light with the light logo, and remembers it', async () => {
    await page.getByTestId('theme-toggle').click();
    await expect.poll(theme).toBe('light');
    expect(await logo()).toBe(`${server.origin}/brand/logo.svg`);
    await page.reload();
    await page.getByTestId('brand').waitFor();
    expect(await theme()).toBe('light');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(theme).toBe('dark');
  });

  it('takes the site name, logos, favicon and menus from the settings', async () => {
    await setSettings(server.origin, {
      siteName: 'Fandeck Teste',
      logoUrl: '/brand/favicon.svg?light',
      darkmodeLogoUrl: '/brand/favicon.svg?dark',
      faviconUrl: '/brand/logo.svg?icon',
      menus: [
        { title: 'Ajuda', path: '/help', section: 'header' },
        { title: 'Termos', path: 'https://example.com/terms', section: 'footer' },
      ],
    });
    try {
      await open('/creators');
      await expect.poll(() => page.title()).toBe('Fandeck Teste');
      expect(await logo()).toBe(`${server.origin}/brand/favicon.svg?dark`);
      expect(await page.getByTestId('brand').locator('img').getAttribute('alt')).toBe('Fandeck Teste');
      expect(await favicon()).toBe(`${server.origin}/brand/logo.svg?icon`);
      expect(await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Ajuda' }).getAttribute('href')).toBe('/help');
      expect(await page.getByRole('navigation', { name: 'Links do site' }).getByRole('link', { name: 'Termos' }).getAttribute('href')).toBe(
        'https://example.com/terms',
      );
      await page.getByTestId('theme-toggle').click();
      await expect.poll(logo).toBe(`${server.origin}/brand/favicon.svg?light`);
    } finally {
      await setSettings(server.origin, {
        siteName: 'Fandeck',
        logoUrl: '/brand/logo.svg',
        darkmodeLogoUrl: '/brand/logo-dark.svg',
        faviconUrl: '/brand/favicon.svg',
        menus: [],
      });
    }
  });

  it('speaks the locale of the query when supported, else the default pt-BR', async () => {
    await open('/creators?locale=en');
    await page.getByRole('heading', { name: 'Creators' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await open('/creators?locale=fr');
    await page.getByRole('heading', { name: 'Criadores' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
  });

  it('switches language from the picker a visitor finds in the footer', async () => {
    await open('/creators');
    await page.getByLabel('Idioma').selectOption('es');
    await page.getByRole('heading', { name: 'Creadores' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  });
});
