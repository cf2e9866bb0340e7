import type { BrowserContext, Page } from 'playwright-core';
import { WAIT_MS } from '../../testing/budgets.js';
import { answerSiteConfirms } from '../support/site-confirm.js';

/**
 * Shared steps of the host-site tests (host-*.test.ts): the demo accounts, API
 * calls made from the test process, and the sign-in form driven in the browser.
 */
export const demoPassword = 'fandeck-demo';
export const demo = {
  fan: { email: 'fan1@fandeck.local', username: 'fan.one' },
  creator: { email: 'creator1@fandeck.local', username: 'ana.lima' },
  admin: { email: 'admin@fandeck.local', username: 'admin.fandeck' },
} as const;

export interface Answer<T = unknown> {
  status: number;
  data: T | undefined;
  body: unknown;
}

export async function api<T = unknown>(
  origin: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  const body: unknown = await response.json().catch(() => undefined);
  const data = typeof body === 'object' && body !== null && 'data' in body ? (body as { data: T }).data : undefined;
  return { status: response.status, data, body };
}

/** Signs in through the API and returns the token. */
export async function apiLogin(origin: string, email: string, password = demoPassword): Promise<string> {
  const answer = await api<{ token: string }>(origin, 'POST', '/auth/login', { body: { username: email, password } });
  if (answer.status !== 200 || !answer.data?.token) throw new Error(`login of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.data.token;
}

/** Changes site settings as the demo admin. */
export async function setSettings(origin: string, values: Record<string, unknown>): Promise<void> {
  const token = await apiLogin(origin, demo.admin.email);
  const answer = await api(origin, 'PUT', '/admin/settings', { token, body: values });
  if (answer.status !== 200) throw new Error(`PUT /admin/settings failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** A new fan account (email and password only, so no username). */
export async function registerFan(origin: string, email: string, password = demoPassword): Promise<void> {
  const answer = await api(origin, 'POST', '/auth/users/register', { body: { email, password, name: 'New Fan' } });
  if (answer.status !== 200) throw new Error(`registering ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export function searchParam(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

/** Waits until the address bar shows `pathname` (whatever the query). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Fills and submits the sign-in form on the page it is on (pt-BR labels). */
export async function submitLogin(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.getByLabel('E-mail ou nome de usuário').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Opens /auth/login (with an optional query) and signs in. */
export async function signIn(page: Page, email: string, query = ''): Promise<void> {
  await page.goto(`/auth/login${query}`);
  await submitLogin(page, email);
}

/** Opens the account menu from the header (laptop widths) and answers the dialog. */
export async function openAccountMenu(page: Page) {
  await page.getByTestId('signed-in-user').click();
  const menu = page.getByRole('dialog');
  await menu.waitFor();
  return menu;
}

/** Signs out from the account menu. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await (await openAccountMenu(page)).getByRole('button', { name: 'Sair' }).click();
}

/** Puts a token cookie in the browser as the site would keep it. */
export async function plantToken(context: BrowserContext, origin: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'token', value: token, url: origin, sameSite: 'Lax' }]);
}

/**
 * Waits until a signed-in page is done loading: the header shows the user and its
 * notification bell, nothing on the page is still loading (a lazy part's fallback or a
 * list's busy state), and no request has been open for a moment. `networkidle` alone is
 * not enough on a busy machine: a lazy part can arrive after half a second of quiet and
 * only then ask the server for its data.
 */
export async function settle(page: Page): Promise<void> {
  await page.getByTestId('signed-in-user').waitFor();
  await page.getByTestId('notification-bell').waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .page-status[role="status"]'));
  await page.waitForLoadState('networkidle');
}

/**
 * The demo fan signed in on the host site in a fresh context, with every confirm dialog
 * (the browser's and the platform's payment confirm) accepted and its text kept, and their
 * wallet balance read before anything is spent.
 */
export async function openAsFan(browser: import('playwright-core').Browser, origin: string) {
  const token = await apiLogin(origin, demo.fan.email);
  const balance = async () => (await api<{ balance: number }>(origin, 'GET', '/users/me', { token })).data!.balance;
  const before = await balance();
  const context = await browser.newContext({ baseURL: origin, locale: 'pt-BR' });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await answerSiteConfirms(page, dialogs);
  await signIn(page, demo.fan.email);
  await waitForPath(page, '/home');
  return { page, dialogs, context, before, balance };
}
