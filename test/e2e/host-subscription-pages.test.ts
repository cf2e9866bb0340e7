import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Dialog, Page } from 'playwright-core';
import type { SubscriptionDto } from '@fandeck/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from '../../server/test/media-fixtures.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { repoRoot } from '../support/paths.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { answerSiteConfirms } from '../support/site-confirm.js';
import { apiOk, cancelSubscription, newFan, subscribeTo, topUpByPix } from './host-money-setup.js';
import { apiLogin, demo, pathOf, signIn, waitForPath } from './host-flows.js';
import { dropNext, lastOf, seeCalls } from './seen-calls.js';

/**
 * The fan's subscriptions, the creator's subscribers and the studio's "subscribers only"
 * (issue 10, item 7) in a real Chromium against the real server. Every subscription on
 * these pages is made through the API (`POST /payment/subscribe/performers`, paid from
 * wallets topped up in the PIX sandbox). Ended ones need time to pass: the server first
 * runs forty days in the past (support/clock-shift.mjs) while they are made and cancelled,
 * then again at the real time on the same data, where its renewal job ends them.
 */

const DAY = 86_400_000;
const dateText = (value: string | null) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium' }).format(new Date(value!));
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

/** The creator whose subscribers are listed: no subscriber now, one whose subscription ended. */
const carla = { email: 'creator3@fandeck.local', username: 'carla.souza' };
const SUBSCRIBERS = 23;
const subscriberEmail = (n: number) => `fa${n}@assinantes.test`;

/** The subscription of `token`'s user to `creator`, or null. */
const subscriptionOf = (origin: string, token: string, creator: string) =>
  apiOk<SubscriptionDto | null>(origin, 'GET', `/subscriptions/user-subscriber?performerId=${encodeURIComponent(creator)}`, token);

