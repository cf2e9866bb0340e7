import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { WAIT_MS } from '../../testing/budgets.js';

/** The system Chromium; browsers are never downloaded. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
}

/** A fresh context (own cookies and storage) on the given origin, pt-BR like the default site. */
export async function openPage(browser: Browser, origin: string): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL: origin, locale: 'pt-BR' });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  return { context, page };
}

/** The token cookie the site stored, if any. */
export async function tokenCookie(context: BrowserContext): Promise<string | undefined> {
  const cookies = await context.cookies();
  return cookies.find((cookie) => cookie.name === 'token')?.value || undefined;
}
