/**
 * The creator dashboard on the host site, in Chromium against the real server (issue 10,
 * point 6: "for the signed-in creator, or staff acting for one"):
 *
 * 1. The admin opens /admin/creators/<Ana's id>/dashboard, signs in on the way, and sees
 *    Ana's dashboard read-only: the title names her, the totals are exactly what
 *    GET /performer/earning/stats?performerId=… answers the admin, every earnings read the
 *    page made named her, no payout route was called, and there is no payout form, only her
 *    balances and the line saying payouts are the creator's to request.
 * 2. Ana signs in, opens her dashboard from the creator menu, and sees her own totals (the
 *    same figures) and the payout request form.
 *
 * Ana earns first (a fan tips her) so the totals are not all zero. Every wait is on
 * something happening, with a deadline; there are no sleeps.
 */
import type { Locator, Page } from 'playwright-core';
import type { EarningStats } from '@fandeck/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { brl, normalised } from '../support/subscriber-posts.js';
import { apiOk, tip } from './host-money-setup.js';
import { apiLogin, demo, setSettings, signIn, submitLogin, waitForPath } from './host-flows.js';

const ana = { ...demo.creator, name: 'Ana Lima' };
const TIP = 10;
const TIPS = 3;

/** The totals in the order the dashboard shows them, each with its `data-stat`. */
const FIGURES = [
  ['net', 'totalNetPrice'],
  ['available', 'remainingPrice'],
  ['pending', 'pendingPrice'],
  ['paid', 'paidPrice'],
  ['gross', 'totalGrossPrice'],
  ['commission', 'totalSiteCommission'],
] as const satisfies readonly (readonly [string, keyof EarningStats])[];

const expectedFigures = (stats: EarningStats) => FIGURES.map(([stat, field]) => [stat, brl(stats[field])]);

async function shownFigures(dashboard: Locator): Promise<string[][]> {
  const rows = dashboard.locator('[part~="stats"] [part~="stat"]');
  return Promise.all(
    (await rows.all()).map(async (row) => [(await row.getAttribute('data-stat')) ?? '', normalised(await row.locator('dd').textContent())]),
  );
}

/** The platform's API calls the page makes, as paths with their queries. */
function recordApiCalls(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(url);
  });
  return seen;
}

