import type { NotificationDto, NotificationPreferencesDto } from '@fandeck/contract';
import { describe, expect, it } from 'vitest';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { apiOk, newFan } from './host-money-setup.js';
import { apiLogin, signIn, waitForPath } from './host-flows.js';

/**
 * The account page's notification preferences (issue 24) in a real Chromium against the real
 * server: a creator turns new followers off the site, a follow then notifies nothing there;
 * turned back on, the next follow is listed.
 */
const bruno = { email: 'creator2@fandeck.local', username: 'bruno.costa' };

describe('notification preferences on the account page', () => {
  const e2e = useServerAndBrowser();

  it('a creator keeps new followers off the site: the switch is saved, and a follow meanwhile is never listed', async () => {
    const origin = e2e.server.origin;
    const { context, page } = await openPage(e2e.browser, origin);
    try {
      const brunoToken = await apiLogin(origin, bruno.email);
      const brunoId = (await apiOk<{ _id: string }>(origin, 'GET', `/performers/${bruno.username}`, ''))._id;
      const siteOf = async (type: string) => (await apiOk<NotificationPreferencesDto>(origin, 'GET', '/notification/preferences', brunoToken)).preferences.find((one) => one.type === type)?.site;
      const follows = async () => (await apiOk<{ data: NotificationDto[] }>(origin, 'GET', '/notification?limit=50', brunoToken)).data.filter((one) => one.type === 'follow.created');

      await signIn(page, bruno.email);
      await waitForPath(page, `/${bruno.username}`);
      await page.goto('/creator/account');
      const section = page.getByTestId('account-notification-types');
      const followOnSite = section.getByRole('checkbox', { name: 'Novo seguidor: no site' });
      await followOnSite.waitFor();
      expect(await followOnSite.isChecked()).toBe(true);
      expect(await section.locator('tbody tr').count()).toBe(8);

      await followOnSite.uncheck();
      await section.getByRole('status').filter({ hasText: 'Preferência salva.' }).waitFor();
      expect(await siteOf('follow.created')).toBe(false);

      const quiet = await newFan(origin, { email: 'calado@avisos.test', name: 'Fã Calado' });
      await apiOk(origin, 'POST', `/follows/${brunoId}`, quiet, {});

      await followOnSite.check();
      await expect.poll(() => siteOf('follow.created')).toBe(true);
      const heard = await newFan(origin, { email: 'ouvido@avisos.test', name: 'Fã Ouvido' });
      await apiOk(origin, 'POST', `/follows/${brunoId}`, heard, {});
      await expect.poll(async () => (await follows()).map((one) => one.data.actorName)).toEqual(['Fã Ouvido']);
    } finally {
      await context.close();
    }
  });
});
