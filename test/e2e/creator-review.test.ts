import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiGet, signInApi } from '../support/api.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { demo, signIn, waitForPath } from './host-flows.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Registers a creator through the real multipart form; they start pending review. */
async function registerCreator(origin: string, email: string, username: string): Promise<void> {
  const form = new FormData();
  const fields = { email, password: 'creator password', username, firstName: 'Nova', lastName: 'Pendente', gender: 'female', countryCode: 'br', dateOfBirth: '1995-04-03', phone: '+55 11 91234-5678' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('idVerification', new Blob([PNG], { type: 'image/png' }), 'front.png');
  form.append('documentVerification', new Blob([PNG], { type: 'image/png' }), 'back.png');
  const res = await fetch(`${origin}/api/auth/performers/register`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('staff review of creators on the host site', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists a new creator for the admin, whose approval lets the creator list embed origins', async () => {
    await registerCreator(server.origin, 'pending.creator@example.test', 'pendingcreator');
    const creatorToken = await signInApi(server.origin, 'pending.creator@example.test', 'creator password');
    const addOrigin = () =>
      fetch(`${server.origin}/api/embeds/origins`, { method: 'POST', headers: { authorization: creatorToken, 'content-type': 'application/json' }, body: JSON.stringify({ origin: 'https://fans.example.com' }) });
    expect((await addOrigin()).status).toBe(403);
    expect((await apiGet<{ verifiedDocument: boolean }>(server.origin, '/users/me', creatorToken)).body?.data?.verifiedDocument).toBe(false);

    const { context, page } = await openPage(browser, server.origin);
    try {
      await signIn(page, demo.admin.email);
      await waitForPath(page, '/home');
      await page.goto('/admin/creators/review');
      await page.getByRole('heading', { name: 'Revisão de criadores' }).waitFor();
      const item = page.locator('[data-creator]', { hasText: 'pendingcreator' });
      await item.waitFor();
      expect(await item.getByRole('link').count()).toBe(2);
      await item.getByRole('button', { name: 'Aprovar' }).click();
      await page.getByRole('status').filter({ hasText: 'foi aprovado' }).waitFor();
      await item.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
    expect((await apiGet<{ verifiedDocument: boolean }>(server.origin, '/users/me', creatorToken)).body?.data?.verifiedDocument).toBe(true);
    expect((await addOrigin()).status).toBe(200);
  });

  it('sends anyone but an admin away from the review page', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      await signIn(page, demo.fan.email);
      await waitForPath(page, '/home');
      await page.goto('/admin/creators/review');
      await waitForPath(page, '/home');
    } finally {
      await context.close();
    }
  });
});
