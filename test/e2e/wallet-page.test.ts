/**
 * The wallet page (/user/wallet) in Chromium against the real server, at a phone's and a
 * laptop's size: a new fan tops up by PIX (paid in the server's PIX sandbox, as the fan's bank
 * would) and by the sandbox's succeeding test card, and sees the balance and the history rows;
 * the declining test card is refused with the translated text and the form keeps what was
 * typed. Then saved cards (add, make default, remove), the card that needs an extra step
 * (completed in the page's dialog) and a token package staff put on sale. Nothing of the
 * wallet page passes the screen's right edge. Screenshots go to test/.artifacts/.
 *
 * Every wait is on something happening; there are no sleeps.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { paths, SANDBOX_TEST_CARDS, type PaymentTransactionDto } from '@fandeck/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { answerSiteConfirms } from '../support/site-confirm.js';
import { api, apiLogin, demo } from './host-flows.js';
import { newFan } from './host-money-setup.js';

const artifacts = path.resolve(import.meta.dirname, '../.artifacts');
const viewports = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];
const card = (behaviour: string) => SANDBOX_TEST_CARDS.find((c) => c.behaviour === behaviour)!.number;
const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

/**
 * Nothing of the wallet page reaches past the screen's right edge. (The site's header, which
 * another change rebuilds, is measured by its own tests, not here.)
 */
async function noSidewaysScroll(page: Page) {
  const edges = await page.evaluate(() => {
    const root = document.querySelector('[data-testid="wallet-page"]');
    let right = 0;
    for (const element of root ? [root, ...Array.from(root.querySelectorAll('*'))] : []) {
      const box = element.getBoundingClientRect();
      if (box.width > 0) right = Math.max(right, box.right + window.scrollX);
    }
    return { right: Math.ceil(right), width: document.documentElement.clientWidth };
  });
  expect(edges.right, 'the wallet page is wider than the screen').toBeLessThanOrEqual(edges.width);
}

async function balanceText(page: Page) {
  return (await page.getByTestId('wallet-balance').textContent())?.replace(/\s/g, ' ') ?? '';
}

