import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage, tokenCookie } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { api, demo, openAccountMenu, pathOf, plantToken, registerFan, searchParam, settle, signIn, signOutFromMenu, submitLogin, waitForPath } from './host-flows.js';

interface Me {
  _id: string;
  username: string | null;
  email: string;
  isPerformer: boolean;
}

/** The redirects of spec section 2, each in a real Chromium against the real server. */
describe('host site redirects', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await page?.unrouteAll({ behavior: 'ignoreErrors' });
    await browser?.close();
    await server?.stop();
  });

  // Each test gets its own cookies and storage.
  async function fresh(): Promise<void> {
    await page?.unrouteAll({ behavior: 'ignoreErrors' });
    await context?.close();
    ({ context, page } = await openPage(browser, server.origin));
  }

  it('sends a fan with email and username to /home after login', async () => {
    await fresh();
    await signIn(page, demo.fan.email);
    await waitForPath(page, '/home');
    await page.getByTestId('signed-in-as').waitFor();
    expect(await tokenCookie(context)).toBeTruthy();
  });

  it('sends a fan without a username to /user/account, and on to /home once completed', async () => {
    await fresh();
    const email = `fan-${Date.now()}@fandeck.test`;
    await registerFan(server.origin, email);
    await signIn(page, email);
    await waitForPath(page, '/user/account');
    await page.getByTestId('user-account').waitFor();
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email);

    const username = `newfan${Date.now() % 1_000_000}`;
    await page.getByLabel('Nome de usuário').fill(username);
    await page.getByRole('button', { name: 'Salvar' }).click();
    const saved = page.getByTestId('account-saved');
    await saved.waitFor();
    expect(await saved.textContent()).toContain('Alterações salvas');
    const me = await api<Me>(server.origin, 'GET', '/users/me', { token: await tokenCookie(context) });
    expect(me.data?.username).toBe(username);

    await saved.getByRole('link', { name: 'Continuar' }).click();
    await waitForPath(page, '/home');
  });

  it('sends a creator with email and username to /{username}', async () => {
    await fresh();
    await signIn(page, demo.creator.email);
    await waitForPath(page, `/${demo.creator.username}`);
    const profile = page.getByTestId('profile');
    await profile.waitFor();
    // The name, then the verified mark the profile's header puts beside it.
    expect(await profile.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Ana Lima(✓)?$/);
  });

  it('sends a creator without a username to /creator/account', async () => {
    await fresh();
    // Creators register with a username, so the server never holds one without it:
    // the answer of GET /users/me is altered to stand for such an account.
    await page.route('**/api/users/me', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { status: number; data: Me };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, username: null } } });
    });
    await signIn(page, demo.creator.email);
    await waitForPath(page, '/creator/account');
    await page.getByTestId('creator-account').waitFor();
  });

  it('sends a fan who logs in with a performer parameter to that creator', async () => {
    await fresh();
    await signIn(page, demo.fan.email, `?performer=${demo.creator.username}`);
    await waitForPath(page, `/${demo.creator.username}`);
    await page.getByTestId('profile').waitFor();
  });

  it('ignores the performer parameter for a creator, who goes to their own page', async () => {
    await fresh();
    await signIn(page, demo.creator.email, '?performer=bruno.costa');
    await waitForPath(page, `/${demo.creator.username}`);
  });

  it('logs out to /auth/login, with the token gone from the browser and the server', async () => {
    await fresh();
    await signIn(page, demo.fan.email);
    await waitForPath(page, '/home');
    const token = await tokenCookie(context);
    await signOutFromMenu(page);
    await waitForPath(page, '/auth/login');
    expect(new URL(page.url()).search).toBe('');
    expect(await tokenCookie(context)).toBeUndefined();
    expect((await api(server.origin, 'GET', '/users/me', { token })).status).toBe(401);
  });

  it('sends the user to login on a 401 (token revoked elsewhere), keeping where they were', async () => {
    await fresh();
    await signIn(page, demo.fan.email);
    await waitForPath(page, '/home');
    await settle(page);
    const token = await tokenCookie(context);
    // Revoke the session behind the page's back, then move within the app.
    expect((await api(server.origin, 'POST', '/auth/logout', { token })).status).toBe(200);
    await (await openAccountMenu(page)).getByRole('link', { name: 'Configurações da conta' }).click();
    await waitForPath(page, '/auth/login');
    expect(searchParam(page, 'redirectFrom')).toBe('/user/account');
    expect(await page.getByTestId('unauthorized-notice').textContent()).toBe('Ação não autorizada ou proibida!');
    expect(await tokenCookie(context)).toBeUndefined();
  });

  it('sends the user to login on a 403 from any call', async () => {
    await fresh();
    await signIn(page, demo.fan.email);
    await waitForPath(page, '/home');
    await settle(page);
    await page.route('**/api/users/me', (route) =>
      route.fulfill({ status: 403, json: { statusCode: 403, message: 'This account is inactive', error: 'Forbidden' } }),
    );
    await (await openAccountMenu(page)).getByRole('link', { name: 'Configurações da conta' }).click();
    await waitForPath(page, '/auth/login');
    expect(searchParam(page, 'redirectFrom')).toBe('/user/account');
    await page.getByTestId('unauthorized-notice').waitFor();
    expect(await tokenCookie(context)).toBeUndefined();
  });

  it('sends a visitor with no token to login with redirectFrom set to the current path', async () => {
    await fresh();
    await page.goto('/user/account?tab=profile');
    await waitForPath(page, '/auth/login');
    expect(searchParam(page, 'redirectFrom')).toBe('/user/account?tab=profile');
    expect(await tokenCookie(context)).toBeUndefined();
  });

  it('sends a visitor with an invalid token from an authenticated page to login and clears the token', async () => {
    await fresh();
    await plantToken(context, server.origin, 'not-a-real-token');
    await page.goto('/home');
    await waitForPath(page, '/auth/login');
    expect(searchParam(page, 'redirectFrom')).toBe('/home');
    expect(await tokenCookie(context)).toBeUndefined();
  });

  it('brings the user back to redirectFrom after signing in', async () => {
    await fresh();
    await page.goto('/creators?sort=asc');
    await page.goto('/user/account');
    await waitForPath(page, '/auth/login');
    await submitLogin(page, demo.fan.email);
    await waitForPath(page, '/user/account');
  });

  it('does not follow a redirectFrom that leaves the site', async () => {
    await fresh();
    await signIn(page, demo.fan.email, `?redirectFrom=${encodeURIComponent('//example.com/home')}`);
    await waitForPath(page, '/home');
    expect(new URL(page.url()).host).toBe(new URL(server.origin).host);
  });

  it('sends non-creators away from onlyPerformer pages', async () => {
    await fresh();
    await signIn(page, demo.fan.email);
    await waitForPath(page, '/home');
    await page.goto('/creator/account');
    await waitForPath(page, '/home');
  });

  it('redirects a signed-in user away from the login page but not from noredirect pages', async () => {
    await fresh();
    await signIn(page, demo.creator.email);
    await waitForPath(page, `/${demo.creator.username}`);
    await page.goto('/auth/login');
    await waitForPath(page, `/${demo.creator.username}`);
    await page.goto('/');
    await waitForPath(page, `/${demo.creator.username}`);
    // /creators and another creator's page are noredirect: the creator stays there.
    await page.goto('/creators');
    await page.getByTestId('creator-list').waitFor();
    expect(pathOf(page)).toBe('/creators');
    await page.getByTestId('creator-list').locator('[data-username="bruno.costa"] a').click();
    await waitForPath(page, '/bruno.costa');
    await page.getByTestId('profile').waitFor();
  });

  it('shows a creator by id and a not-found state for an unknown profile', async () => {
    await fresh();
    const creator = await api<{ _id: string }>(server.origin, 'GET', `/performers/${demo.creator.username}`);
    await page.goto(`/${creator.data?._id ?? ''}`);
    const profile = page.getByTestId('profile');
    await profile.waitFor();
    expect(await profile.getAttribute('data-profile-id')).toBe(creator.data?._id);
    await page.goto('/nobody-here');
    await page.getByTestId('profile-not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Criador não encontrado');
  });
});
