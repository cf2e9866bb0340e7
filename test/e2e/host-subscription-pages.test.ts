import type { Dialog, Page } from 'playwright-core';
import type { PartyInfo, SubscriptionDto } from '@fandeck/contract';
import { describe, expect, it } from 'vitest';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { fakeApi, listOf, patchApi, spyApi, type FakeCall } from './fake-api.js';
import { demo, pathOf, signIn, waitForPath } from './host-flows.js';

/**
 * The fan's subscriptions, the creator's subscribers and the studio's "subscribers only"
 * (issue 10, item 7) in a real Chromium against the real server; the subscription routes
 * themselves are answered in the browser (fake-api.ts) with the contract's shapes.
 */

const DAY = 86_400_000;
const iso = (fromNow: number) => new Date(Date.UTC(2030, 0, 15, 12) + fromNow).toISOString();
const dateText = (value: string) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium' }).format(new Date(value));

const party = (id: string, name: string, username: string): PartyInfo => ({ _id: id, name, username, avatar: '' });

function subscription(values: Partial<SubscriptionDto> & Pick<SubscriptionDto, '_id'>): SubscriptionDto {
  return {
    userId: 'fan-1',
    performerId: 'creator-1',
    subscriptionType: 'monthly',
    status: 'active',
    price: 9.9,
    startedAt: iso(-20 * DAY),
    expiredAt: iso(10 * DAY),
    cancelledAt: null,
    isActive: true,
    willRenew: true,
    graceUntil: null,
    renewals: 0,
    createdAt: iso(-20 * DAY),
    updatedAt: iso(-20 * DAY),
    ...values,
  };
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });
const lastOf = (calls: FakeCall[]) => calls.at(-1)!;

