import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiGet } from '../support/api.js';
import { launchBrowser, openPage, tokenCookie } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { signOutFromMenu } from './host-flows.js';

const demoFan = { email: 'fan1@fandeck.local', password: 'fandeck-demo' };

interface Me {
  _id: string;
  name: string;
  username: string;
  email: string;
  isPerformer: boolean;
}

describe('signing in through the host site', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a visitor without a token from /home to the login page', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      await page.goto('/home');
      await page.waitForURL((url) => url.pathname === '/auth/login');
      expect(new URL(page.url()).searchParams.get('redirectFrom')).toBe('/home');
      await expect(page.getByRole('heading', { name: 'Entrar' }).textContent()).resolves.toBe('Entrar');
    } finally {
      await context.close();
    }
  });

  it('keeps a wrong password on the login page with the translated error', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      await page.goto('/auth/login');
      await page.getByLabel('E-mail ou nome de usuário').fill(demoFan.email);
      await page.getByLabel('Senha').fill('not-the-password');
      await page.getByRole('button', { name: 'Entrar' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      // The server says 'Incorrect credentials!'; the pt-BR site shows it translated.
      expect(await alert.textContent()).toBe('Credenciais incorretas!');
      expect(new URL(page.url()).pathname).toBe('/auth/login');
      expect(await tokenCookie(context)).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it('signs the demo fan in, shows their name on /home, and logs out for good', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      await page.goto('/auth/login');
      await page.getByLabel('E-mail ou nome de usuário').fill(demoFan.email);
      await page.getByLabel('Senha').fill(demoFan.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL((url) => url.pathname === '/home');

      const token = await tokenCookie(context);
      expect(token).toBeTruthy();
      const me = await apiGet<Me>(server.origin, '/users/me', token);
      expect(me.status).toBe(200);
      expect(me.body?.data?.email).toBe(demoFan.email);
      const name = me.body?.data?.name ?? '';
      expect(name).not.toBe('');

      const signedIn = page.getByTestId('signed-in-as');
      await signedIn.waitFor();
      expect(await signedIn.textContent()).toBe(`Conectado como ${name}`);

      await signOutFromMenu(page);
      await page.waitForURL((url) => url.pathname === '/auth/login');
      expect(await tokenCookie(context)).toBeUndefined();
      const after = await apiGet<Me>(server.origin, '/users/me', token);
      expect(after.status).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('shuts the server down gracefully on SIGTERM', async () => {
    const exit = await server.stop(20_000);
    expect(exit).toEqual({ code: 0, signal: null });
  });
});
