import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, signInApi } from '../support/api.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { answerSiteConfirms } from '../support/site-confirm.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { demo, demoPassword, signIn, waitForPath } from './host-flows.js';

/** The demo creator publishes a paid photo post through the API, as the studio will. */
async function publishPaidPhoto(origin: string, token: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c84' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1' } })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'bastidores.jpg');
  const uploaded = await fetch(`${origin}/api/performer/feeds/photo/upload`, { method: 'POST', headers: { authorization: token }, body: form });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const fileId = ((await uploaded.json()) as { data: { _id: string } }).data._id;
  const created = await fetch(`${origin}/api/performer/feeds`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'photo', text: 'Bastidores do ensaio', isSale: true, price: 5, fileIds: [fileId] }),
  });
  expect(created.status, await created.clone().text()).toBe(200);
  return ((await created.json()) as { data: { _id: string } }).data._id;
}

describe('paid posts on a creator’s page', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a fan sees the blurred post, unlocks it from the wallet after confirming the price, and sees the photo', async () => {
    const creatorToken = await signInApi(server.origin, demo.creator.email, demoPassword);
    const postId = await publishPaidPhoto(server.origin, creatorToken);
    const fanToken = await signInApi(server.origin, demo.fan.email, demoPassword);
    const before = (await apiGet<{ balance: number }>(server.origin, '/users/me', fanToken)).body!.data!.balance;

    const { context, page } = await openPage(browser, server.origin);
    try {
      // The platform's own payment dialog, answered with a real click (test/support/site-confirm.ts).
      const { texts: dialogs } = await answerSiteConfirms(page);
      await signIn(page, demo.fan.email);
      await waitForPath(page, '/home');
      await page.goto(`/${demo.creator.username}`);
      const card = page.locator(`[data-feed="${postId}"]`);
      await card.waitFor();
      expect(await card.getAttribute('data-locked')).toBe('true');
      await card.getByText('Bastidores do ensaio').waitFor();
      const blurred = card.getByRole('img', { name: 'Foto bloqueada' });
      expect(await blurred.getAttribute('src')).toMatch(/^data:image\/webp;base64,/);

      await card.getByRole('button', { name: /Desbloquear por R\$\s?5,00/ }).click();
      const photo = card.getByRole('img', { name: 'Foto 1 de 1' });
      await photo.waitFor();
      expect(dialogs).toHaveLength(1);
      expect(dialogs[0]).toMatch(/^Desbloquear publicação R\$\s?5,00 /);
      expect(await card.getAttribute('data-locked')).toBe('false');
      // The photo really loaded, through the link made for this fan.
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await photo.getAttribute('src')).toMatch(/\/api\/media\/files\/[^/]+\/medium\?/);
    } finally {
      await context.close();
    }
    const after = (await apiGet<{ balance: number }>(server.origin, '/users/me', fanToken)).body!.data!.balance;
    expect(before - after).toBe(5);
  });

  it('a creator writes a paid photo post and a draft in the studio; fans see only the post, locked', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      // The studio's delete asks in the platform's own dialog, accepted.
      await answerSiteConfirms(page);
      await signIn(page, demo.creator.email);
      await waitForPath(page, `/${demo.creator.username}`);
      await page.getByRole('link', { name: 'Minhas publicações' }).click();
      await waitForPath(page, '/creator/posts');
      const composer = page.getByTestId('composer');
      await composer.getByLabel('Texto').fill('Ensaio novo no estúdio');
      const jpeg = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#48c' } }).jpeg().toBuffer();
      await composer.getByLabel('Fotos').setInputFiles({ name: 'estudio.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await composer.locator('li[data-state="done"]').waitFor();
      await composer.getByLabel('Publicação paga (desbloqueada com a carteira)').check();
      await composer.getByLabel('Preço').fill('3,50');
      await composer.getByRole('button', { name: 'Publicar' }).click();
      await composer.getByRole('status').filter({ hasText: 'Publicação salva.' }).waitFor();
      const published = page.locator('li[data-post]', { hasText: 'Ensaio novo no estúdio' });
      await published.waitFor();
      await published.getByText('Publicada').waitFor();
      await published.getByText(/Paga: R\$\s?3,50/).waitFor();

      await composer.getByLabel('Texto').fill('Rascunho secreto');
      await composer.getByLabel('Salvar como rascunho').check();
      await composer.getByRole('button', { name: 'Salvar rascunho' }).click();
      const draft = page.locator('li[data-post]', { hasText: 'Rascunho secreto' });
      await draft.getByText('Rascunho', { exact: true }).waitFor();
      const draftId = await draft.getAttribute('data-post');

      // An empty post is refused before anything is sent.
      await composer.getByRole('button', { name: 'Publicar' }).click();
      await composer.getByRole('alert').filter({ hasText: 'Escreva um texto ou adicione fotos.' }).waitFor();

      // Deleting the draft removes it from the list.
      await draft.getByRole('button', { name: 'Excluir' }).click();
      await draft.waitFor({ state: 'detached' });
      expect(draftId).toBeTruthy();
    } finally {
      await context.close();
    }
    const anonymous = await apiGet<{ data: { text: string; locked: boolean }[] }>(server.origin, `/user/feeds/search/${demo.creator.username}?limit=50`);
    const texts = anonymous.body!.data!.data.map((post) => post.text);
    expect(texts).toContain('Ensaio novo no estúdio');
    expect(texts).not.toContain('Rascunho secreto');
    expect(anonymous.body!.data!.data.find((post) => post.text === 'Ensaio novo no estúdio')!.locked).toBe(true);
  });

  it('a fan follows a creator from their page and finds their posts on the home page', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      await signIn(page, demo.fan.email);
      await waitForPath(page, '/home');
      await page.getByText('Siga ou assine criadores para ver as publicações deles aqui.').waitFor();
      await page.goto(`/${demo.creator.username}`);
      const follow = page.getByTestId('follow');
      // The profile's figures show the followers, moving with the fan's follow.
      const followers = page.getByTestId('profile-stats').locator('[data-stat="followers"] dd');
      const before = Number((await followers.textContent())!.replace(/\D/g, ''));
      await follow.getByRole('button', { name: 'Seguir' }).click();
      await follow.getByRole('button', { name: 'Deixar de seguir' }).waitFor();
      await expect.poll(async () => Number((await followers.textContent())!.replace(/\D/g, ''))).toBe(before + 1);
      // The follow is on the server: a reload still says so.
      await page.reload();
      await page.getByTestId('follow').getByRole('button', { name: 'Deixar de seguir' }).waitFor();
      await page.goto('/home');
      await page.locator('[data-feed]').first().waitFor();
      expect(await page.locator('[data-feed]').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
