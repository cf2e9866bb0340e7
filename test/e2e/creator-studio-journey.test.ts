import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { WAIT_MS } from '../../testing/budgets.js';
import { makeVideo } from '../../server/test/media-fixtures.js';
import { tokenCookie } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { repoRoot } from '../support/paths.js';
import { answerSiteConfirms } from '../support/site-confirm.js';
import { api, apiLogin, demo, submitLogin, waitForPath } from './host-flows.js';

const PASSWORD = 'creator password';
const PENDING_TEXT = 'Seus documentos estão em análise; enquanto isso, você pode publicar conteúdo gratuito.';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 900 } } as const;

/** Registers a creator through the real multipart form; she starts pending review. */
async function registerCreator(origin: string, email: string, username: string): Promise<void> {
  const form = new FormData();
  const fields = { email, password: PASSWORD, username, firstName: 'Nova', lastName: 'Criadora', gender: 'female', countryCode: 'br', dateOfBirth: '1995-04-03', phone: '+55 11 91234-5678' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('idVerification', new Blob([PNG], { type: 'image/png' }), 'front.png');
  form.append('documentVerification', new Blob([PNG], { type: 'image/png' }), 'back.png');
  const res = await fetch(`${origin}/api/auth/performers/register`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Staff approve her documents (as the admin, through the API). */
async function approve(origin: string, email: string): Promise<void> {
  const me = await api<{ _id: string }>(origin, 'GET', '/users/me', { token: await apiLogin(origin, email, PASSWORD) });
  const admin = await apiLogin(origin, demo.admin.email);
  const answer = await api(origin, 'POST', `/admin/performers/${me.data!._id}/review`, { token: admin, body: { decision: 'approve' } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Waits for the page to be still, checks it has no sideways scroll, and saves its picture. */
async function shoot(page: Page, folder: string, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .page-status[role="status"]'));
  await page.waitForLoadState('networkidle');
  const wide = await page.evaluate(() => Array.from(document.querySelectorAll('body *')).filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`));
  expect(await noSideways(page), `${name} scrolls sideways: ${wide.join(' | ')}`).toBe(true);
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

describe('a new creator’s studio, from pending review to a published paid post, a gallery and a video', () => {
  const e2e = useServerAndBrowser();
  let clip: Buffer;
  let jpeg: (hue: string) => Promise<Buffer>;

  beforeAll(() => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-e2e-studio-')), 'clip.mp4');
    makeVideo(file, { width: 320, height: 240, seconds: 1 });
    clip = readFileSync(file);
    jpeg = (background) => sharp({ create: { width: 480, height: 360, channels: 3, background } }).jpeg().toBuffer();
  });

  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    it(`at ${size.width}x${size.height}`, async () => {
      const folder = path.join(repoRoot, 'test/artifacts/studio', viewport);
      mkdirSync(folder, { recursive: true });
      const email = `studio.${viewport}@example.test`;
      const username = `studio${viewport}`;
      await registerCreator(e2e.server.origin, email, username);
      const context = await e2e.browser.newContext({ baseURL: e2e.server.origin, locale: 'pt-BR', viewport: size });
      context.setDefaultTimeout(WAIT_MS);
      const page = await context.newPage();
      const confirms = await answerSiteConfirms(page);
      try {
        await page.goto('/auth/login');
        await submitLogin(page, email, PASSWORD);
        await waitForPath(page, `/${username}`);
        await page.goto('/creator/posts');
        await page.getByTestId('studio-pending').waitFor();
        await page.getByText('Você ainda não publicou nada').waitFor();
        await shoot(page, folder, '01-empty-pending');

        // A paid video post while pending: refused with the reason, the form kept, still signed in.
        const composer = page.getByTestId('composer');
        await composer.getByLabel('Texto').fill('Ensaio exclusivo em vídeo');
        await composer.getByLabel('Fotos ou um vídeo').setInputFiles({ name: 'ensaio.mp4', mimeType: 'video/mp4', buffer: clip });
        const tile = composer.locator('li.media-tile[data-kind="video"]');
        await tile.filter({ hasText: 'Vídeo 1' }).waitFor();
        expect(await tile.textContent()).not.toMatch(/foto/i);
        await composer.locator('li.media-tile[data-state="done"]').waitFor();
        await composer.getByLabel('Miniatura').setInputFiles({ name: 'capa.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#c46') });
        await composer.locator('.preview-slot li[data-state="done"]').waitFor();
        await composer.getByLabel('Publicação paga (desbloqueada com a carteira)').check();
        await composer.getByLabel('Preço').fill('5');
        await composer.getByRole('button', { name: 'Publicar' }).click();
        await composer.getByRole('alert').filter({ hasText: PENDING_TEXT }).waitFor();
        expect(await composer.getByLabel('Texto').inputValue()).toBe('Ensaio exclusivo em vídeo');
        expect(await composer.getByLabel('Preço').inputValue()).toBe('5');
        expect(await composer.locator('li.media-tile[data-kind="video"][data-state="done"]').count()).toBe(1);
        await waitForPath(page, '/creator/posts');
        await page.getByTestId('signed-in-user').waitFor({ state: 'attached' });
        expect(await tokenCookie(context)).toBeTruthy();
        await shoot(page, folder, '02-paid-refused-while-pending');

        // Staff approve her; the same form, sent again, publishes.
        await approve(e2e.server.origin, email);
        await composer.getByRole('button', { name: 'Publicar' }).click();
        await composer.getByRole('status').filter({ hasText: 'Publicação salva.' }).waitFor();
        expect(await composer.getByLabel('Texto').inputValue()).toBe('');
        const paid = page.locator('li[data-post]', { hasText: 'Ensaio exclusivo em vídeo' });
        await paid.getByText(/Paga: R\$\s?5,00/).waitFor();
        await paid.locator('.studio-row__thumb img').waitFor();
        expect(await paid.locator('.studio-row__kind').textContent()).toBe('Vídeo');

        // A scheduled text post, then edited to publish now; and a draft, deleted.
        await composer.getByLabel('Texto').fill('Em breve: bastidores');
        await composer.getByText('Agendar', { exact: true }).click();
        const tomorrow = new Date(Date.now() + 86_400_000);
        const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
        await composer.getByLabel('Data e hora').fill(local);
        await composer.getByRole('button', { name: 'Agendar publicação' }).click();
        const scheduled = page.locator('li[data-post]', { hasText: 'Em breve: bastidores' });
        await scheduled.locator('.status-badge[data-status="scheduled"]').filter({ hasText: 'Agendada para' }).waitFor();

        await composer.getByLabel('Texto').fill('Rascunho a apagar');
        await composer.getByText('Salvar como rascunho', { exact: true }).click();
        await composer.getByRole('button', { name: 'Salvar rascunho' }).click();
        const draft = page.locator('li[data-post]', { hasText: 'Rascunho a apagar' });
        await draft.locator('.status-badge[data-status="draft"]').waitFor();
        await shoot(page, folder, '03-posts-list');

        await scheduled.getByRole('button', { name: 'Editar' }).click();
        const editor = scheduled.getByTestId('post-editor');
        await editor.getByLabel('Texto').fill('Bastidores, agora no ar');
        await editor.getByText('Agora', { exact: true }).click();
        await shoot(page, folder, '04-editing-a-post');
        await editor.getByRole('button', { name: 'Salvar alterações' }).click();
        const edited = page.locator('li[data-post]', { hasText: 'Bastidores, agora no ar' });
        await edited.locator('.status-badge[data-status="published"]').waitFor();
        await editor.waitFor({ state: 'detached' });

        await draft.getByRole('button', { name: 'Excluir' }).click();
        await draft.waitFor({ state: 'detached' });
        expect(confirms.texts).toContain('Excluir esta publicação e seus arquivos?');

        // A gallery with several photos, dropped in before it exists.
        await page.getByRole('tab', { name: 'Galerias' }).click();
        const newGallery = page.getByTestId('new-gallery');
        await newGallery.getByLabel('Título da galeria').fill('Tarde na praia');
        await newGallery.getByLabel('Fotos para a galeria').setInputFiles([
          { name: 'praia-1.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#3a7') },
          { name: 'praia-2.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#37a') },
          { name: 'praia-3.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#a73') },
        ]);
        await expect.poll(() => newGallery.locator('li.media-tile[data-kind="photo"] img').count()).toBe(3);
        await newGallery.getByLabel('Galeria paga (desbloqueada com a carteira)').check();
        await newGallery.getByLabel('Preço').fill('8');
        await shoot(page, folder, '05-new-gallery');
        await newGallery.getByRole('button', { name: 'Criar galeria' }).click();
        const gallery = page.locator('li[data-gallery]', { hasText: 'Tarde na praia' });
        await gallery.getByText('Fotos: 3').waitFor();
        await expect.poll(() => gallery.locator('li[data-photo]').count()).toBe(3);
        await gallery.locator('li[data-photo]').first().getByRole('button', { name: 'Usar como capa' }).click();
        await gallery.locator('.studio-row__thumb img').waitFor();
        await shoot(page, folder, '06-galleries');

        // A video with its thumbnail and teaser.
        await page.getByRole('tab', { name: 'Vídeos' }).click();
        const newVideo = page.getByTestId('new-video');
        await newVideo.getByLabel('Arquivo de vídeo').setInputFiles({ name: 'clipe.mp4', mimeType: 'video/mp4', buffer: clip });
        await newVideo.getByLabel('Miniatura').setInputFiles({ name: 'miniatura.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#639') });
        await newVideo.getByLabel('Teaser').setInputFiles({ name: 'teaser.mp4', mimeType: 'video/mp4', buffer: clip });
        await newVideo.getByLabel('Título').fill('Clipe do ensaio');
        await newVideo.getByLabel('Somente assinantes').check();
        await expect.poll(() => newVideo.locator('li.media-tile[data-state="done"]').count()).toBe(3);
        // Each file says what it is: never a photo's label on a video.
        expect(await newVideo.locator('li.media-tile').allTextContents()).toEqual([expect.stringContaining('Vídeo 1'), expect.stringContaining('Miniatura'), expect.stringContaining('Teaser')]);
        await shoot(page, folder, '07-new-video');
        await newVideo.getByRole('button', { name: 'Enviar vídeo' }).click();
        const video = page.locator('li[data-video]', { hasText: 'Clipe do ensaio' });
        await video.getByText('Somente assinantes', { exact: true }).waitFor();
        await video.locator('.studio-row__thumb img').waitFor();
        await shoot(page, folder, '08-videos');

        // Back on the posts: the paid video post finished processing and is published, with its thumbnail.
        await page.getByRole('tab', { name: 'Publicações' }).click();
        await paid.locator('.status-badge[data-status="published"]').waitFor({ timeout: 120_000 });
        await paid.locator('.studio-row__thumb img').waitFor();
        expect(await page.locator('li[data-post] .studio-row__thumb img').count()).toBeGreaterThanOrEqual(1);
        await shoot(page, folder, '09-posts-published');
      } finally {
        await context.close();
      }
    });
  }
});
