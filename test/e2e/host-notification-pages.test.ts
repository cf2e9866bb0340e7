import type { Page } from 'playwright-core';
import type { ConversationDto, NotificationDto } from '@fandeck/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { apiOk, newFan, tip, topUpByPix } from './host-money-setup.js';
import { apiLogin, demo, signIn, waitForPath } from './host-flows.js';
import { dropNext, lastOf, seeCalls } from './seen-calls.js';

/**
 * The notifications bell and the /notifications page (issue 11) in a real Chromium against
 * the real server. Every notification is made the way users make them, through the API:
 * fans follow, tip and write to the demo creators, and the server notifies the creator.
 */

const ana = demo.creator;
const bruno = { email: 'creator2@fandeck.local', username: 'bruno.costa' };
const carla = { email: 'creator3@fandeck.local', username: 'carla.souza' };
/** Fans who follow Bruno: one more than a page of notifications and a bit. */
const BRUNO_FOLLOWERS = 14;
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });
const bell = (page: Page) => page.getByTestId('notification-bell');
const badge = (page: Page) => page.getByTestId('notification-badge');

const creatorId = async (origin: string, username: string) => (await apiOk<{ _id: string }>(origin, 'GET', `/performers/${username}`, ''))._id;
const follow = (origin: string, token: string, id: string) => apiOk(origin, 'POST', `/follows/${encodeURIComponent(id)}`, token, {});
const unreadOf = async (origin: string, token: string) => (await apiOk<{ total: number }>(origin, 'GET', '/notification/total-unread', token)).total;
/** Notifications are written after the action's own commit: wait until `count` are unread. */
const untilUnread = (origin: string, token: string, count: number) => expect.poll(() => unreadOf(origin, token)).toBe(count);

