import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';
import { WAIT_MS } from '../../testing/budgets.js';

/** The system Chromium; browsers are never downloaded. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Features Playwright turns off in every Chromium it starts (playwright-core 1.65's
 * chromiumSwitches), repeated here because Chromium reads only the last
 * `--disable-features`, and ours comes after Playwright's.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Headless Chromium preloads a renderer for its own toolbar pages (tab search and the
 * like) with every new page, a second or two of CPU each that no test uses.
 */
const OUR_DISABLED_FEATURES = ['PreloadTopChromeWebUI'];

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
];

/** The run's one Chromium, started by global-setup.ts: files connect to it instead of each starting their own. */
export const SHARED_BROWSER_ENV = 'FANDECK_E2E_BROWSER';

/** Starts the Chromium the files of a run share; its `wsEndpoint()` goes in SHARED_BROWSER_ENV. */
export function launchSharedBrowser(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}

/**
 * A browser for one file: a connection to the run's shared Chromium when there is one
 * (starting Chromium costs more CPU than most files' pages), else a Chromium of its own.
 * Each file works in its own contexts, so nothing is shared but the process; `close()` on
 * a connection closes the file's contexts and leaves the shared Chromium running.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  if (shared) return chromium.connect(shared);
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
