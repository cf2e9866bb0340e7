import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { pathOf, setSettings, waitForPath } from './host-flows.js';

const gaCode = 'G-FANDECK42';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Page-view analytics (spec section 2): every route change, hash changes unless the route ignores them. */
describe('host page views', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await setSettings(server.origin, { gaCode });
    ({ context, page } = await openPage(browser, server.origin));
    // No network outside: the tag's script is answered empty, so the page's own gtag
    // queue (window.dataLayer) is what receives the calls.
    await context.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtag.js stand-in */' }),
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The gtag calls in the data layer, as plain arrays. */
  function gtagCalls(): Promise<unknown[][]> {
    return page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)));
  }

  async function pageViews(): Promise<string[]> {
    const calls = await gtagCalls();
    return calls
      .filter((call) => call[0] === 'event' && call[1] === 'page_view')
      .map((call) => (call[2] as { page_path: string }).page_path);
  }

  async function expectViews(expected: string[]): Promise<void> {
    await expect.poll(pageViews).toEqual(expected);
  }

  it('installs the tag from the gaCode setting and counts the first page', async () => {
    await page.goto('/creators');
    await page.getByTestId('creator-list').waitFor();
    const src = await page.locator('script[data-fandeck="analytics"]').getAttribute('src');
    expect(src).toBe(`https://www.googletagmanager.com/gtag/js?id=${gaCode}`);
    const calls = await gtagCalls();
    expect(calls[0]?.[0]).toBe('js');
    expect(calls[1]).toEqual(['config', gaCode, { send_page_view: false }]);
    await expectViews(['/creators']);
    const [view] = (await gtagCalls()).filter((call) => call[1] === 'page_view');
    expect(view?.[2]).toMatchObject({ page_location: `${server.origin}/creators`, send_to: gaCode });
  });

  it('counts route changes: links, query changes, back and forward', async () => {
    await page.getByTestId('creator-list').locator('[data-username="bruno.costa"] a').click();
    await waitForPath(page, '/bruno.costa');
    await expectViews(['/creators', '/bruno.costa']);

    await page.goBack();
    await waitForPath(page, '/creators');
    await expectViews(['/creators', '/bruno.costa', '/creators']);

    await page.getByLabel('Ordem').selectOption('asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'asc');
    const sorted = '/creators?current=1&pageSize=12&sortBy=updatedAt&sort=asc';
    await expectViews(['/creators', '/bruno.costa', '/creators', sorted]);

    await page.goForward().catch(() => undefined);
    // There is no forward entry after a new navigation: nothing more is counted.
    await expectViews(['/creators', '/bruno.costa', '/creators', sorted]);
  });

  it('counts hash changes on routes that do not ignore them', async () => {
    const before = await pageViews();
    await page.evaluate(() => {
      window.location.hash = 'results';
    });
    await expectViews([...before, '/creators?current=1&pageSize=12&sortBy=updatedAt&sort=asc#results']);
    await page.goBack();
    await expectViews([...before, '/creators?current=1&pageSize=12&sortBy=updatedAt&sort=asc#results', '/creators?current=1&pageSize=12&sortBy=updatedAt&sort=asc']);
  });

  it('ignores hash changes where the route says so (profile sections), but not the route change itself', async () => {
    await page.getByTestId('creator-list').locator('[data-username="carla.souza"] a').click();
    await waitForPath(page, '/carla.souza');
    await page.getByTestId('profile').waitFor();
    const before = await pageViews();
    expect(before.at(-1)).toBe('/carla.souza');

    await page.getByRole('link', { name: 'Planos de assinatura' }).click();
    await page.waitForURL((url) => url.hash === '#plans');
    await page.getByRole('link', { name: 'Sobre', exact: true }).click();
    await page.waitForURL((url) => url.hash === '#about');
    // A route change afterwards is still counted, and is the only new view.
    await page.getByRole('link', { name: 'Criadores', exact: true }).click();
    await waitForPath(page, '/creators');
    await expectViews([...before, '/creators']);
    expect(pathOf(page)).toBe('/creators');
  });

  it('counts where a redirect lands, not the page that redirected', async () => {
    // A full load starts a new data layer.
    await page.goto('/home');
    await waitForPath(page, '/auth/login');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await expectViews(['/auth/login?redirectFrom=%2Fhome']);
  });
});
