import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { WAIT_MS } from '../../testing/budgets.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { repoRoot } from '../support/paths.js';
import { api, apiLogin, demo, plantToken } from './host-flows.js';

/**
 * Every route of the site (issue 24 point 11), opened on a phone by the user it is for: axe
 * finds no serious or critical violation, the page has exactly one h1 and does not scroll
 * sideways. The list below is checked against host/src/routes.tsx, so a new page that is
 * not here fails the first test.
 */

type Who = 'visitor' | 'fan' | 'creator' | 'admin';
interface Visit {
  /** The route's pattern in host/src/routes.tsx. */
  route: string;
  who: Who;
  /** The address opened; the pattern itself when it has no parameter. */
  open?: (ids: { creatorId: string }) => string;
}

const visits: Visit[] = [
  { route: '/auth/login', who: 'visitor' },
  { route: '/auth/register', who: 'visitor' },
  { route: '/auth/register/creator', who: 'visitor' },
  { route: '/auth/verify-email', who: 'visitor' },
  { route: '/auth/reset-password', who: 'visitor' },
  { route: '/', who: 'visitor' },
  { route: '/home', who: 'fan' },
  { route: '/user/account', who: 'fan' },
  { route: '/user/bookmarks', who: 'fan' },
  { route: '/user/subscriptions', who: 'fan' },
  { route: '/user/wallet', who: 'fan' },
  { route: '/creator/account', who: 'creator' },
  { route: '/creator/account/:section', who: 'creator', open: () => '/creator/account/payouts' },
  { route: '/creator/posts', who: 'creator' },
  { route: '/creator/subscribers', who: 'creator' },
  { route: '/creator/earnings', who: 'creator' },
  { route: '/creator/payouts', who: 'creator' },
  { route: '/creator/dashboard', who: 'creator' },
  { route: '/creator/messages/mass', who: 'creator' },
  { route: '/creator/messages/templates', who: 'creator' },
  { route: '/creator/messages/auto', who: 'creator' },
  { route: '/creator/messages/lists', who: 'creator' },
  { route: '/creator/live', who: 'creator' },
  { route: '/notifications', who: 'fan' },
  { route: '/messages', who: 'fan' },
  { route: '/private-calls', who: 'fan' },
  { route: '/creators', who: 'visitor' },
  { route: '/discover', who: 'visitor' },
  { route: '/live', who: 'visitor' },
  { route: '/live/:creator', who: 'fan', open: () => `/live/${demo.creator.username}` },
  { route: '/calls/:requestId', who: 'fan', open: () => '/calls/00000000-0000-4000-8000-000000000000' },
  { route: '/admin', who: 'admin' },
  { route: '/admin/accounts', who: 'admin' },
  { route: '/admin/creators/review', who: 'admin' },
  { route: '/admin/moderation', who: 'admin' },
  { route: '/admin/payouts', who: 'admin' },
  { route: '/admin/site-settings', who: 'admin' },
  { route: '/admin/discount-coupons', who: 'admin' },
  { route: '/admin/token-packages', who: 'admin' },
  { route: '/admin/site-promos', who: 'admin' },
  { route: '/admin/live-gifts', who: 'admin' },
  { route: '/admin/blocked-countries', who: 'admin' },
  { route: '/admin/team', who: 'admin' },
  { route: '/admin/audit', who: 'admin' },
  { route: '/admin/creators/:id/dashboard', who: 'admin', open: ({ creatorId }) => `/admin/creators/${creatorId}/dashboard` },
  { route: '/:profileId', who: 'visitor', open: () => `/${demo.creator.username}` },
  { route: '*', who: 'visitor', open: () => '/no-such-page/anywhere' },
];

const emails: Record<Exclude<Who, 'visitor'>, string> = { fan: demo.fan.email, creator: demo.creator.email, admin: demo.admin.email };
const BLOCKING = new Set(['serious', 'critical']);

interface Found {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

async function routesInTable(): Promise<string[]> {
  // routes.tsx, and the back-office screens it spreads in (the registry and the catalogue's).
  const files = ['host/src/routes.tsx', 'host/src/pages/admin/admin-screens.ts', 'host/src/pages/admin/catalog/index.ts'];
  const sources = await Promise.all(files.map((file) => readFile(path.join(repoRoot, file), 'utf8')));
  return sources.flatMap((source) => [...source.matchAll(/\{\s*path: '([^']+)'/g)].map((match) => match[1]!));
}

/** Loads a page and waits until nothing on it is loading any more. */
async function visit(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .page-status[role="status"]'));
  await page.waitForLoadState('networkidle');
}

async function axeViolations(page: Page, source: string): Promise<Found[]> {
  await page.addScriptTag({ content: source });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => String(n.target)) }));
  });
}

describe('every route of the site, on a phone', () => {
  const e2e = useServerAndBrowser();

  it('lists every route of host/src/routes.tsx', async () => {
    expect(visits.map((v) => v.route).sort()).toEqual((await routesInTable()).sort());
  });

  const pages = new Map<Who, Page>();
  let axeSource = '';
  let ids = { creatorId: '' };
  beforeAll(async () => {
    axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const creator = await api<{ id: string }>(e2e.server.origin, 'GET', `/performers/${demo.creator.username}`);
    ids = { creatorId: creator.data!.id };
  });
  const pageFor = async (browser: Browser, who: Who): Promise<Page> => {
    const known = pages.get(who);
    if (known) return known;
    const origin = e2e.server.origin;
    const context = await browser.newContext({ baseURL: origin, locale: 'pt-BR', viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(WAIT_MS);
    if (who !== 'visitor') await plantToken(context, origin, await apiLogin(origin, emails[who]));
    const page = await context.newPage();
    pages.set(who, page);
    return page;
  };

  it.for(visits)('$who $route: no serious or critical axe violation, one h1, no sideways scroll', async ({ route, who, open }) => {
    const page = await pageFor(e2e.browser, who);
    const address = open ? open(ids) : route;
    await visit(page, address);
    const problems: string[] = [];
    const h1 = await page.locator('h1').count();
    if (h1 !== 1) problems.push(`${h1} h1`);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    if (widths.scroll > widths.inner) problems.push(`${widths.scroll} px wide on a ${widths.inner} px screen`);
    for (const found of await axeViolations(page, axeSource)) {
      if (found.impact && BLOCKING.has(found.impact)) problems.push(`${found.impact} ${found.id} (${found.help}) at ${found.targets.join(' | ')}`);
    }
    expect(problems, `${who} ${address}`).toEqual([]);
  });
});
