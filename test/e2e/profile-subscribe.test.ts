/**
 * Subscribing from a creator's profile on the platform's own site, in Chromium against the
 * real server: fan1 finds Bruno's subscribers-only photo post locked as "Só para
 * assinantes" (not as a paid post of R$ 0,00), follows its "Assinar para ver" to the
 * profile's subscribe section, subscribes monthly in the platform's own confirm dialog (same
 * origin: cancelled first, which charges nothing, then confirmed by keyboard), and the post's
 * photo opens in the same document, never reloaded. The profile's header counts what the
 * server counts, tips through the same dialog and its message button opens the conversation
 * with the creator. The wallet lost exactly the plan's price and the tip; screenshots of the
 * profile at 390 and 1366 px wide go to test/.artifacts/.
 *
 * Every wait is on something happening, with a deadline; there are no sleeps.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, signInApi } from '../support/api.js';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { brl, cents, normalised, publishSubscribersOnlyPhoto } from '../support/subscriber-posts.js';

const password = 'fandeck-demo';
const creator = { email: 'creator2@fandeck.local', username: 'bruno.costa', name: 'Bruno Costa' };
const fan = { email: 'fan1@fandeck.local' };

const artifacts = path.resolve(import.meta.dirname, '../.artifacts');
const tip = 10;

/** Nothing of the profile reaches past the screen's right edge. */
async function noSidewaysScroll(page: Page) {
  const edges = await page.evaluate(() => {
    let right = 0;
    for (const element of Array.from(document.querySelectorAll('[data-testid="profile"], [data-testid="profile"] *'))) {
      const box = element.getBoundingClientRect();
      if (box.width > 0) right = Math.max(right, box.right + window.scrollX);
    }
    return { right: Math.ceil(right), width: document.documentElement.clientWidth };
  });
  expect(edges.right, 'the profile is wider than the screen').toBeLessThanOrEqual(edges.width);
}

const balanceOf = async (origin: string, token: string) => (await apiGet<{ balance: number }>(origin, '/users/me', token)).body!.data!.balance;

