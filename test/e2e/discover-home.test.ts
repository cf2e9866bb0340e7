/**
 * Issue 24, points 5 and 10, on the demo data: a visitor finds creators on /discover on a
 * phone (cards with cover, price and real counts; the free and country filters; the address
 * keeps the search), and a fan's home at a laptop width suggests creators while it is
 * empty, then shows the posts of a creator they subscribe to without following.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { api, apiLogin, demo, signIn, waitForPath } from './host-flows.js';

const phone = { width: 390, height: 844 };
const laptop = { width: 1366, height: 900 };

async function open(browser: Browser, origin: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, locale: 'pt-BR', viewport });
  context.setDefaultTimeout(20_000);
  return context.newPage();
}

const usernames = (page: Page) => page.getByTestId('top-creators').locator('li.creator-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-username')));
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('discover and the home feed', () => {
  const e2e = useServerAndBrowser();

  it('a visitor on a phone finds creators by popularity, filters them, and the address keeps it all', async () => {
    const page = await open(e2e.browser, e2e.server.origin, phone);
    try {
      await page.goto('/discover');
      const discover = page.getByTestId('discover');
      const duda = discover.locator('li.creator-card[data-username="dudarocha"]');
      await duda.waitFor();
      // Most subscribed first: Duda (15 subscribers) leads.
      expect((await usernames(page))[0]).toBe('dudarocha');
      expect(await duda.getByTestId('creator-subscribers').textContent()).toBe('15 assinantes');
      expect(await duda.getByTestId('creator-followers').textContent()).toBe('24 seguidores');
      expect(await duda.getByTestId('creator-price').textContent()).toBe('Grátis por 7 dias');
      expect(await duda.locator('.creator-card__cover img').getAttribute('src')).toMatch(/\/files\/images\/.+\.webp$/);
      expect(await noSideways(page)).toBe(true);

      await discover.getByLabel('Assinatura grátis').check();
      await expect.poll(() => usernames(page)).toEqual(['dudarocha', 'ana.lima']);
      expect(new URL(page.url()).searchParams.get('isFreeSubscription')).toBe('true');

      await discover.getByText('Filtros', { exact: true }).click();
      await discover.getByLabel('País').selectOption('PT');
      await discover.getByTestId('creator-results-empty').waitFor();
      await discover.getByLabel('Assinatura grátis').uncheck();
      await expect.poll(() => usernames(page)).toEqual(['bruno.costa']);
      expect(await noSideways(page)).toBe(true);

      await discover.getByLabel('Ordenar por').selectOption('newest');
      await page.reload();
      await expect.poll(() => usernames(page)).toEqual(['bruno.costa']);
      const address = new URL(page.url()).searchParams;
      expect([address.get('country'), address.get('sortBy')]).toEqual(['PT', 'newest']);
      expect(await discover.getByLabel('País').inputValue()).toBe('PT');
    } finally {
      await page.context().close();
    }
  });

  it('a fan’s empty home suggests creators; subscribing (without following) brings their posts, newest first', async () => {
    const page = await open(e2e.browser, e2e.server.origin, laptop);
    try {
      await signIn(page, demo.fan.email);
      await waitForPath(page, '/home');
      const suggestions = page.getByTestId('home-suggestions');
      await suggestions.locator('li.creator-card').first().waitFor();
      expect(await suggestions.locator('li.creator-card').count()).toBeGreaterThanOrEqual(3);

      const token = await apiLogin(e2e.server.origin, demo.fan.email);
      const subscribed = await api(e2e.server.origin, 'POST', '/payment/subscribe/performers', { token, body: { performerId: 'dudarocha', type: 'free' } });
      expect(subscribed.status).toBe(200);
      await page.reload();
      const posts = page.locator('[data-feed]');
      await posts.first().waitFor();
      expect(await page.getByTestId('home-suggestions').count()).toBe(0);
      // Duda's newest post is her poll, with its options and votes.
      expect(await posts.first().textContent()).toContain('Qual música entra no show de sábado?');
      expect(await posts.first().getByText('Garota de Ipanema').count()).toBeGreaterThan(0);
      expect(await noSideways(page)).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});
