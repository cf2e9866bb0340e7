import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiGet, signInApi } from '../support/api.js';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { demo, demoPassword, openAsFan, signIn, waitForPath } from './host-flows.js';

describe('galleries and discovery on the host site', () => {
  const e2e = useServerAndBrowser();

  it('a creator fills a paid gallery in the studio; a fan opens it on the creator’s Photos tab, unlocks it and sees the photos', async () => {
    const creatorSide = await openPage(e2e.browser, e2e.server.origin);
    try {
      const page = creatorSide.page;
      page.on('dialog', (dialog) => void dialog.accept());
      await signIn(page, demo.creator.email);
      await waitForPath(page, `/${demo.creator.username}`);
      await page.goto('/creator/posts?tab=galleries');
      const form = page.getByTestId('new-gallery');
      // Nothing is sent without a title.
      await form.getByRole('button', { name: 'Criar galeria' }).click();
      await form.getByRole('alert').filter({ hasText: 'Dê um título.' }).waitFor();
      await form.getByLabel('Título da galeria').fill('Ensaio na praia');
      await form.getByLabel('Galeria paga (desbloqueada com a carteira)').check();
      await form.getByLabel('Preço').fill('6,50');
      await form.getByRole('button', { name: 'Criar galeria' }).click();
      const photos = page.getByTestId('gallery-photos');
      await photos.getByRole('heading', { name: 'Ensaio na praia' }).waitFor();
      const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
      await photos.getByLabel('Adicionar fotos').setInputFiles([
        { name: 'praia-1.jpg', mimeType: 'image/jpeg', buffer: jpeg },
        { name: 'praia-2.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      ]);
      await expect.poll(() => photos.locator('li[data-photo]').count()).toBe(2);
      await photos.locator('li[data-photo]').first().getByRole('button', { name: 'Usar como capa' }).click();
      await photos.locator('li[data-photo]').first().getByText('Capa').waitFor();
      await page.locator('li[data-gallery]', { hasText: 'Ensaio na praia' }).getByText('Fotos: 2').waitFor();
    } finally {
      await creatorSide.context.close();
    }

    const fanSide = await openAsFan(e2e.browser, e2e.server.origin);
    try {
      const { page, dialogs } = fanSide;
      await page.goto(`/${demo.creator.username}`);
      await page.getByRole('tab', { name: 'Fotos' }).click();
      await waitForPath(page, `/${demo.creator.username}`);
      expect(new URL(page.url()).searchParams.get('tab')).toBe('photos');
      const card = page.locator('li[data-gallery]', { hasText: 'Ensaio na praia' });
      expect(await card.getAttribute('data-locked')).toBe('true');
      expect(await card.getByRole('img', { name: 'Capa bloqueada' }).getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
      await card.getByRole('button').click();
      const gallery = page.getByTestId('gallery');
      await gallery.getByText(/Galeria paga: desbloqueie por R\$\s?6,50 para ver as 2 fotos\./).waitFor();
      await expect.poll(() => gallery.getByRole('img', { name: 'Foto bloqueada' }).count()).toBe(2);
      await gallery.getByRole('button', { name: /Desbloquear por R\$\s?6,50/ }).click();
      const first = gallery.getByRole('img', { name: 'Foto 1 de 2' });
      await first.waitFor();
      expect(dialogs).toHaveLength(1);
      expect(dialogs[0]).toMatch(/R\$\s?6,50/);
      await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await gallery.getAttribute('data-locked')).toBe('false');
    } finally {
      await fanSide.context.close();
    }
    expect(fanSide.before - (await fanSide.balance())).toBe(6.5);
  });

  it('the discovery page finds posts by their text and remembers what fans search', async () => {
    const creatorToken = await signInApi(e2e.server.origin, demo.creator.email, demoPassword);
    const created = await fetch(`${e2e.server.origin}/api/performer/feeds`, {
      method: 'POST',
      headers: { authorization: creatorToken, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'text', text: 'Pôr do sol em Ipanema' }),
    });
    expect(created.status).toBe(200);
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      await page.goto('/discover');
      const discover = page.getByTestId('discover');
      await discover.getByRole('heading', { name: 'Em alta esta semana' }).waitFor();
      await discover.getByTestId('top-creators').locator('li').first().waitFor();
      await discover.getByLabel('Buscar criadores e publicações').fill('ipanema');
      await discover.getByRole('button', { name: 'Buscar' }).click();
      await discover.getByRole('heading', { name: 'Publicações com “ipanema”' }).waitFor();
      await discover.getByText('Pôr do sol em Ipanema').waitFor();
      expect(new URL(page.url()).searchParams.get('q')).toBe('ipanema');
      // The search is counted and offered to the next visitor.
      await expect
        .poll(async () => ((await apiGet<{ data: { keyword: string }[] }>(e2e.server.origin, '/search/list/keywords')).body!.data?.data ?? []).map((k) => k.keyword))
        .toContain('ipanema');
      await page.goto('/discover');
      await discover.getByRole('navigation', { name: 'Buscas populares' }).getByRole('button', { name: 'ipanema' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