describe('a fan subscribes from a creator’s profile and the subscribers-only post opens in place', () => {
  const e2e = useServerAndBrowser();

  it('fan1 sees “Só para assinantes”, subscribes monthly in the platform’s dialog, the photo loads without a reload, then tips and messages from the header', async () => {
    const { server, browser } = e2e;
    const [creatorToken, fanToken] = await Promise.all([signInApi(server.origin, creator.email, password), signInApi(server.origin, fan.email, password)]);
    const postId = await publishSubscribersOnlyPhoto(server.origin, creatorToken, { text: 'O molho da casa, passo a passo', fileName: 'molho.jpg', background: '#a63' });
    const profile = (await apiGet<{ monthlyPrice: number; stats: Record<string, number> }>(server.origin, `/performers/${creator.username}`)).body!.data!;
    const monthly = profile.monthlyPrice;
    expect(monthly).toBeGreaterThan(0);
    const balanceBefore = await balanceOf(server.origin, fanToken);
    expect(balanceBefore).toBeGreaterThanOrEqual(monthly);

    const { context, page } = await openPage(browser, server.origin);
    try {
      await context.addCookies([{ name: 'token', value: fanToken, url: server.origin, sameSite: 'Lax' }]);
      // Same origin, the platform's confirm is its own dialog in the page (never the browser's), worded from the server's quote.
      const browserDialogs: string[] = [];
      page.on('dialog', (dialog) => {
        browserDialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/${creator.username}`);
      // One header: one h1, the server's counts, and what a fan does here.
      const header = page.getByTestId('profile-stats');
      await header.waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      const figure = async (name: string) => normalised(await header.locator(`[data-stat="${name}"] dd`).textContent());
      expect(await figure('subscribers')).toBe(String(profile.stats.subscribers));
      expect(await figure('posts')).toBe(String(profile.stats.totalFeeds));
      expect(await figure('photos')).toBe(String(profile.stats.totalPhotos));
      expect(await figure('videos')).toBe(String(profile.stats.totalVideos));
      const actions = page.getByTestId('profile-actions');
      for (const name of ['Assinar', 'Gorjeta', 'Pedir chamada', 'Seguir']) await actions.getByRole('button', { name, exact: true }).waitFor();
      await actions.getByRole('link', { name: 'Mensagem', exact: true }).waitFor();
      await noSidewaysScroll(page);
      mkdirSync(artifacts, { recursive: true });
      await page.screenshot({ path: path.join(artifacts, 'profile-390.png') });
      // Marks this document: seeing the marker at the end proves the page was never reloaded.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      // The locked post is for subscribers, not for sale at R$ 0,00.
      const card = page.locator(`[data-feed="${postId}"]`);
      await card.waitFor();
      expect(await card.getAttribute('data-locked')).toBe('true');
      const box = card.locator('[data-lock="subscribers"]');
      await box.getByText('Só para assinantes', { exact: true }).waitFor();
      expect(normalised(await box.textContent())).toContain(`Assine ${creator.name} para ver esta publicação.`);
      expect(await card.getByRole('button', { name: /Desbloquear/ }).count()).toBe(0);
      expect(normalised(await card.textContent())).not.toMatch(/R\$ 0,00/);
      expect(await card.getByRole('img', { name: 'Foto bloqueada' }).getAttribute('src')).toMatch(/^data:image\//);

      // "Assinar para ver" brings the profile's subscribe forward, with the keyboard on it.
      const plans = page.locator('#plans');
      await plans.locator('[part="card"][data-state="offer"]').waitFor();
      await card.getByRole('button', { name: 'Assinar para ver' }).click();
      const subscribeButton = plans.getByRole('button', { name: `Assinar ${creator.name}` });
      await expect.poll(() => subscribeButton.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await plans.evaluate((section) => Math.round(section.getBoundingClientRect().top))).toBeLessThan(await page.evaluate(() => innerHeight / 2));
      expect(normalised(await plans.locator('[part="price"]').textContent())).toMatch(/^A partir de R\$ /);

      await page.keyboard.press('Enter');
      const panel = plans.locator('[part="panel"]');
      await panel.waitFor();
      await expect.poll(() => panel.locator('[part="balance"]').textContent().then(normalised)).toBe(`Seu saldo: ${brl(balanceBefore)}`);
      const plan = panel.locator('[part="plan"][data-plan="monthly"]');
      expect(normalised(await plan.locator('[part="plan-price"]').textContent())).toBe(brl(monthly));
      await plan.getByRole('radio').check();
      const submit = panel.getByRole('button', { name: `Assinar por ${brl(monthly)}` });
      await submit.click();

      // The platform's dialog says what is bought, from whom and the exact amount; Cancel charges nothing.
      const confirm = page.getByRole('alertdialog', { name: 'Assinar' });
      await confirm.waitFor();
      expect(normalised(await confirm.getByTestId('confirm-amount').textContent())).toBe(brl(monthly));
      expect(normalised(await confirm.textContent())).toContain(`${creator.name} (@${creator.username})`);
      await page.screenshot({ path: path.join(artifacts, 'profile-confirm-390.png') });
      await expect.poll(() => confirm.getByRole('button', { name: 'Cancelar' }).evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      await panel.getByText('Assinatura não confirmada. Nada foi cobrado.').waitFor();
      expect(await balanceOf(server.origin, fanToken)).toBe(balanceBefore);
      expect(await plan.getByRole('radio').isChecked()).toBe(true);

      // Confirmed, by keyboard: Tab moves from Cancel to Pay (focus stays in the dialog), Enter pays.
      await submit.click();
      await confirm.waitFor();
      await page.keyboard.press('Tab');
      expect(normalised(await page.evaluate(() => document.activeElement?.textContent ?? ''))).toBe(`Pagar ${brl(monthly)}`);
      await page.keyboard.press('Enter');
      await plans.locator('[part="card"][data-state="renews"]').waitFor();
      expect(normalised(await plans.locator('[part="done"]').textContent())).toBe(`Agora você assina ${creator.name}. Obrigado!`);
      expect(browserDialogs).toEqual([]);
      await actions.getByRole('button', { name: 'Sua assinatura', exact: true }).waitFor();
      expect(await figure('subscribers')).toBe(String((profile.stats.subscribers ?? 0) + 1));

      // The content read again: the post is open and its photo loads, in the same document.
      await expect.poll(() => card.getAttribute('data-locked')).toBe('false');
      await card.scrollIntoViewIfNeeded();
      const photo = card.getByRole('img', { name: 'Foto 1 de 1' });
      await photo.waitFor({ state: 'attached' });
      expect(await photo.getAttribute('src')).toMatch(/\/api\/media\/files\/[^/]+\/medium\?/);
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await card.locator('[data-lock="subscribers"]').count()).toBe(0);
      expect(await card.getByRole('img', { name: 'Foto bloqueada' }).count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

      // A tip from the header: the tip's own panel, then the same platform dialog with the exact amount.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: path.join(artifacts, 'profile-1366.png') });
      const tipper = page.getByTestId('profile-tip');
      await tipper.getByRole('button', { name: 'Gorjeta' }).click();
      await tipper.locator('[part="form"]').waitFor();
      await tipper.locator('[part="amount-input"]').fill(String(tip));
      await tipper.getByRole('button', { name: `Enviar ${brl(tip)}` }).click();
      const tipConfirm = page.getByRole('alertdialog', { name: 'Enviar gorjeta' });
      expect(normalised(await tipConfirm.getByTestId('confirm-amount').textContent())).toBe(brl(tip));
      await tipConfirm.getByRole('button', { name: `Pagar ${brl(tip)}` }).click();
      await expect.poll(() => tipper.locator('[part="sent"]').textContent().then(normalised)).toBe(`Gorjeta de ${brl(tip)} enviada para ${creator.name}. Obrigado!`);

      // The message button opens (or starts) the conversation with the creator.
      await actions.getByRole('link', { name: 'Mensagem', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('creator') === creator.username);
      await page.getByTestId('messages-page').getByText(creator.name).first().waitFor();
    } finally {
      await context.close();
    }

    const balanceAfter = await balanceOf(server.origin, fanToken);
    expect(cents(balanceBefore) - cents(balanceAfter)).toBe(cents(monthly) + cents(tip));
  });
});
