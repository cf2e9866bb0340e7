/**
 * Shared by the journey files (journey-*.test.ts, issue 24's "must show"): the two screens a
 * journey runs on, a fresh context per screen, and `visit`, which every page of a journey
 * passes through: once nothing on it is still loading, nothing scrolls sideways and a
 * screenshot is kept as a test artifact in `test/artifacts/journeys/<viewport>/<nn>-<journey>-<step>.png`
 * (ignored by git). A screenshot is the screen as the person sees it at that step; a whole
 * page's is taken from its top (a sticky header or the tab bar would otherwise be drawn
 * across its middle).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage } from './browser.js';
import { repoRoot } from './paths.js';
import { answerSiteConfirms, type SiteConfirms } from './site-confirm.js';

export interface Viewport {
  name: string;
  width: number;
  height: number;
}

export const journeyViewports: readonly Viewport[] = [
  { name: '390x844', width: 390, height: 844 },
  { name: '1366x900', width: 1366, height: 900 },
];

export const isPhone = (viewport: Viewport) => viewport.width < 720;

export const journeyArtifacts = path.join(repoRoot, 'test/artifacts/journeys');

/** How wide the document is against the window: the page scrolls sideways when `scrollWidth` is larger. */
export function pageWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number; path: string }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, path: location.pathname + location.search }));
}

/** Fails when the page is wider than the window (a sideways scroll), naming the page. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await pageWidth(page);
  expect(width.scrollWidth, `${width.path} scrolls sideways: ${width.scrollWidth} px wide in a ${width.innerWidth} px window`).toBeLessThanOrEqual(width.innerWidth);
}

export interface Journey {
  context: BrowserContext;
  page: Page;
  viewport: Viewport;
  /** The site's own payment and question dialogs, answered yes; their texts in order. */
  confirms: SiteConfirms;
  /** The browser's own dialogs (`alert`, `confirm`), which the site must never show: dismissed and kept. */
  browserDialogs: string[];
  /** Checks the page now shown: no sideways scroll; then keeps its screenshot as `<nn>-<journey>-<step>.png`. */
  visit(step: string, options?: { fullPage?: boolean }): Promise<void>;
}

/** Waits until nothing on the page is still loading (a list's or a lazy part's busy state). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .page-status[role="status"]'));
}

/** A fresh context at the viewport's size (pt-BR, like the default site) with the site's confirms answered. */
export async function startJourney(browser: Browser, origin: string, viewport: Viewport, name: string): Promise<Journey> {
  const { context, page } = await openPage(browser, origin);
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  const browserDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const confirms = await answerSiteConfirms(page);
  const folder = path.join(journeyArtifacts, viewport.name);
  mkdirSync(folder, { recursive: true });
  let count = 0;
  return {
    context,
    page,
    viewport,
    confirms,
    browserDialogs,
    async visit(step, options = {}) {
      await settled(page);
      await expectNoSidewaysScroll(page);
      count += 1;
      const file = path.join(folder, `${String(count).padStart(2, '0')}-${name}-${step}.png`);
      if (options.fullPage) await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
    },
  };
}

/** Opens the account menu the way the screen offers it (the tab bar's last tab on a phone, the header's button on a laptop) and follows one of its links. */
export async function followAccountMenu(journey: Journey, linkName: string): Promise<void> {
  const { page } = journey;
  await page.getByTestId(isPhone(journey.viewport) ? 'account-tab' : 'signed-in-user').click();
  const menu = page.getByTestId('account-menu');
  await menu.getByRole('link', { name: linkName, exact: true }).click();
}