describe('the wallet page', () => {
  const e2e = useServerAndBrowser();

  for (const viewport of viewports) {
    it(`at ${viewport.width}px a fan tops up by PIX and by sandbox card, sees balance and history; a declined card keeps the form`, async () => {
      const { server, browser } = e2e;
      mkdirSync(artifacts, { recursive: true });
      const stamp = `${viewport.width}-${Date.now().toString(36)}`;
      const packageName = `Pacote ${stamp}`;
      const admin = await apiLogin(server.origin, demo.admin.email);
      const created = await api(server.origin, 'POST', paths['admin.tokenPackages.create'], { token: admin, body: { name: packageName, price: 10, tokens: 12, isActive: true } });
      expect(created.status).toBe(200);
      const token = await newFan(server.origin, { email: `wallet-${stamp}@fandeck.local`, name: 'Carla Carteira' });
      const { context, page } = await openPage(browser, server.origin);
      try {
        await page.setViewportSize(viewport);
        await context.addCookies([{ name: 'token', value: token, url: server.origin, sameSite: 'Lax' }]);
        // The site's money confirm on its own origin (the platform's dialog), accepted as the fan would.
        await answerSiteConfirms(page);
        await page.goto('/user/wallet');
        await page.getByRole('heading', { level: 1, name: 'Carteira' }).waitFor();
        await expect.poll(() => balanceText(page)).toBe('R$ 0,00');
        await page.getByText('Nenhuma recarga ainda.').waitFor();
        await noSidewaysScroll(page);
        await page.screenshot({ path: path.join(artifacts, `wallet-empty-${viewport.width}.png`), fullPage: true });

        // PIX: the wallet feature's own view shows the code; the sandbox pays it.
        const pix = page.getByTestId('pix-top-up');
        await pix.getByLabel('Outro valor').fill('20');
        await pix.getByRole('button', { name: /Pagar .* com PIX/ }).click();
        await pix.getByRole('button', { name: 'Copiar código' }).waitFor();
        await noSidewaysScroll(page);
        await page.screenshot({ path: path.join(artifacts, `wallet-pix-${viewport.width}.png`), fullPage: true });
        const listed = await api<{ data: PaymentTransactionDto[] }>(server.origin, 'GET', `${paths['payments.transactions']}?status=pending`, { token });
        const pending = listed.data!.data[0]!;
        const paid = await api(server.origin, 'POST', paths['payments.sandboxPay'].replace(':transactionId', encodeURIComponent(pending._id)));
        expect(paid.status).toBe(200);
        await expect.poll(() => balanceText(page)).toBe('R$ 20,00');

        // A card: the declining one is refused in Portuguese and the form keeps the fields.
        await page.getByRole('button', { name: 'Cartão', exact: true }).click();
        const form = page.getByTestId('card-top-up');
        await form.getByLabel('Valor', { exact: true }).fill('25');
        await form.getByLabel('Número do cartão').fill(card('decline'));
        await form.getByLabel('Validade (MM/AA)').fill(`12${nextYear}`);
        await form.getByLabel('CVC', { exact: true }).fill('123');
        await form.getByRole('button', { name: /^Pagar/ }).click();
        await form.getByTestId('card-error').getByText('O cartão foi recusado pelo emissor. Use outro cartão ou pague com PIX.').waitFor();
        expect(await form.getByLabel('Número do cartão').inputValue()).toBe('4000 0000 0000 0002');
        expect(await form.getByLabel('Valor', { exact: true }).inputValue()).toBe('25');
        expect(await form.getByLabel('CVC', { exact: true }).inputValue()).toBe('123');
        await page.screenshot({ path: path.join(artifacts, `wallet-card-declined-${viewport.width}.png`), fullPage: true });
        await noSidewaysScroll(page);

        // The succeeding test card: saved, charged, credited.
        await form.getByLabel('Número do cartão').fill(card('succeed'));
        await form.getByRole('button', { name: /^Pagar/ }).click();
        await form.getByTestId('card-paid').waitFor();
        await expect.poll(() => balanceText(page)).toBe('R$ 45,00');
        await page.getByTestId('saved-cards').locator('[data-card="4242"]').waitFor();

        // The history: both top-ups paid, each with its receipt.
        const rows = page.getByTestId('wallet-history').locator('[data-row="topup"][data-status="success"]');
        await expect.poll(() => rows.count()).toBe(2);
        await rows.first().getByRole('button', { name: 'Recibo' }).click();
        const receipt = page.getByTestId('receipt');
        await receipt.getByText('Tokens recebidos').waitFor();
        await noSidewaysScroll(page);
        await page.screenshot({ path: path.join(artifacts, `wallet-receipt-${viewport.width}.png`), fullPage: false });
        await receipt.getByRole('button', { name: 'Fechar' }).click();
        await page.screenshot({ path: path.join(artifacts, `wallet-paid-${viewport.width}.png`), fullPage: true });

        // Saved cards: add the card that needs an extra step and make it the default.
        const saved = page.getByTestId('saved-cards');
        await saved.getByRole('button', { name: 'Adicionar cartão' }).click();
        await saved.getByLabel('Número do cartão').fill(card('authenticate'));
        await saved.getByLabel('Validade (MM/AA)').fill(`11${nextYear}`);
        await saved.getByLabel('CVC', { exact: true }).fill('321');
        await saved.getByRole('button', { name: 'Salvar cartão' }).click();
        const extraStep = saved.locator('[data-card="3220"]');
        await extraStep.getByRole('button', { name: 'Tornar principal' }).click();
        await extraStep.getByText('Principal', { exact: true }).waitFor();
        expect(await saved.locator('[data-card="4242"]').getByText('Principal', { exact: true }).count()).toBe(0);

        // Paying with it asks for the extra step in the page's own dialog, then credits.
        await form.getByTestId('card-select').selectOption({ label: `visa •••• 3220 (vence 11/${nextYear})` });
        await form.getByRole('button', { name: /^Pagar/ }).click();
        const step = page.getByTestId('card-step');
        await step.getByText('O emissor do cartão pede uma confirmação extra para pagar R$ 25,00.').waitFor();
        await noSidewaysScroll(page);
        await page.screenshot({ path: path.join(artifacts, `wallet-card-step-${viewport.width}.png`) });
        await step.getByRole('button', { name: 'Confirmar pagamento' }).click();
        await expect.poll(() => balanceText(page)).toBe('R$ 70,00');
        await expect.poll(() => rows.count()).toBe(3);

        // Removing a card is asked in the page's dialog too.
        await saved.locator('[data-card="4242"]').getByRole('button', { name: 'Remover' }).click();
        await page.getByTestId('remove-card').getByRole('button', { name: 'Remover' }).click();
        await expect.poll(() => saved.locator('[data-card="4242"]').count()).toBe(0);

        // A token package staff put on sale: R$ 12,00 of tokens for R$ 10,00, paid with the remaining card.
        await page.reload();
        await page.getByRole('button', { name: 'Cartão', exact: true }).click();
        await form.getByTestId('package-select').selectOption({ label: `${packageName}: R$ 12,00 por R$ 10,00` });
        await form.getByRole('button', { name: 'Pagar R$ 10,00' }).click();
        await step.getByRole('button', { name: 'Confirmar pagamento' }).click();
        await expect.poll(() => balanceText(page)).toBe('R$ 82,00');
        await page.getByTestId('wallet-history').getByText(packageName, { exact: true }).waitFor();

        // The same package by PIX: its price fills the PIX form, its tokens reach the wallet.
        await page.getByRole('button', { name: 'PIX', exact: true }).click();
        await page.getByTestId('pix-package-select').selectOption({ label: `${packageName}: R$ 12,00 por R$ 10,00` });
        await pix.getByRole('button', { name: 'Pagar R$ 10,00 com PIX' }).click();
        await pix.getByRole('button', { name: 'Copiar código' }).waitFor();
        const packaged = await api<{ data: PaymentTransactionDto[] }>(server.origin, 'GET', `${paths['payments.transactions']}?status=pending`, { token });
        const charge = packaged.data!.data[0]!;
        expect(charge).toMatchObject({ amount: 10, tokens: 12, packageName });
        await api(server.origin, 'POST', paths['payments.sandboxPay'].replace(':transactionId', encodeURIComponent(charge._id)));
        await expect.poll(() => balanceText(page)).toBe('R$ 94,00');
        await noSidewaysScroll(page);
        await page.screenshot({ path: path.join(artifacts, `wallet-end-${viewport.width}.png`), fullPage: true });

        // The history's filters: a day after today holds no top-up; the fan bought nothing yet.
        const history = page.getByTestId('wallet-history');
        const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
        await history.getByLabel('De', { exact: true }).fill(tomorrow);
        await history.getByText('Nenhuma recarga ainda.').waitFor();
        expect(new URL(page.url()).searchParams.get('from')).toBe(tomorrow);
        await history.getByLabel('De', { exact: true }).fill('');
        await expect.poll(() => rows.count()).toBe(5);
        await history.getByLabel('Tipo').selectOption('charges');
        await history.getByText('Nenhuma compra ainda.').waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
