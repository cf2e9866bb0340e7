import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from '../../server/test/media-fixtures.js';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { demo, openAsFan, signIn, waitForPath } from './host-flows.js';

describe('a paid video post, from the studio to a fan’s player', () => {
  const e2e = useServerAndBrowser();
  let clip: Buffer;

  beforeAll(() => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-e2e-video-')), 'ensaio.mp4');
    makeVideo(file, { width: 640, height: 360, seconds: 6 });
    clip = readFileSync(file);
  });

  it('the creator posts it and watches it transcode; a fan sees it blurred, unlocks it from the wallet and plays it', async () => {
    const creatorSide = await openPage(e2e.browser, e2e.server.origin);
    try {
      const page = creatorSide.page;
      await signIn(page, demo.creator.email);
      await waitForPath(page, `/${demo.creator.username}`);
      await page.goto('/creator/posts');
      const composer = page.getByTestId('composer');
      await composer.getByLabel('Texto').fill('Ensaio em vídeo');
      await composer.getByLabel('Fotos ou um vídeo').setInputFiles({ name: 'ensaio.mp4', mimeType: 'video/mp4', buffer: clip });
      await composer.locator('li[data-state="done"]').waitFor();
      await composer.getByLabel('Publicação paga (desbloqueada com a carteira)').check();
      await composer.getByLabel('Preço').fill('4');
      await composer.getByRole('button', { name: 'Publicar' }).click();
      const mine = page.locator('li[data-post]', { hasText: 'Ensaio em vídeo' });
      // The status is visible while it transcodes, then says it is ready (polled every 5 s).
      await mine.getByRole('status').filter({ hasText: /Processando o vídeo… \d+%/ }).waitFor();
      await mine.getByText('Vídeo pronto').waitFor({ timeout: 90_000 });
    } finally {
      await creatorSide.context.close();
    }

    const fanSide = await openAsFan(e2e.browser, e2e.server.origin);
    try {
      const { page, dialogs } = fanSide;
      await page.goto(`/${demo.creator.username}`);
      const card = page.locator('[data-feed]', { hasText: 'Ensaio em vídeo' });
      await card.waitFor();
      expect(await card.getAttribute('data-locked')).toBe('true');
      const blurred = card.getByRole('img', { name: 'Vídeo bloqueado' });
      expect(await blurred.getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
      await card.getByText(/Vídeo pago: desbloqueie por R\$\s?4,00/).waitFor();

      await card.getByRole('button', { name: /Desbloquear por R\$\s?4,00/ }).click();
      await card.getByRole('button', { name: 'Reproduzir o vídeo' }).click();
      expect(dialogs).toHaveLength(1);
      expect(dialogs[0]).toMatch(/R\$\s?4,00/);
      const video = card.getByLabel('Vídeo', { exact: true });
      await video.waitFor();
      // The player attaches its stream after the element appears; a play() before that is
      // aborted by the stream's own load, so play once the stream's metadata is there.
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
      // Frames advance: the HLS stream really plays (muted, so autoplay rules allow it).
      await video.evaluate((element: HTMLVideoElement) => {
        element.muted = true;
        return element.play();
      });
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(1);
      const size = await video.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight]);
      expect(size).toEqual([640, 360]);
    } finally {
      await fanSide.context.close();
    }
    expect(fanSide.before - (await fanSide.balance())).toBe(4);
  });
});
