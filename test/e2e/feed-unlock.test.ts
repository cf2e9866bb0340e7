import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, signInApi } from '../support/api.js';
import { launchBrowser, openPage } from '../support/browser.js';
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
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.accept();
      });
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
      expect(dialogs[0]).toMatch(/R\$\s?5,00/);
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
});