describe('the creator dashboard on the host site: staff read a creator’s, the creator her own', () => {
  const e2e = useServerAndBrowser();
  let anaId = '';
  let adminToken = '';
  let anaToken = '';

  beforeAll(async () => {
    const origin = e2e.server.origin;
    const fanToken = await apiLogin(origin, demo.fan.email);
    [adminToken, anaToken] = await Promise.all([apiLogin(origin, demo.admin.email), apiLogin(origin, ana.email)]);
    anaId = (await apiOk<{ _id: string }>(origin, 'GET', `/performers/${ana.username}`, fanToken))._id;
    await tip(origin, fanToken, ana.username, TIP, TIPS);
    // Ana's earnings (80 % of 30.00) are then above the payout minimum, so her form shows.
    await setSettings(origin, { minPayoutAmount: 10 });
  });

  it('the admin opens /admin/creators/<Ana’s id>/dashboard and sees Ana’s totals as the API gives them, read-only', async () => {
    const origin = e2e.server.origin;
    const stats = await apiOk<EarningStats>(origin, 'GET', `/performer/earning/stats?performerId=${anaId}`, adminToken);
    expect(stats.totalNetPrice).toBeGreaterThan(0);

    const { context, page } = await openPage(e2e.browser, origin);
    try {
      const calls = recordApiCalls(page);
      const path = `/admin/creators/${anaId}/dashboard`;
      await page.goto(path);
      await waitForPath(page, '/auth/login');
      await submitLogin(page, demo.admin.email);
      await waitForPath(page, path);

      const dashboard = page.getByTestId('creator-dashboard');
      await expect.poll(() => dashboard.locator('[part~="heading"]').textContent()).toBe(`Painel do criador: ${ana.name}`);
      expect(await dashboard.locator('[part~="dashboard"]').getAttribute('data-state')).toBe('staff');
      await dashboard.locator('[part~="stats"] [part~="stat"]').first().waitFor();
      expect(await shownFigures(dashboard)).toEqual(expectedFigures(stats));

      const balances = dashboard.locator('[part~="balances"] [part~="balance"]');
      await balances.first().waitFor();
      expect(await balances.evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-stat'), row.querySelector('dd')?.textContent?.replace(/\s/g, ' ')]))).toEqual([
        ['available', brl(stats.remainingPrice)],
        ['pending', brl(stats.pendingPrice)],
        ['paid', brl(stats.paidPrice)],
      ]);
      expect(await dashboard.locator('[part~="payout-by-creator"]').textContent()).toBe('Os saques são pedidos pelo próprio criador.');
      expect(await dashboard.locator('[part~="form"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: /Pedir saque/ }).count()).toBe(0);

      // The other sections have answered too; each read named Ana, and nothing asked about payouts.
      await dashboard.locator('[part~="chart-svg"]').waitFor();
      await dashboard.locator('[part~="subscribers"] :is([part~="subscribers-total"], [part~="empty"])').waitFor();
      await dashboard.locator('[part~="top-content"] :is([part~="top-item"], [part~="empty"])').first().waitFor();
      const reads = calls.filter((url) => url.pathname.startsWith('/api/performer/earning/') || url.pathname === '/api/subscriptions/performer/search');
      expect(new Set(reads.map((url) => url.pathname))).toEqual(
        new Set(['/api/performer/earning/stats', '/api/performer/earning/timeline', '/api/performer/earning/top-content', '/api/subscriptions/performer/search']),
      );
      for (const url of reads) expect(url.searchParams.get('performerId'), url.pathname).toBe(anaId);
      expect(calls.filter((url) => url.pathname.startsWith('/api/payout-requests'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the demo manager (earning.all) opens the same page and sees Ana’s totals; a fan is sent home', async () => {
    const origin = e2e.server.origin;
    const manager = { email: 'manager@fandeck.local' };
    const stats = await apiOk<EarningStats>(origin, 'GET', `/performer/earning/stats?performerId=${anaId}`, await apiLogin(origin, manager.email));
    const path = `/admin/creators/${anaId}/dashboard`;
    const { context, page } = await openPage(e2e.browser, origin);
    try {
      await page.goto(path);
      await waitForPath(page, '/auth/login');
      await submitLogin(page, manager.email);
      await waitForPath(page, path);
      const dashboard = page.getByTestId('creator-dashboard');
      await expect.poll(() => dashboard.locator('[part~="heading"]').textContent()).toBe(`Painel do criador: ${ana.name}`);
      await dashboard.locator('[part~="stats"] [part~="stat"]').first().waitFor();
      expect(await shownFigures(dashboard)).toEqual(expectedFigures(stats));
    } finally {
      await context.close();
    }
    const fan = await openPage(e2e.browser, origin);
    try {
      await fan.page.goto(path);
      await waitForPath(fan.page, '/auth/login');
      await submitLogin(fan.page, demo.fan.email);
      await waitForPath(fan.page, '/home');
    } finally {
      await fan.context.close();
    }
  });

  it('Ana opens her dashboard from the creator menu and sees her own totals and the payout form', async () => {
    const origin = e2e.server.origin;
    const stats = await apiOk<EarningStats>(origin, 'GET', '/performer/earning/stats', anaToken);

    const { context, page } = await openPage(e2e.browser, origin);
    try {
      const calls = recordApiCalls(page);
      await signIn(page, ana.email);
      await waitForPath(page, `/${ana.username}`);
      await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Painel', exact: true }).click();
      await waitForPath(page, '/creator/dashboard');

      const dashboard = page.getByTestId('creator-dashboard');
      expect(await dashboard.locator('[part~="heading"]').textContent()).toBe('Painel do criador');
      await dashboard.locator('[part~="stats"] [part~="stat"]').first().waitFor();
      expect(await shownFigures(dashboard)).toEqual(expectedFigures(stats));

      const form = dashboard.locator('[part~="form"]');
      await form.waitFor();
      expect(normalised(await dashboard.locator('[part~="available"]').textContent())).toBe(`Disponível para saque: ${brl(stats.remainingPrice)}`);
      expect(await form.getByRole('button', { name: /Pedir saque/ }).isEnabled()).toBe(true);
      expect(await dashboard.locator('[part~="payout-by-creator"]').count()).toBe(0);
      const own = calls.filter((url) => url.pathname === '/api/performer/earning/stats');
      expect(own.length).toBeGreaterThan(0);
      for (const url of own) expect(url.searchParams.has('performerId')).toBe(false);
    } finally {
      await context.close();
    }
  });
});