/** Waits (30 s at most) until the server ended `token`'s user's subscription to `creator`. */
async function untilEnded(origin: string, token: string, creator: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await subscriptionOf(origin, token, creator))?.status !== 'deactivated') {
    if (Date.now() > deadline) throw new Error(`the subscription to ${creator} did not end`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('subscription pages on the host site', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string | undefined;
  /** Fã N's token at index N − 1, each with a wallet that pays one month of Carla's. */
  const subscriberTokens: string[] = [];

  beforeAll(async () => {
    const launching = launchBrowser();
    const clockShift = pathToFileURL(path.join(repoRoot, 'test/support/clock-shift.mjs')).href;
    const past = await startServer({
      env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${clockShift}`.trim(), FANDECK_E2E_CLOCK_SHIFT_MS: String(-40 * DAY) },
      keepData: true,
    });
    dataDir = past.dataDir;
    try {
      // Forty days ago: the demo fan subscribes to Bruno and cancels; Fã Antigo does the same with Carla.
      const fan = await apiLogin(past.origin, demo.fan.email);
      await cancelSubscription(past.origin, fan, (await subscribeTo(past.origin, fan, 'bruno.costa'))._id);
      const former = await newFan(past.origin, { email: 'fa.antigo@assinantes.test', name: 'Fã Antigo' });
      await topUpByPix(past.origin, former, 5.95);
      await cancelSubscription(past.origin, former, (await subscribeTo(past.origin, former, carla.username))._id);
    } finally {
      await past.stop();
    }

    server = await startServer({ env: { DATA_DIR: dataDir } });
    const fan = await apiLogin(server.origin, demo.fan.email);
    const former = await apiLogin(server.origin, 'fa.antigo@assinantes.test');
    // Their periods ran out ten days ago: the renewal job ends both instead of charging.
    await untilEnded(server.origin, fan, 'bruno.costa');
    await untilEnded(server.origin, former, carla.username);

    await subscribeTo(server.origin, fan, demo.creator.username);
    for (let n = 1; n <= SUBSCRIBERS; n += 1) {
      const token = await newFan(server.origin, { email: subscriberEmail(n), name: `Fã ${n}` });
      await topUpByPix(server.origin, token, 5.95);
      subscriberTokens.push(token);
    }
    browser = await launching;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('shows a fan their subscriptions after a failed read, cancels one only once confirmed, resumes it, and says why a stale cancel is refused', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      const fan = await apiLogin(server.origin, demo.fan.email);
      const ana = (await subscriptionOf(server.origin, fan, demo.creator.username))!;
      const bruno = (await subscriptionOf(server.origin, fan, 'bruno.costa'))!;
      // The first read fails as a dropped connection does; every other call reaches the server.
      await dropNext(page, '/subscriptions/user/search');
      const lists = await seeCalls(page, 'GET', '/subscriptions/user/search');
      const cancels = await seeCalls(page, 'POST', /^\/payment\/[^/]+\/cancel-subscription\/[^/]+$/);
      const resumes = await seeCalls(page, 'POST', /^\/subscriptions\/[^/]+\/resume$/);
      const dialogs: string[] = [];
      let acceptDialogs = false;
      page.on('dialog', (dialog: Dialog) => {
        dialogs.push(dialog.message());
        void (acceptDialogs ? dialog.accept() : dialog.dismiss());
      });
      // The cancel's question and the resume's money confirm are the platform's own dialog, answered like the browser's were.
      const siteConfirms = await answerSiteConfirms(page, dialogs);
      siteConfirms.answer = 'cancel';

      await signIn(page, demo.fan.email);
      await waitForPath(page, '/home');
      await mainNav(page).getByRole('link', { name: 'Minhas assinaturas' }).click();
      await waitForPath(page, '/user/subscriptions');
      const view = page.getByTestId('my-subscriptions');

      // The first read fails (no connection): the failure is said, with a way to try again.
      await view.getByRole('alert').filter({ hasText: 'Sem conexão' }).waitFor();
      await view.getByRole('button', { name: 'Tentar novamente' }).click();
      const anaRow = view.getByRole('row', { name: /Ana Lima/ });
      await anaRow.waitFor();
      expect(lists.length).toBe(2);
      expect(lastOf(lists).query.get('current')).toBe('1');
      expect(await anaRow.getByRole('cell').allTextContents()).toEqual([
        'Mensal',
        expect.stringMatching(/^R\$\s?9,90$/),
        'Ativa',
        `Renova em ${dateText(ana.expiredAt)}`,
        expect.any(String),
      ]);
      expect(await view.getByRole('rowheader', { name: /Ana Lima/ }).getByRole('link').getAttribute('href')).toBe('/ana.lima');
      // Ended by the renewal job after the fan cancelled it: no action left.
      const brunoRow = view.getByRole('row', { name: /Bruno Costa/ });
      expect(await brunoRow.textContent()).toContain('Encerrada');
      expect(await brunoRow.textContent()).toContain(`Terminou em ${dateText(bruno.expiredAt)}`);
      expect(await brunoRow.getByRole('button').count()).toBe(0);

      // Dismissing the confirmation sends nothing.
      await anaRow.getByRole('button', { name: 'Cancelar a assinatura de Ana Lima' }).click();
      await expect.poll(() => dialogs.length).toBe(1);
      expect(dialogs[0]).toBe(`Cancelar a assinatura de Ana Lima? Ela não será renovada, e você mantém o acesso até ${dateText(ana.expiredAt)}.`);
      expect(cancels).toHaveLength(0);

      acceptDialogs = true;
      siteConfirms.answer = 'confirm';
      await anaRow.getByRole('button', { name: 'Cancelar a assinatura de Ana Lima' }).click();
      await view.getByRole('status').filter({ hasText: `Assinatura de Ana Lima cancelada. Você mantém o acesso até ${dateText(ana.expiredAt)}.` }).waitFor();
      expect(cancels.map((call) => call.path)).toEqual([`/payment/wallet/cancel-subscription/${ana._id}`]);
      await anaRow.getByText('Cancelada', { exact: true }).waitFor();
      expect(await anaRow.textContent()).toContain(`Termina em ${dateText(ana.expiredAt)}`);
      expect(await subscriptionOf(server.origin, fan, demo.creator.username)).toMatchObject({ isActive: true, willRenew: false, cancelledAt: expect.any(String) });

      // Resuming turns renewal charges back on: the `resume` money action, confirmed at the renewal's price.
      await anaRow.getByRole('button', { name: 'Retomar a assinatura de Ana Lima' }).click();
      await view.getByRole('status').filter({ hasText: 'Assinatura de Ana Lima retomada.' }).waitFor();
      expect(dialogs).toHaveLength(3);
      expect(dialogs[2]).toContain('Ana Lima');
      expect(resumes.map((call) => call.path)).toEqual([`/subscriptions/${ana._id}/resume`]);
      await anaRow.getByText('Ativa', { exact: true }).waitFor();
      await anaRow.getByRole('button', { name: 'Cancelar a assinatura de Ana Lima' }).waitFor();
      expect(await subscriptionOf(server.origin, fan, demo.creator.username)).toMatchObject({ isActive: true, willRenew: true, cancelledAt: null });

      // Cancelled meanwhile elsewhere: the server refuses the page's cancel, which says why and reads the list again.
      await cancelSubscription(server.origin, fan, ana._id);
      await anaRow.getByRole('button', { name: 'Cancelar a assinatura de Ana Lima' }).click();
      await view.getByRole('alert').filter({ hasText: 'Esta assinatura já estava cancelada.' }).waitFor();
      expect(cancels).toHaveLength(2);
      await anaRow.getByText('Cancelada', { exact: true }).waitFor();
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('tells a fan with no subscription so, and where to find creators', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      const email = 'sem.assinatura@assinantes.test';
      await newFan(server.origin, { email, name: 'Sem Assinatura', username: 'semassinatura' });
      const lists = await seeCalls(page, 'GET', '/subscriptions/user/search');
      await signIn(page, email);
      await waitForPath(page, '/home');
      await page.goto('/user/subscriptions');
      const view = page.getByTestId('my-subscriptions');
      await view.getByText('Você ainda não assina nenhum criador.').waitFor();
      expect(lists.length).toBeGreaterThan(0);
      expect(await view.getByRole('table').count()).toBe(0);
      expect(await view.getByRole('link', { name: 'Descobrir criadores' }).getAttribute('href')).toBe('/creators');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('lists a creator’s active subscribers a page at a time, and all of them on demand', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      const reads = await seeCalls(page, 'GET', '/subscriptions/performer/search');
      await signIn(page, carla.email);
      await waitForPath(page, `/${carla.username}`);
      await mainNav(page).getByRole('link', { name: 'Assinantes' }).click();
      await waitForPath(page, '/creator/subscribers');
      const view = page.getByTestId('subscribers');
      // Fã Antigo's subscription ended: no active subscriber.
      await view.getByText('Nenhum assinante ativo no momento.').waitFor();
      expect(lastOf(reads).query.get('status')).toBe('active');

      // Fã 23 subscribes first and Fã 1 last (the list shows the latest changes first); every
      // second one cancels at once, so it ends with its period instead of renewing.
      const made = new Map<number, SubscriptionDto>();
      for (let n = SUBSCRIBERS; n >= 1; n -= 1) {
        const token = subscriberTokens[n - 1]!;
        const subscription = await subscribeTo(server.origin, token, carla.username);
        made.set(n, n % 2 === 0 ? await cancelSubscription(server.origin, token, subscription._id) : subscription);
      }

      await page.reload();
      await view.getByRole('row', { name: /Fã 1\b/ }).waitFor();
      expect(await view.locator('tbody tr').count()).toBe(10);
      expect(await page.getByTestId('pager-status').textContent()).toBe('Página 1 de 3');
      expect(await view.getByTestId('subscribers-total').textContent()).toBe(`Total: ${SUBSCRIBERS}`);
      const first = view.getByRole('row', { name: /Fã 1\b/ });
      expect(await first.textContent()).toContain(`Renova em ${dateText(made.get(1)!.expiredAt)}`);
      expect(await first.textContent()).toContain(dateText(made.get(1)!.startedAt));
      expect(await view.getByRole('row', { name: /Fã 2\b/ }).textContent()).toContain(`Termina em ${dateText(made.get(2)!.expiredAt)}`);

      await page.getByRole('button', { name: 'Próxima' }).click();
      await view.getByRole('row', { name: /Fã 11\b/ }).waitFor();
      expect(lastOf(reads).query.get('current')).toBe('2');
      expect(new URL(page.url()).searchParams.get('current')).toBe('2');

      await view.getByLabel('Mostrar').selectOption('all');
      await expect.poll(() => lastOf(reads).query.has('status')).toBe(false);
      expect(lastOf(reads).query.get('current')).toBe('1');
      expect(new URL(page.url()).searchParams.get('show')).toBe('all');
      await view.getByTestId('subscribers-total').filter({ hasText: `Total: ${SUBSCRIBERS + 1}` }).waitFor();
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('keeps fans away from the creator pages', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      await signIn(page, demo.fan.email);
      await waitForPath(page, '/home');
      expect(await mainNav(page).getByRole('link', { name: 'Assinantes' }).count()).toBe(0);
      await page.goto('/creator/subscribers');
      await waitForPath(page, '/home');
      expect(pathOf(page)).toBe('/home');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('sends “subscribers only” from the post, gallery and video forms and badges it in the studio lists', async () => {
    const clipFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-e2e-clip-')), 'clipe.mp4');
    makeVideo(clipFile, { seconds: 1, audio: false });
    const { context, page } = await openPage(browser, server.origin);
    try {
      const posts = await seeCalls(page, 'POST', '/performer/feeds');
      const galleries = await seeCalls(page, 'POST', '/performer/performer-assets/galleries');
      const videos = await seeCalls(page, 'POST', '/performer/performer-assets/videos');

      await signIn(page, demo.creator.email);
      await waitForPath(page, `/${demo.creator.username}`);
      await page.goto('/creator/posts');

      const composer = page.getByTestId('composer');
      await composer.getByLabel('Texto').fill('Só para quem assina');
      await composer.getByLabel('Somente assinantes').check();
      await composer.getByRole('button', { name: 'Publicar' }).click();
      await composer.getByRole('status').filter({ hasText: 'Publicação' }).waitFor();
      expect(posts).toHaveLength(1);
      expect(posts[0]!.body).toMatchObject({ text: 'Só para quem assina', subscribersOnly: true });
      const post = page.locator('[data-post]', { hasText: 'Só para quem assina' });
      await post.getByText('Somente assinantes', { exact: true }).waitFor();
      expect(await composer.getByLabel('Somente assinantes').isChecked()).toBe(false);

      await composer.getByLabel('Texto').fill('Para todos');
      await composer.getByRole('button', { name: 'Publicar' }).click();
      const open = page.locator('[data-post]', { hasText: 'Para todos' });
      await open.waitFor();
      expect(posts[1]!.body).toMatchObject({ text: 'Para todos', subscribersOnly: false });
      expect(await open.locator('[data-badge="subscribers-only"]').count()).toBe(0);

      await page.getByRole('tab', { name: 'Galerias' }).click();
      const newGallery = page.getByTestId('new-gallery');
      await newGallery.getByLabel('Título da galeria').fill('Bastidores exclusivos');
      await newGallery.getByLabel('Somente assinantes').check();
      await newGallery.getByRole('button', { name: 'Criar galeria' }).click();
      const gallery = page.locator('[data-gallery]', { hasText: 'Bastidores exclusivos' });
      await gallery.getByText('Somente assinantes', { exact: true }).waitFor();
      expect(galleries[0]!.body).toMatchObject({ title: 'Bastidores exclusivos', subscribersOnly: true });

      await page.getByRole('tab', { name: 'Vídeos' }).click();
      const newVideo = page.getByTestId('new-video');
      await newVideo.getByLabel('Arquivo de vídeo').setInputFiles({ name: 'clipe.mp4', mimeType: 'video/mp4', buffer: readFileSync(clipFile) });
      await newVideo.getByLabel('Título').fill('Clipe exclusivo');
      await newVideo.getByLabel('Somente assinantes').check();
      await newVideo.locator('li.media-tile[data-state="done"]').waitFor();
      await newVideo.getByRole('button', { name: 'Enviar vídeo' }).click();
      const video = page.locator('[data-video]', { hasText: 'Clipe exclusivo' });
      await video.getByText('Somente assinantes', { exact: true }).waitFor({ timeout: 30_000 });
      expect(videos).toHaveLength(1);
      expect(videos[0]!.body).toMatchObject({ title: 'Clipe exclusivo', subscribersOnly: true });

      // What the server stored, as the creator's own lists answer it.
      const token = await apiLogin(server.origin, demo.creator.email);
      const stored = await apiOk<{ data: { title: string; subscribersOnly?: boolean }[] }>(server.origin, 'GET', '/performer/performer-assets/videos/search', token);
      expect(stored.data.find((item) => item.title === 'Clipe exclusivo')?.subscribersOnly).toBe(true);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });
});
