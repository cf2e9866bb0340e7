import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';

/** List screens keep paging, sorting and filters in the URL query (spec section 2), on /creators. */
describe('host list query', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let searches: URLSearchParams[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    ({ context, page } = await openPage(browser, server.origin));
    searches = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/performers/search') searches.push(url.searchParams);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const query = () => Object.fromEntries(new URL(page.url()).searchParams);
  const names = () => page.getByTestId('creator-list').locator('.creator-card__name').allTextContents();
  const status = () => page.getByTestId('pager-status').textContent();

  /** The pager says `expectedStatus` and the list shows that page's answer. */
  async function settled(expectedStatus: string): Promise<void> {
    await expect.poll(status).toBe(expectedStatus);
    await page.locator('[data-testid="creator-list"][aria-busy="false"]').waitFor();
  }

  it('reads the page size from the URL and pages forward and back', async () => {
    // The six demo creators: four on the first page, two on the second.
    await page.goto('/creators?pageSize=4');
    await settled('Página 1 de 2');
    expect(await names()).toHaveLength(4);
    expect(Object.fromEntries(searches.at(-1)!)).toEqual({ current: '1', pageSize: '4', sortBy: 'updatedAt', sort: 'desc' });

    await page.getByRole('button', { name: 'Próxima' }).click();
    await settled('Página 2 de 2');
    expect(query()).toEqual({ current: '2', pageSize: '4', sortBy: 'updatedAt', sort: 'desc' });
    expect(await names()).toHaveLength(2);
    expect(await page.getByRole('button', { name: 'Próxima' }).isDisabled()).toBe(true);

    await page.goBack();
    await settled('Página 1 de 2');
    expect(query()).toEqual({ pageSize: '4' });
  });

  it('sorts through the URL and starts again at page 1', async () => {
    await page.goto('/creators?pageSize=4&current=2');
    await settled('Página 2 de 2');
    await page.getByLabel('Ordenar por').selectOption('name');
    await settled('Página 1 de 2');
    await page.getByLabel('Ordem').selectOption('asc');
    await expect.poll(query).toEqual({ current: '1', pageSize: '4', sortBy: 'name', sort: 'asc' });
    await expect.poll(names).toEqual(['Ana Lima', 'Bruno Costa', 'Carla Souza', 'Duda Rocha']);
    expect(Object.fromEntries(searches.at(-1)!)).toMatchObject({ sortBy: 'name', sort: 'asc' });

    await page.getByLabel('Ordem').selectOption('desc');
    await expect.poll(names).toEqual(['Sofía Reyes', 'Leo Martins', 'Duda Rocha', 'Carla Souza']);
  });

  it('merges filters into the same query and keeps them on reload', async () => {
    await page.goto('/creators?sortBy=name&sort=asc&current=1&pageSize=12');
    await settled('Página 1 de 1');
    await page.getByLabel('Gênero').selectOption('female');
    await expect.poll(names).toEqual(['Ana Lima', 'Carla Souza', 'Duda Rocha', 'Sofía Reyes']);
    expect(query()).toEqual({ current: '1', pageSize: '12', sortBy: 'name', sort: 'asc', gender: 'female' });

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('carla');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(names).toEqual(['Carla Souza']);
    expect(query()).toEqual({ current: '1', pageSize: '12', sortBy: 'name', sort: 'asc', gender: 'female', q: 'carla' });
    expect(Object.fromEntries(searches.at(-1)!)).toEqual({ current: '1', pageSize: '12', sortBy: 'name', sort: 'asc', gender: 'female', q: 'carla' });

    await page.reload();
    await expect.poll(names).toEqual(['Carla Souza']);
    expect(await page.getByRole('searchbox', { name: 'Buscar' }).inputValue()).toBe('carla');
    expect(await page.getByLabel('Gênero').inputValue()).toBe('female');
    expect(await page.getByLabel('Ordenar por').inputValue()).toBe('name');

    await page.getByLabel('Gênero').selectOption('');
    await expect.poll(query).toEqual({ current: '1', pageSize: '12', sortBy: 'name', sort: 'asc', q: 'carla' });
  });

  it('falls back to the defaults for values it cannot use', async () => {
    await page.goto('/creators?current=zero&pageSize=9999&sortBy=password&sort=sideways');
    await settled('Página 1 de 1');
    expect(Object.fromEntries(searches.at(-1)!)).toEqual({ current: '1', pageSize: '12', sortBy: 'updatedAt', sort: 'desc' });
    expect(await names()).toHaveLength(6);
  });
});