describe('notifications on the host site', () => {
  const e2e = useServerAndBrowser();
  const follower = (n: number) => ({ email: `seguidor${n}@avisos.test`, name: `Seguidor ${n}` });
  const tokens: string[] = [];
  const ids = { ana: '', bruno: '', carla: '' };

  beforeAll(async () => {
    const origin = e2e.server.origin;
    [ids.ana, ids.bruno, ids.carla] = await Promise.all([creatorId(origin, ana.username), creatorId(origin, bruno.username), creatorId(origin, carla.username)]);
    for (let n = 1; n <= BRUNO_FOLLOWERS; n += 1) tokens.push(await newFan(origin, follower(n)));
  });

  it('counts a creator’s unread notifications live in the bell, opens one where it leads and reads them all', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      const origin = e2e.server.origin;
      const anaToken = await apiLogin(origin, ana.email);
      await follow(origin, tokens[0]!, ids.ana);
      await follow(origin, tokens[1]!, ids.ana);
      await untilUnread(origin, anaToken, 2);
      const reads = await seeCalls(page, 'PUT', /^\/notification\/[^/]+\/read$/);
      const readAlls = await seeCalls(page, 'PUT', '/notification/read-all');

      await signIn(page, ana.email);
      await waitForPath(page, `/${ana.username}`);
      await badge(page).filter({ hasText: '2' }).waitFor();
      expect(await bell(page).getByRole('button').first().getAttribute('aria-label')).toBe('Notificações: 2 não lidas');

      // A third fan follows while the page is open: the bell counts it without a reload.
      await follow(origin, tokens[2]!, ids.ana);
      await badge(page).filter({ hasText: '3' }).waitFor();

      await bell(page).getByRole('button', { name: /Notificações/ }).click();
      const panel = bell(page).getByRole('region', { name: 'Últimas notificações' });
      const newest = panel.getByRole('listitem').first();
      await newest.getByText('Seguidor 3 começou a seguir você.').waitFor();
      expect(await panel.getByRole('listitem').count()).toBe(3);
      expect(await newest.getAttribute('data-read')).toBe('false');
      const newestId = (await newest.getAttribute('data-notification'))!;

      // Choosing one reads it and goes where it leads: a creator's new follower to the dashboard.
      await newest.getByRole('button').click();
      await waitForPath(page, '/creator/dashboard');
      expect(reads.map((call) => call.path)).toEqual([`/notification/${newestId}/read`]);
      await badge(page).filter({ hasText: '2' }).waitFor();
      expect(await unreadOf(origin, anaToken)).toBe(2);

      await bell(page).getByRole('button', { name: /Notificações/ }).click();
      await panel.getByRole('button', { name: 'Marcar todas como lidas' }).click();
      await badge(page).waitFor({ state: 'detached' });
      expect(readAlls).toHaveLength(1);
      expect(await unreadOf(origin, anaToken)).toBe(0);
      expect(await bell(page).getByRole('button').first().getAttribute('aria-label')).toBe('Notificações');
      await panel.locator('[data-read="false"]').waitFor({ state: 'detached' });

      await panel.getByRole('link', { name: 'Ver todas' }).click();
      await waitForPath(page, '/notifications');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('pages a creator’s notifications 12 at a time after a failed read, reads one and then all', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      const origin = e2e.server.origin;
      const brunoToken = await apiLogin(origin, bruno.email);
      for (const token of tokens) await follow(origin, token, ids.bruno);
      await untilUnread(origin, brunoToken, BRUNO_FOLLOWERS);
      const lists = await seeCalls(page, 'GET', '/notification');
      await dropNext(page, '/notification');

      await signIn(page, bruno.email);
      await waitForPath(page, `/${bruno.username}`);
      await page.goto('/notifications');
      const view = page.getByTestId('notifications');
      await view.getByRole('alert').filter({ hasText: 'Sem conexão' }).waitFor();
      await view.getByRole('button', { name: 'Tentar novamente' }).click();

      const rows = view.getByTestId('notification-list').locator('[data-notification]');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(12);
      expect(await view.getByTestId('notifications-count').textContent()).toBe(`Mostrando 12 de ${BRUNO_FOLLOWERS}`);
      expect(await rows.first().textContent()).toContain(`Seguidor ${BRUNO_FOLLOWERS} começou a seguir você.`);
      expect(lastOf(lists).query.get('limit')).toBe('12');
      expect(lastOf(lists).query.get('offset')).toBe('0');
      expect(await badge(page).textContent()).toBe(String(BRUNO_FOLLOWERS));

      // Later pages are added under the first.
      await view.getByRole('button', { name: 'Carregar mais' }).click();
      await expect.poll(() => rows.count()).toBe(BRUNO_FOLLOWERS);
      expect(lastOf(lists).query.get('offset')).toBe('12');
      expect(await rows.last().textContent()).toContain('Seguidor 1 começou a seguir você.');
      expect(await view.getByRole('button', { name: 'Carregar mais' }).count()).toBe(0);
      const texts = await rows.allTextContents();
      expect(new Set(texts).size).toBe(BRUNO_FOLLOWERS);

      const first = rows.first();
      await first.getByRole('button', { name: 'Marcar como lida' }).click();
      await expect.poll(() => first.getAttribute('data-read')).toBe('true');
      await badge(page).filter({ hasText: String(BRUNO_FOLLOWERS - 1) }).waitFor();

      await view.getByRole('button', { name: 'Marcar todas como lidas' }).click();
      await view.getByRole('status').filter({ hasText: 'Todas as notificações foram marcadas como lidas.' }).waitFor();
      expect(await view.getByRole('button', { name: 'Marcar como lida' }).count()).toBe(0);
      await badge(page).waitFor({ state: 'detached' });
      const stored = await apiOk<{ data: NotificationDto[] }>(origin, 'GET', '/notification?limit=12', brunoToken);
      expect(stored.data.every((notification) => notification.read)).toBe(true);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('words a tip with its amount and takes a message to its conversation', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      const origin = e2e.server.origin;
      const carlaToken = await apiLogin(origin, carla.email);
      const fan = await newFan(origin, { email: 'gorjeta@avisos.test', name: 'Fã Generosa' });
      await topUpByPix(origin, fan, 10);
      await tip(origin, fan, carla.username, 10);
      const conversation = await apiOk<ConversationDto>(origin, 'POST', '/conversations', fan, { source: 'performer', sourceId: carla.username });
      await apiOk(origin, 'POST', `/messages/conversations/${conversation._id}`, fan, { clientId: 'aviso-1', text: 'Oi, Carla!' });
      await untilUnread(origin, carlaToken, 2);

      await signIn(page, carla.email);
      await waitForPath(page, `/${carla.username}`);
      await page.goto('/notifications');
      const rows = page.getByTestId('notification-list').locator('[data-notification]');
      await rows.first().waitFor();
      expect(await rows.allTextContents()).toEqual([
        expect.stringContaining('Fã Generosa enviou uma mensagem.'),
        expect.stringMatching(/Fã Generosa enviou uma gorjeta de R\$\s?10,00\./),
      ]);
      const message = rows.first().getByRole('link', { name: 'Fã Generosa enviou uma mensagem.' });
      expect(await message.getAttribute('href')).toBe(`/messages?conversation=${conversation._id}`);
      await message.click();
      await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('conversation') === conversation._id);
      await expect.poll(() => unreadOf(origin, carlaToken)).toBe(1);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('tells a fan with no notifications so, shows no count, and links their messages', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      const email = 'sem.avisos@avisos.test';
      await newFan(e2e.server.origin, { email, name: 'Sem Avisos', username: 'semavisos' });
      await signIn(page, email);
      await waitForPath(page, '/home');
      expect(await mainNav(page).getByRole('link', { name: 'Mensagens', exact: true }).getAttribute('href')).toBe('/messages');
      await page.goto('/notifications');
      await page.getByTestId('notifications').getByText('Você ainda não tem notificações.').waitFor();
      await bell(page).waitFor();
      expect(await badge(page).count()).toBe(0);
      await bell(page).getByRole('button', { name: 'Notificações' }).click();
      await bell(page).getByText('Nenhuma notificação ainda.').waitFor();

      // Chromium can do web push: the page offers it, and the worker it registers is served.
      const push = page.getByTestId('push-toggle');
      await push.getByRole('button', { name: 'Ativar notificações do navegador' }).waitFor();
      const worker = await fetch(`${e2e.server.origin}/notification-sw.js`);
      expect(worker.status).toBe(200);
      expect(worker.headers.get('content-type')).toMatch(/javascript/);
      expect(await worker.text()).toContain("addEventListener('push'");
    } finally {
      await context.close();
    }
  });
});
