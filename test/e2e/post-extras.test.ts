import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFfmpeg } from '../../server/test/media-fixtures.js';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { demo, openAsFan, signIn, waitForPath } from './host-flows.js';

describe('polls, crowdfunding and audio posts', () => {
  const e2e = useServerAndBrowser();

  it('a creator posts a poll, a goal and an audio from the studio; a fan votes once, backs the goal from the wallet and hears the audio', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-e2e-audio-')), 'voz.m4a');
    execFileSync(testFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=2', '-c:a', 'aac', file]);
    const creatorSide = await openPage(e2e.browser, e2e.server.origin);
    try {
      const page = creatorSide.page;
      await signIn(page, demo.creator.email);
      await waitForPath(page, `/${demo.creator.username}`);
      await page.goto('/creator/posts');
      const composer = page.getByTestId('composer');
      await composer.getByLabel('Texto').fill('Qual o próximo ensaio?');
      await composer.getByLabel('Enquete').check();
      await composer.getByLabel('Opção 1').fill('Praia');
      await composer.getByLabel('Opção 2').fill('Estúdio');
      await composer.getByRole('button', { name: 'Publicar' }).click();
      await composer.getByRole('status').filter({ hasText: 'Publicação salva.' }).waitFor();

      await composer.getByLabel('Texto').fill('Vamos juntos ao festival');
      await composer.getByLabel('Vaquinha').check();
      await composer.getByLabel('Título da vaquinha').fill('Festival');
      await composer.getByLabel('Meta (valor)').fill('100');
      await composer.getByRole('button', { name: 'Publicar' }).click();
      await page.locator('li[data-post]', { hasText: 'Vamos juntos ao festival' }).waitFor();

      await composer.getByLabel('Texto').fill('Um recado em áudio');
      await composer.getByLabel('Fotos ou um vídeo').setInputFiles({ name: 'voz.m4a', mimeType: 'audio/mp4', buffer: readFileSync(file) });
      await composer.locator('li[data-state="done"]').waitFor();
      await composer.getByRole('button', { name: 'Publicar' }).click();
      await page.locator('li[data-post]', { hasText: 'Um recado em áudio' }).waitFor();
    } finally {
      await creatorSide.context.close();
    }

    const fanSide = await openAsFan(e2e.browser, e2e.server.origin);
    try {
      const { page, dialogs } = fanSide;
      await page.goto(`/${demo.creator.username}`);

      const pollCard = page.locator('[data-feed]', { hasText: 'Qual o próximo ensaio?' });
      await pollCard.getByRole('button', { name: 'Praia' }).click();
      await pollCard.getByText('Votos: 1').waitFor();
      await pollCard.getByRole('meter', { name: 'Praia: 100%' }).waitFor();
      // Voted: the options are results now, not buttons.
      expect(await pollCard.getByRole('button', { name: 'Estúdio' }).count()).toBe(0);

      const goalCard = page.locator('[data-feed]', { hasText: 'Vamos juntos ao festival' });
      await goalCard.getByRole('textbox', { name: /Outro valor/ }).fill('5');
      await goalCard.getByRole('button', { name: 'Apoiar' }).click();
      await goalCard.getByText('Obrigado pelo apoio!').waitFor();
      await goalCard.getByText(/R\$\s?5,00 de R\$\s?100,00 · apoiadores: 1/).waitFor();
      expect(dialogs).toHaveLength(1);
      expect(dialogs[0]).toMatch(/R\$\s?5,00/);

      const audioCard = page.locator('[data-feed]', { hasText: 'Um recado em áudio' });
      const player = audioCard.getByLabel('Áudio da publicação');
      await player.waitFor({ timeout: 30_000 });
      await player.evaluate((audio: HTMLAudioElement) => {
        audio.muted = true;
        return audio.play();
      });
      await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(0.5);
    } finally {
      await fanSide.context.close();
    }
    expect(fanSide.before - (await fanSide.balance())).toBe(5);
  });
});
