/**
 * Issue 25, point 5 (the catalogue): the admin keeps the platform's catalogue from /admin at
 * a phone's and a laptop's width: creates a coupon (and is told, in Portuguese, why a second
 * one with the same code is refused), a token package and a gift, schedules a site promo,
 * switches maintenance on (a visitor sees the maintenance page, the admin still reaches
 * /admin) and off (the visitor sees the site again), and lowers the subscription price
 * limit, which the creator's form then enforces. No page scrolls sideways; every step
 * leaves a screenshot in test/artifacts/staff-catalog/<viewport>/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { WAIT_MS } from '../../testing/budgets.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { repoRoot } from '../support/paths.js';
import { answerSiteConfirms } from '../support/site-confirm.js';
import type { AuditEntryDto } from '@fandeck/contract';
import { api, apiLogin, demo, setSettings, signIn, waitForPath } from './host-flows.js';

const VIEWPORTS = [
  { name: '390x844', tag: 'P', width: 390, height: 844 },
  { name: '1366x900', tag: 'L', width: 1366, height: 900 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

async function open(browser: Browser, origin: string, viewport: Viewport): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, locale: 'pt-BR', viewport: { width: viewport.width, height: viewport.height } });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  await answerSiteConfirms(page);
  return page;
}

/** No sideways scroll, then a full-page screenshot named `step`. */
async function check(page: Page, viewport: Viewport, step: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .page-status[role="status"]'));
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, `${step}: no sideways scroll at ${viewport.name}`).toBeLessThanOrEqual(widths.inner);
  const folder = path.join(repoRoot, 'test/artifacts/staff-catalog', viewport.name);
  await mkdir(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${step}.png`), fullPage: true });
}

/** Opens a catalogue screen and waits for its list (or its empty state). */
async function screen(page: Page, address: string, title: string) {
  await page.goto(address);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.waitForFunction(() => !document.querySelector('.page-status[role="status"]'));
}

/** Opens the catalogue's empty form (on a phone it takes the list's place). */
async function newForm(page: Page, button: string, form: string) {
  await page.getByRole('button', { name: button }).click();
  const found = page.getByTestId(form);
  await found.waitFor();
  return found;
}

describe('the staff catalogue journey', () => {
  const e2e = useServerAndBrowser();

  afterAll(async () => {
    // Leave the demo's defaults for whatever runs next against this data.
    await setSettings(e2e.server.origin, { maintenanceMode: false, maxSubscriptionPrice: 300 }).catch(() => undefined);
  });

  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.name}: coupons, a token package, a gift, a scheduled promo, maintenance and a price limit`, async () => {
      const { origin } = e2e.server;
      const admin = await open(e2e.browser, origin, viewport);
      const visitor = await open(e2e.browser, origin, viewport);
      const creator = await open(e2e.browser, origin, viewport);
      const startedAt = new Date().toISOString();
      try {
        await signIn(admin, demo.admin.email);
        await waitForPath(admin, '/home');

        // Coupons: a client-side rule, a creation, then the server's refusal of the same code.
        const code = `BEMVINDO${viewport.tag}`;
        await screen(admin, '/admin/discount-coupons', 'Cupons');
        await check(admin, viewport, '01-coupons');
        let form = await newForm(admin, 'Novo cupom', 'coupon-form');
        await form.getByRole('button', { name: 'Criar' }).click();
        await form.getByRole('alert').filter({ hasText: 'De 3 a 32 letras, números, - ou _.' }).waitFor();
        await form.getByLabel('Código', { exact: true }).fill(code);
        await form.getByLabel('Desconto (%)').fill('15');
        await form.getByLabel('Limite de usos').fill('100');
        await check(admin, viewport, '02-coupon-form');
        await form.getByRole('button', { name: 'Criar' }).click();
        await admin.getByRole('status').filter({ hasText: `“${code}” foi criado.` }).waitFor();
        const couponRow = admin.locator(`tr[data-row="${code}"]`);
        await couponRow.getByText('15 %').waitFor();
        form = await newForm(admin, 'Novo cupom', 'coupon-form');
        await form.getByLabel('Código', { exact: true }).fill(code.toLowerCase());
        await form.getByLabel('Desconto (%)').fill('5');
        await form.getByRole('button', { name: 'Criar' }).click();
        await form.getByRole('alert').filter({ hasText: 'Já existe um cupom com este código.' }).waitFor();
        expect(await form.getByLabel('Código', { exact: true }).inputValue(), 'the refused form keeps what was typed').toBe(code.toLowerCase());
        await check(admin, viewport, '03-coupon-refused');
        await form.getByRole('button', { name: 'Cancelar' }).click();
        await couponRow.getByRole('button', { name: `Desativar ${code}` }).click();
        await couponRow.getByText('Inativo').waitFor();
        await check(admin, viewport, '04-coupons-list');

        // A token package, shown in the platform's currency.
        const packageName = `Pacote 50 ${viewport.tag}`;
        await screen(admin, '/admin/token-packages', 'Pacotes de tokens');
        form = await newForm(admin, 'Novo pacote', 'package-form');
        await form.getByLabel('Nome', { exact: true }).fill(packageName);
        await form.getByLabel('Preço', { exact: true }).fill('45,00');
        await form.getByLabel('Tokens', { exact: true }).fill('50');
        await form.getByRole('button', { name: 'Criar' }).click();
        await admin.getByRole('status').filter({ hasText: `“${packageName}” foi criado.` }).waitFor();
        await admin.locator(`tr[data-row="${packageName}"]`).getByText(/R\$\s?45,00/).waitFor();
        await check(admin, viewport, '05-token-packages');
        const onSale = await api<{ data: { name: string; price: number; tokens: number }[] }>(origin, 'GET', '/package/token/search');
        expect(onSale.data?.data.find((p) => p.name === packageName)).toMatchObject({ price: 45, tokens: 50 });

        // A gift, within the catalogue's price range.
        const giftName = `Coroa ${viewport.tag}`;
        await screen(admin, '/admin/live-gifts', 'Presentes');
        form = await newForm(admin, 'Novo presente', 'gift-form');
        await form.getByLabel('Nome', { exact: true }).fill(giftName);
        await form.getByLabel('Emoji', { exact: true }).fill('👑');
        await form.getByLabel('Preço', { exact: true }).fill('25');
        await form.getByRole('button', { name: 'Criar' }).click();
        await admin.getByRole('status').filter({ hasText: `“${giftName}” foi criado.` }).waitFor();
        await admin.locator(`tr[data-row="${giftName}"]`).getByText(/R\$\s?25,00/).waitFor();
        await check(admin, viewport, '06-gifts');
        const gifts = await api<{ data: { name: string }[] }>(origin, 'GET', '/gifts');
        expect(gifts.data?.data.map((g) => g.name)).toContain(giftName);

        // A site promo scheduled for a week in 2030: listed as scheduled, not shown yet.
        const promoTitle = `Semana do criador ${viewport.tag}`;
        await screen(admin, '/admin/site-promos', 'Destaques do site');
        form = await newForm(admin, 'Novo destaque', 'promo-form');
        await form.getByLabel('Título', { exact: true }).fill(promoTitle);
        await form.getByLabel('Link', { exact: true }).fill('/discover');
        await form.getByLabel('Início', { exact: true }).fill('2030-01-17T10:00');
        await form.getByLabel('Fim', { exact: true }).fill('2030-01-10T10:00');
        await form.getByRole('button', { name: 'Criar' }).click();
        await form.getByRole('alert').filter({ hasText: 'O fim deve ser depois do início.' }).waitFor();
        await form.getByLabel('Fim', { exact: true }).fill('2030-01-24T10:00');
        await check(admin, viewport, '07-promo-form');
        await form.getByRole('button', { name: 'Criar' }).click();
        await admin.getByRole('status').filter({ hasText: `“${promoTitle}” foi criado.` }).waitFor();
        await admin.locator(`tr[data-row="${promoTitle}"]`).getByText('Programado').waitFor();
        await check(admin, viewport, '08-site-promos');
        const shown = await api<{ data: { title: string }[] }>(origin, 'GET', '/site-promo/search');
        expect(shown.data?.data.map((p) => p.title)).not.toContain(promoTitle);

        // Maintenance on: the visitor gets the maintenance page, the admin keeps /admin.
        await screen(admin, '/admin/site-settings', 'Configurações do site');
        const maintenance = admin.getByTestId('settings-maintenance');
        await maintenance.getByText('Site no ar').waitFor();
        await check(admin, viewport, '09-settings');
        await maintenance.getByRole('button', { name: 'Ligar manutenção' }).click();
        await maintenance.getByText('Manutenção ligada').waitFor();
        await visitor.goto('/');
        await visitor.getByRole('heading', { name: 'Estamos em manutenção' }).waitFor();
        await visitor.getByRole('link', { name: 'Faz parte da equipe? Entre para continuar trabalhando.' }).waitFor();
        await check(visitor, viewport, '10-visitor-maintenance');
        await screen(admin, '/admin/discount-coupons', 'Cupons');
        await admin.locator(`tr[data-row="${code}"]`).waitFor();

        // Maintenance off: the visitor sees the site again.
        await screen(admin, '/admin/site-settings', 'Configurações do site');
        await admin.getByTestId('settings-maintenance').getByRole('button', { name: 'Desligar manutenção' }).click();
        await admin.getByTestId('settings-maintenance').getByText('Site no ar').waitFor();
        await visitor.reload();
        await visitor.locator('[data-layout="public"]').waitFor();
        expect(await visitor.locator('[data-layout="maintenance"]').count()).toBe(0);
        await check(visitor, viewport, '11-visitor-site-again');

        // A lower subscription ceiling: the creator's form shows it, and a price above it is refused.
        const limits = admin.getByTestId('settings-limits');
        const ceiling = limits.getByLabel('Máximo', { exact: true });
        await ceiling.fill('100');
        await limits.getByRole('button', { name: 'Salvar' }).click();
        await limits.getByRole('status').filter({ hasText: 'Alterações salvas.' }).waitFor();
        await check(admin, viewport, '12-price-limit');
        const settings = await api<{ maxSubscriptionPrice: number }>(origin, 'GET', '/settings/public');
        expect(settings.data?.maxSubscriptionPrice).toBe(100);

        await signIn(creator, demo.creator.email);
        await waitForPath(creator, `/${demo.creator.username}`);
        await creator.goto('/creator/account/prices');
        const profile = creator.getByTestId('creator-prices');
        await profile.getByText(/De R\$\s?5,95 a R\$\s?100,00/).first().waitFor();
        const monthly = profile.getByLabel('Mensal');
        await monthly.fill('150');
        await profile.getByRole('button', { name: 'Salvar' }).click();
        await expect.poll(() => monthly.getAttribute('aria-invalid')).toBe('true');
        await profile.getByText('O preço da assinatura está fora do permitido.').first().waitFor();
        await check(creator, viewport, '13-creator-refused');
        const creatorToken = await apiLogin(origin, demo.creator.email);
        const direct = await api(origin, 'PUT', '/performers/me', { token: creatorToken, body: { monthlyPrice: 150 } });
        expect(direct.status, 'the server refuses it too').toBe(422);
        expect((direct.body as { code?: string }).code).toBe('performers.price_out_of_range');

        await screen(admin, '/admin/blocked-countries', 'Países bloqueados');
        await check(admin, viewport, '14-blocked-countries');

        // The audit log lists this journey's staff actions, written by the one hook (no code of the screens' own).
        const log = await api<{ data: AuditEntryDto[] }>(origin, 'GET', '/admin/audit-log?pageSize=100', { token: await apiLogin(origin, demo.admin.email) });
        const ours = log.data!.data.filter((entry) => entry.createdAt >= startedAt && entry.actor?.username === demo.admin.username);
        expect(new Set(ours.map((entry) => entry.action))).toEqual(
          new Set(['admin.coupons.create', 'admin.coupons.update', 'admin.tokenPackages.create', 'admin.gifts.create', 'admin.sitePromos.create', 'admin.settings.update']),
        );
        const switched = ours.filter((entry) => entry.action === 'admin.settings.update' && 'maintenanceMode' in entry.summary).map((entry) => entry.summary.maintenanceMode);
        expect(switched.sort()).toEqual([false, true]);
      } finally {
        await setSettings(origin, { maintenanceMode: false, maxSubscriptionPrice: 300 });
        await Promise.all([admin, visitor, creator].map((page) => page.context().close()));
      }
    });
  }
});