describe('subscription pages on the host site', () => {
  const e2e = useServerAndBrowser();

  it('shows a fan their subscriptions after a failed read, cancels one only once confirmed, and resumes it', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      let ana = subscription({ _id: 'sub-ana', performerInfo: party('creator-1', 'Ana Lima', 'ana.lima') });
      const bia = subscription({
        _id: 'sub-bia',
        performerInfo: party('creator-2', 'Bia Souza', 'bia.souza'),
        subscriptionType: 'yearly',
        price: 99,
        status: 'deactivated',
        isActive: false,
        willRenew: false,
        expiredAt: iso(-5 * DAY),
      });
      let reads = 0;
      const lists = await fakeApi(page, 'GET', '/subscriptions/user/search', () => (++reads === 1 ? 'abort' : listOf([ana, bia])));
      const cancels = await fakeApi(page, 'POST', /^\/payment\/[^/]+\/cancel-subscription\/[^/]+$/, () => {
        ana = { ...ana, cancelledAt: iso(0), willRenew: false };
        return { data: ana };
      });
      const resumes = await fakeApi(page, 'POST', /^\/subscriptions\/[^/]+\/resume$/, () => {
        ana = { ...ana, cancelledAt: null, willRenew: true };
        return { data: ana };
      });
      const dialogs: string[] = [];
      let acceptDialogs = false;
      page.on('dialog', (dialog: Dialog) => {
        dialogs.push(dialog.message());
        void (acceptDialogs ? dialog.accept() : dialog.dismiss());
      });

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
        `Renova em ${dateText(ana.expiredAt!)}`,
        expect.any(String),
      ]);
      expect(await view.getByRole('rowheader', { name: /Ana Lima/ }).getByRole('link').getAttribute('href')).toBe('/ana.lima');
      const biaRow = view.getByRole('row', { name: /Bia Souza/ });
      expect(await biaRow.textContent()).toContain('Encerrada');
      expect(await biaRow.textContent()).toContain(`Terminou em ${dateText(bia.expiredAt!)}`);
      expect(await biaRow.getByRole('button').count()).toBe(0);

      // Dismissing the confirmation sends nothing.
      await anaRow.getByRole('button', { name: 'Cancelar a assinatura de Ana Lima' }).click();
      await expect.poll(() => dialogs.length).toBe(1);
      expect(dialogs[0]).toBe(`Cancelar a assinatura de Ana Lima? Ela não será renovada, e você mantém o acesso até ${dateText(ana.expiredAt!)}.`);
      expect(cancels).toHaveLength(0);

      acceptDialogs = true;
      await anaRow.getByRole('button', { name: 'Cancelar a assinatura de Ana Lima' }).click();
      await view.getByRole('status').filter({ hasText: `Assinatura de Ana Lima cancelada. Você mantém o acesso até ${dateText(ana.expiredAt!)}.` }).waitFor();
      expect(cancels.map((call) => call.path)).toEqual(['/payment/wallet/cancel-subscription/sub-ana']);
      await anaRow.getByText('Cancelada', { exact: true }).waitFor();
      expect(await anaRow.textContent()).toContain(`Termina em ${dateText(ana.expiredAt!)}`);

      await anaRow.getByRole('button', { name: 'Retomar a assinatura de Ana Lima' }).click();
      await view.getByRole('status').filter({ hasText: 'Assinatura de Ana Lima retomada.' }).waitFor();
      expect(resumes.map((call) => call.path)).toEqual(['/subscriptions/sub-ana/resume']);
      await anaRow.getByText('Ativa', { exact: true }).waitFor();
      await anaRow.getByRole('button', { name: 'Cancelar a assinatura de Ana Lima' }).waitFor();
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('tells a fan with no subscription so, and where to find creators', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      await fakeApi(page, 'GET', '/subscriptions/user/search', () => listOf([]));
      await signIn(page, demo.fan.email);
      await waitForPath(page, '/home');
      await page.goto('/user/subscriptions');
      const view = page.getByTestId('my-subscriptions');
      await view.getByText('Você ainda não assina nenhum criador.').waitFor();
      expect(await view.getByRole('table').count()).toBe(0);
      expect(await view.getByRole('link', { name: 'Descobrir criadores' }).getAttribute('href')).toBe('/creators');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('lists a creator’s active subscribers a page at a time, and all of them on demand', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      const active = Array.from({ length: 23 }, (_, index) =>
        subscription({ _id: `sub-${index + 1}`, userInfo: party(`fan-${index + 1}`, `Fã ${index + 1}`, `fa${index + 1}`), willRenew: index % 2 === 0 }),
      );
      const ended = subscription({ _id: 'sub-old', userInfo: party('fan-old', 'Fã Antigo', 'faantigo'), status: 'deactivated', isActive: false, willRenew: false, expiredAt: iso(-40 * DAY) });
      let subscribers: SubscriptionDto[] = [];
      const reads = await fakeApi(page, 'GET', '/subscriptions/performer/search', (call) => {
        const wanted = call.query.get('status') === 'active' ? subscribers.filter((one) => one.isActive) : subscribers;
        const size = Number(call.query.get('pageSize'));
        const start = (Number(call.query.get('current')) - 1) * size;
        return listOf(wanted.slice(start, start + size), wanted.length);
      });

      await signIn(page, demo.creator.email);
      await waitForPath(page, `/${demo.creator.username}`);
      await mainNav(page).getByRole('link', { name: 'Assinantes' }).click();
      await waitForPath(page, '/creator/subscribers');
      const view = page.getByTestId('subscribers');
      await view.getByText('Nenhum assinante ativo no momento.').waitFor();
      expect(lastOf(reads).query.get('status')).toBe('active');

      subscribers = [...active, ended];
      await page.reload();
      await view.getByRole('row', { name: /Fã 1\b/ }).waitFor();
      expect(await view.locator('tbody tr').count()).toBe(10);
      expect(await page.getByTestId('pager-status').textContent()).toBe('Página 1 de 3');
      expect(await view.getByTestId('subscribers-total').textContent()).toBe('Total: 23');
      const first = view.getByRole('row', { name: /Fã 1\b/ });
      expect(await first.textContent()).toContain(`Renova em ${dateText(active[0]!.expiredAt!)}`);
      expect(await first.textContent()).toContain(dateText(active[0]!.startedAt!));
      expect(await view.getByRole('row', { name: /Fã 2\b/ }).textContent()).toContain(`Termina em ${dateText(active[1]!.expiredAt!)}`);

      await page.getByRole('button', { name: 'Próxima' }).click();
      await view.getByRole('row', { name: /Fã 11\b/ }).waitFor();
      expect(lastOf(reads).query.get('current')).toBe('2');
      expect(new URL(page.url()).searchParams.get('current')).toBe('2');

      await view.getByLabel('Mostrar').selectOption('all');
      await expect.poll(() => lastOf(reads).query.has('status')).toBe(false);
      expect(lastOf(reads).query.get('current')).toBe('1');
      expect(new URL(page.url()).searchParams.get('show')).toBe('all');
      await view.getByTestId('subscribers-total').filter({ hasText: 'Total: 24' }).waitFor();
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('keeps fans away from the creator pages', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
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
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      const posts = await spyApi(page, 'POST', '/performer/feeds');
      const galleries = await spyApi(page, 'POST', '/performer/performer-assets/galleries');
      // The upload is answered here: this test is about the form's fields, not transcoding.
      const videos = await fakeApi(page, 'POST', '/performer/performer-assets/videos/upload', () => ({ data: { _id: 'video-upload' } }));
      // Until the server answers the flag itself, the lists are told it for what this test made.
      const madeSubscribersOnly = new Set<string>();
      const mark = (data: unknown) => {
        const page = data as { data?: { _id: string; text?: string; title?: string; subscribersOnly?: boolean }[] };
        for (const item of page.data ?? []) if (madeSubscribersOnly.has(item.text || item.title || '')) item.subscribersOnly = true;
        return page;
      };
      await patchApi(page, 'GET', '/performer/feeds', mark);
      await patchApi(page, 'GET', '/performer/performer-assets/galleries/search', mark);

      await signIn(page, demo.creator.email);
      await waitForPath(page, `/${demo.creator.username}`);
      await page.goto('/creator/posts');

      const composer = page.getByTestId('composer');
      await composer.getByLabel('Texto').fill('Só para quem assina');
      madeSubscribersOnly.add('Só para quem assina');
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
      madeSubscribersOnly.add('Bastidores exclusivos');
      await newGallery.getByLabel('Somente assinantes').check();
      await newGallery.getByRole('button', { name: 'Criar galeria' }).click();
      const gallery = page.locator('[data-gallery]', { hasText: 'Bastidores exclusivos' });
      await gallery.getByText('Somente assinantes', { exact: true }).waitFor();
      expect(galleries[0]!.body).toMatchObject({ title: 'Bastidores exclusivos', subscribersOnly: true });

      await page.getByRole('tab', { name: 'Vídeos' }).click();
      const newVideo = page.getByTestId('new-video');
      await newVideo.getByLabel('Arquivo de vídeo').setInputFiles({ name: 'clipe.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not really a video') });
      await newVideo.getByLabel('Título').fill('Clipe exclusivo');
      await newVideo.getByLabel('Somente assinantes').check();
      await newVideo.getByRole('button', { name: 'Enviar vídeo' }).click();
      await expect.poll(() => videos.length).toBe(1);
      expect(videos[0]!.body).toEqual(expect.stringMatching(/name="subscribersOnly"\r\n\r\ntrue\r\n/));
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });
});
