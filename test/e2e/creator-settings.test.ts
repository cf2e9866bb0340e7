import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from '../../server/test/media-fixtures.js';
import { apiGet } from '../support/api.js';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { demo, signIn, waitForPath } from './host-flows.js';

describe('a creator’s profile settings on /creator/account/<section>', () => {
  const e2e = useServerAndBrowser();
  let clip: Buffer;

  beforeAll(() => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-e2e-welcome-')), 'boas-vindas.mp4');
    makeVideo(file, { seconds: 2 });
    clip = readFileSync(file);
  });

  it('the creator edits the profile and prices, is refused a price out of range, saves a PIX key and uploads a welcome video', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      await signIn(page, demo.creator.email);
      await waitForPath(page, `/${demo.creator.username}`);
      await page.goto('/creator/account/profile');

      // Profile: pre-filled from GET /performers/me, saved with PUT /performers/me (its own fields only).
      const profile = page.getByTestId('creator-profile');
      const bio = profile.getByLabel('Biografia');
      await expect.poll(() => bio.inputValue()).toBe('Fotógrafa e viajante. Bastidores de cada ensaio.');
      await bio.fill('Fotógrafa, viajante e agora também em vídeo.');
      await profile.getByRole('button', { name: 'Salvar' }).click();
      await profile.getByRole('status').filter({ hasText: 'Alterações salvas.' }).waitFor();

      // Subscription prices: their own section and save.
      await page.goto('/creator/account/prices');
      const prices = page.getByTestId('creator-prices');
      const monthly = prices.getByLabel('Mensal');
      await expect.poll(() => monthly.inputValue()).toBe('9,90');
      await prices.getByText(/De R\$\s?5,95 a R\$\s?300,00/).first().waitFor();
      await monthly.fill('12,50');
      await prices.getByRole('button', { name: 'Salvar' }).click();
      await prices.getByRole('status').filter({ hasText: 'Alterações salvas.' }).waitFor();
      const seen = await apiGet<{ bio: string; monthlyPrice: number }>(e2e.server.origin, `/performers/${demo.creator.username}`);
      expect(seen.body?.data?.bio).toBe('Fotógrafa, viajante e agora também em vídeo.');
      expect(seen.body?.data?.monthlyPrice).toBe(12.5);

      // A price out of range: the refusal shows under the price, which is marked invalid.
      await monthly.fill('500');
      await prices.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => monthly.getAttribute('aria-invalid')).toBe('true');
      const errorId = (await monthly.getAttribute('aria-describedby'))?.split(' ').find((one) => one.endsWith('-error'));
      expect(errorId).toBeTruthy();
      expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('O preço da assinatura está fora do permitido.');
      await prices.getByRole('alert').filter({ hasText: 'Confira os campos marcados.' }).waitFor();
      const unchanged = await apiGet<{ monthlyPrice: number }>(e2e.server.origin, `/performers/${demo.creator.username}`);
      expect(unchanged.body?.data?.monthlyPrice).toBe(12.5);
      // Back to the saved price, so leaving asks nothing.
      await monthly.fill('12,50');

      // Payouts: a CPF PIX key, answered masked but its last 4 digits.
      await page.goto('/creator/account/payouts');
      const pix = page.getByTestId('payout-pix');
      await pix.getByText('Nenhuma cadastrada.').waitFor();
      await pix.getByLabel('Tipo de chave PIX').selectOption('cpf');
      await pix.getByLabel('Chave PIX', { exact: true }).fill('529.982.247-25');
      await pix.getByRole('button', { name: 'Salvar chave PIX' }).click();
      await pix.getByRole('status').filter({ hasText: 'Chave PIX salva.' }).waitFor();
      const stored = pix.locator('[data-part="stored"]');
      await stored.getByText('*******4725').waitFor();
      expect(await stored.textContent()).not.toContain('52998224725');
      expect(await pix.getByLabel('Chave PIX', { exact: true }).inputValue()).toBe('');

      // A new ID document (front) puts the creator back under review.
      await page.goto('/creator/account/documents');
      const documents = page.getByTestId('identity-documents');
      const scan = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#ccd' } }).png().toBuffer();
      await documents.getByLabel('Frente do documento').setInputFiles({ name: 'rg-frente.png', mimeType: 'image/png', buffer: scan });
      await documents.getByRole('status').filter({ hasText: 'Documento enviado: rg-frente.png. Ele está em análise.' }).waitFor();
      await documents.getByText('Em análise', { exact: true }).waitFor();

      // Welcome video: uploaded with progress, then processing until the transcode finished.
      await page.goto('/creator/account/messages');
      const welcome = page.getByTestId('welcome-video');
      await welcome.getByText('Você ainda não tem um vídeo de boas-vindas.').waitFor();
      await welcome.getByLabel('Arquivo do vídeo').setInputFiles({ name: 'boas-vindas.mp4', mimeType: 'video/mp4', buffer: clip });
      await welcome.getByRole('button', { name: 'Enviar vídeo' }).click();
      await welcome.getByRole('status').filter({ hasText: /Processando o vídeo… \d+%/ }).waitFor({ timeout: 30_000 });
      await welcome.getByText('Vídeo pronto').waitFor({ timeout: 90_000 });
      await welcome.getByRole('button', { name: 'Reproduzir o vídeo' }).waitFor();
      await welcome.getByRole('button', { name: 'Substituir vídeo' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
