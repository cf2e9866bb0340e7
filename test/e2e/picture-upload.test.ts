import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { demo, signIn, waitForPath } from './host-flows.js';

/** A camera photo: its make, model and a GPS position in EXIF. `noise` makes it large. */
async function cameraPhoto(noise = false): Promise<Buffer> {
  const create = { width: noise ? 1600 : 900, height: noise ? 1600 : 600, channels: 3 as const, background: '#a33', ...(noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } } : {}) };
  return sharp({ create })
    .jpeg({ quality: noise ? 98 : 80 })
    .withExif({ IFD0: { Make: 'SpyCam', Model: 'GPS-9000' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1' } })
    .toBuffer();
}

describe('profile pictures on the host site', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a fan uploads an avatar; the served picture has no EXIF or GPS and the site shows it', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      await signIn(page, demo.fan.email);
      await waitForPath(page, '/home');
      await page.goto('/user/account');
      const upload = page.getByTestId('avatar-upload');
      await upload.getByLabel('Foto de perfil').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
      await upload.getByRole('status').filter({ hasText: 'Imagem atualizada.' }).waitFor();
      const src = await upload.getByRole('img').getAttribute('src');
      expect(src).toMatch(/\/files\/images\/[^/]+\/[0-9a-f]+\/large\.webp$/);
      const served = Buffer.from(await (await fetch(src!)).arrayBuffer());
      const meta = await sharp(served).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(served.includes('SpyCam')).toBe(false);
      // The site's header shows the new avatar too (the account was reloaded).
      expect(await page.locator(`img[src="${src}"]`).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('a slow upload shows its progress and can be cancelled; the avatar stays as it was', async () => {
    const { context, page } = await openPage(browser, server.origin);
    try {
      await signIn(page, demo.creator.email);
      await waitForPath(page, `/${demo.creator.username}`);
      await page.goto('/creator/account');
      const upload = page.getByTestId('avatar-upload');
      const before = await upload.getByRole('img').getAttribute('src');
      const photo = await cameraPhoto(true);
      expect(photo.length).toBeGreaterThan(1024 * 1024);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 128 * 1024 });
      await upload.getByLabel('Foto de perfil').setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: photo });
      const progress = upload.locator('progress');
      await progress.waitFor();
      await upload.getByText(/% enviado$/).waitFor();
      await upload.getByRole('button', { name: 'Cancelar envio' }).click();
      await upload.getByRole('status').filter({ hasText: 'Envio cancelado.' }).waitFor();
      expect(await progress.count()).toBe(0);
      expect(await upload.getByRole('img').getAttribute('src')).toBe(before);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      // A file that is not a picture is refused with the translated reason.
      await upload.getByLabel('Foto de perfil').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') });
      await upload.getByRole('alert').filter({ hasText: 'Este tipo de arquivo não é aceito aqui.' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
