import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WAIT_MS } from '../../testing/budgets.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { repoRoot } from '../support/paths.js';
import { apiLogin, demo, plantToken } from './host-flows.js';

/**
 * The app shell (issue 24): on a phone and on a laptop, every main page of a visitor, a fan
 * and a creator has no sideways scroll, one h1, the skip link as its first tab stop landing
 * on the main region, and a header at most 64 px tall; on the phone the tab bar shows and
 * the account menu opens as a dialog and closes with Escape. Screenshots go to
 * test/.artifacts/shell/.
 */

const artifacts = path.join(repoRoot, 'test/.artifacts/shell');
const HEADER_MAX_PX = 64;

const viewports = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1366, height: 900 },
} as const;
type ViewportName = keyof typeof viewports;

const visitorPages = ['/', '/discover'];
const fanPages = ['/home', '/discover', '/messages', '/notifications', '/user/subscriptions'];
const creatorPages = ['/creator/dashboard', '/creator/posts', '/messages', '/creator/earnings', `/${demo.creator.username}`];

const slug = (pathname: string) => pathname.replace(/^\//, '').replace(/\W+/g, '-') || 'landing';

async function open(browser: Browser, origin: string, viewport: ViewportName, email?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, locale: 'pt-BR', viewport: viewports[viewport] });
  context.setDefaultTimeout(WAIT_MS);
  if (email) await plantToken(context, origin, await apiLogin(origin, email));
  return context.newPage();
}

/** Loads a page and waits until nothing on it is loading any more. */
async function visit(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname);
  await page.waitForURL((url) => url.pathname === pathname);
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .page-status[role="status"]'));
  await page.waitForLoadState('networkidle');
}

/** The checks every page passes, with a screenshot. */
async function checkPage(page: Page, viewport: ViewportName, who: string, pathname: string): Promise<void> {
  const where = `${who} ${pathname} at ${viewport}`;
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, `${where}: page wider than the screen`).toBeLessThanOrEqual(widths.inner);
  expect(await page.locator('h1').count(), `${where}: h1 count`).toBe(1);
  const header = await page.getByRole('banner').boundingBox();
  expect(header?.height ?? Infinity, `${where}: header height`).toBeLessThanOrEqual(HEADER_MAX_PX);

  await mkdir(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, `${viewport}-${who}-${slug(pathname)}.png`), fullPage: false });

  // The page was just loaded: the first Tab lands on the skip link, whose Enter focuses the main region.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), `${where}: first tab stop`).toBe('skip-link');
  expect(await page.getByTestId('skip-link').textContent()).toBe('Pular para o conteúdo');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id), `${where}: skip link target`).toBe('main');
  expect(await page.evaluate(() => document.activeElement?.tagName), `${where}: skip link target`).toBe('MAIN');

  const tabBar = page.getByTestId('tab-bar');
  expect(await tabBar.isVisible(), `${where}: tab bar`).toBe(viewport === 'phone');
}

/** Opens the account menu from `opener`, checks it is a dialog that Escape closes, focus back on the opener. */
async function checkAccountMenu(page: Page, viewport: ViewportName, who: string): Promise<void> {
  const opener = viewport === 'phone' ? page.getByTestId('tab-bar').getByTestId('account-tab') : page.getByTestId('signed-in-user');
  await opener.click();
  const menu = page.getByRole('dialog');
  await menu.waitFor();
  await expect.poll(() => opener.getAttribute('aria-expanded')).toBe('true');
  expect(await menu.getByRole('link', { name: 'Carteira' }).getAttribute('href')).toBe('/user/wallet');
  await menu.getByRole('button', { name: 'Sair' }).waitFor();
  await menu.getByLabel('Idioma').waitFor();
  await menu.getByTestId('theme-toggle').waitFor();
  await page.screenshot({ path: path.join(artifacts, `${viewport}-${who}-account-menu.png`) });
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  await expect.poll(() => opener.getAttribute('aria-expanded')).toBe('false');
  await expect.poll(() => opener.evaluate((node) => node === document.activeElement)).toBe(true);
}

describe('the app shell on a phone and a laptop', () => {
  const e2e = useServerAndBrowser();

  for (const viewport of Object.keys(viewports) as ViewportName[]) {
    it(`a visitor's landing and discover at ${viewport} width`, async () => {
      const page = await open(e2e.browser, e2e.server.origin, viewport);
      try {
        for (const pathname of visitorPages) {
          await visit(page, pathname);
          await checkPage(page, viewport, 'visitor', pathname);
        }
        // The landing: one pitch, creators to discover, sign in and sign up in the header.
        await visit(page, '/');
        const header = page.getByRole('banner');
        expect(await header.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/auth/login');
        expect(await header.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe('/auth/register');
        await page.getByTestId('landing-shelf').locator('.creator-card').first().waitFor();
        await page.getByRole('tab', { name: 'Ao vivo agora' }).click();
        await page.getByTestId('landing-shelf-empty').waitFor();
        await page.getByRole('search').getByRole('searchbox').fill('ipanema');
        await page.getByRole('search').getByRole('button', { name: 'Buscar' }).click();
        await page.waitForURL((url) => url.pathname === '/discover' && url.searchParams.get('q') === 'ipanema');
      } finally {
        await page.context().close();
      }
    });

    it(`a fan's main pages at ${viewport} width`, async () => {
      const page = await open(e2e.browser, e2e.server.origin, viewport, demo.fan.email);
      try {
        // A signed-in fan who opens the bare address lands on the feed.
        await page.goto('/');
        await page.waitForURL((url) => url.pathname === '/home');
        for (const pathname of fanPages) {
          await visit(page, pathname);
          await checkPage(page, viewport, 'fan', pathname);
          if (viewport === 'phone' || pathname === '/home') await checkAccountMenu(page, viewport, 'fan');
        }
        // The place the fan is on is marked in the navigation of the width.
        await visit(page, '/messages');
        const nav = viewport === 'phone' ? page.getByTestId('tab-bar') : page.getByRole('navigation', { name: 'Navegação principal' });
        expect(await nav.locator('[aria-current="page"]').textContent()).toBe('Mensagens');
      } finally {
        await page.context().close();
      }
    });

    it(`a creator's main pages at ${viewport} width`, async () => {
      const page = await open(e2e.browser, e2e.server.origin, viewport, demo.creator.email);
      try {
        for (const pathname of creatorPages) {
          await visit(page, pathname);
          await checkPage(page, viewport, 'creator', pathname);
          if (viewport === 'phone' || pathname === '/creator/dashboard') await checkAccountMenu(page, viewport, 'creator');
        }
      } finally {
        await page.context().close();
      }
    });
  }
});
