/**
 * Issue 25 (points 2 to 4): a creator's settings in sections, at a phone's and a laptop's
 * size, in a real Chromium against the real server. The creator edits the profile and the
 * prices in their own sections (leaving with edits asks first, in the platform's own
 * dialog), sets a private call price, adds a PIX key (a wrong CPF is refused under the
 * field, in Portuguese), adds a bank account (the PIX key stays), lists a partner site and
 * verifies it (the site serves the token), copies an element's code; then staff open the
 * payout request and see the whole PIX key. No page scrolls sideways; screenshots go to
 * test/artifacts/settings/<viewport>/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnProfile } from '@fandeck/contract';
import { WAIT_MS } from '../../testing/budgets.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { repoRoot } from '../support/paths.js';
import { answerSiteConfirms, type SiteConfirms } from '../support/site-confirm.js';
import { startSite, type Site } from '../support/third-party-site.js';
import { apiLogin, demo, setSettings, signIn, waitForPath } from './host-flows.js';
import { apiOk, requestPayout, tip, topUpByPix } from './host-money-setup.js';

const VIEWPORTS = [
  { name: '390x844', width: 390, height: 844, phone: true, creator: demo.creator, cpf: '529.982.247-25' },
  { name: '1366x900', width: 1366, height: 900, phone: false, creator: { email: 'creator2@fandeck.local', username: 'bruno.costa' }, cpf: '111.444.777-35' },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

const digits = (cpf: string) => cpf.replace(/\D/g, '');

/** Each section's title in the list and its address's last segment. */
const SECTIONS = { Perfil: 'profile', Assinaturas: 'prices', 'Chamadas privadas': 'calls', Recebimentos: 'payouts', 'Sites parceiros': 'embeds' } as const;
type SectionTitle = keyof typeof SECTIONS;

describe('a creator’s settings in sections, payout methods and partner sites', () => {
  const e2e = useServerAndBrowser();
  let site: Site;

  beforeAll(async () => {
    const origin = e2e.server.origin;
    site = await startSite({ '/': '<!doctype html><html lang="pt-BR"><head><title>Site da criadora</title></head><body><h1>Site</h1></body></html>' });
    await setSettings(origin, { minPayoutAmount: 10 });
    // Earnings to ask a payout of: a fan tips each creator.
    const fan = await apiLogin(origin, demo.fan.email);
    await topUpByPix(origin, fan, 60);
    for (const { creator } of VIEWPORTS) await tip(origin, fan, creator.username, 25);
  });

  afterAll(() => site?.close());

  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.name}`, async () => {
      const shots = path.join(repoRoot, 'test/artifacts/settings', viewport.name);
      await mkdir(shots, { recursive: true });
      const { page, confirms, close } = await openAt(e2e.browser, e2e.server.origin, viewport);
      const shoot = async (name: string) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways`).toBe(true);
        await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
      };
      try {
        await signIn(page, viewport.creator.email);
        await waitForPath(page, `/${viewport.creator.username}`);
        await page.goto('/creator/account');
        const nav = page.getByRole('navigation', { name: 'Seções das configurações' });
        await nav.waitFor();
        // A phone shows the list alone; a laptop the list beside the account section.
        expect(await page.getByRole('heading', { name: 'Conta', level: 2 }).isVisible()).toBe(!viewport.phone);
        await shoot('01-sections');

        await profileAndPrices(page, confirms, viewport, shoot);
        await payoutMethods(page, viewport, shoot);
        await partnerSite(page, viewport, shoot);
      } finally {
        await close();
      }
      await staffSeesTheKey(e2e.browser, e2e.server.origin, viewport);
    });
  }

  /** Profile (leaving with edits asks, cancel keeps them), subscription prices, the private call's price. */
  async function profileAndPrices(page: Page, confirms: SiteConfirms, viewport: Viewport, shoot: (name: string) => Promise<void>) {
    await openSection(page, viewport, 'Perfil');
    const profile = page.getByTestId('creator-profile');
    const bio = profile.getByLabel('Biografia');
    await expect.poll(() => bio.inputValue()).not.toBe('');
    await bio.fill('Nova biografia escrita nas configurações.');

    // Leaving with the edit: the platform's own dialog asks; "no" keeps the section and the text.
    confirms.answer = 'cancel';
    await leaveSection(page, viewport, 'Assinaturas');
    await expect.poll(() => confirms.texts.at(-1)).toContain('Você tem alterações não salvas nesta seção.');
    expect(new URL(page.url()).pathname).toBe('/creator/account/profile');
    expect(await bio.inputValue()).toBe('Nova biografia escrita nas configurações.');
    // Closing or reloading the tab: the browser's own question (beforeunload is cancelled).
    const unloadAsks = () => page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })));
    expect(await unloadAsks()).toBe(true);
    confirms.answer = 'confirm';
    await shoot('02-profile-edited');
    await profile.getByRole('button', { name: 'Salvar' }).click();
    await profile.getByRole('status').filter({ hasText: 'Alterações salvas.' }).waitFor();
    expect(await unloadAsks()).toBe(false);

    // Saved: leaving asks nothing.
    const asked = confirms.texts.length;
    await openSection(page, viewport, 'Assinaturas');
    const prices = page.getByTestId('creator-prices');
    await prices.getByLabel('Mensal').fill('14,90');
    await prices.getByRole('button', { name: 'Salvar' }).click();
    await prices.getByRole('status').filter({ hasText: 'Alterações salvas.' }).waitFor();
    expect(confirms.texts.length).toBe(asked);
    await shoot('03-prices');

    await openSection(page, viewport, 'Chamadas privadas');
    const calls = page.getByTestId('creator-calls');
    const price = calls.getByLabel('Preço da chamada privada');
    await price.fill('25,00');
    await calls.getByRole('button', { name: 'Salvar' }).click();
    await calls.getByRole('status').filter({ hasText: 'Alterações salvas.' }).waitFor();
    await shoot('04-calls');
    const me = await ownProfile(viewport);
    expect(me).toMatchObject({ bio: 'Nova biografia escrita nas configurações.', monthlyPrice: 14.9, privateCallPrice: 25 });
  }

  async function payoutMethods(page: Page, viewport: Viewport, shoot: (name: string) => Promise<void>) {
    await openSection(page, viewport, 'Recebimentos');
    const pix = page.getByTestId('payout-pix');
    const key = pix.getByLabel('Chave PIX', { exact: true });
    await pix.getByLabel('Tipo de chave PIX').selectOption('cpf');
    // A CPF whose check digits are wrong: the message is under the key, in Portuguese.
    await key.fill(viewport.cpf.replace(/\d$/, (last) => String((Number(last) + 1) % 10)));
    await pix.getByRole('button', { name: 'Salvar chave PIX' }).click();
    await expect.poll(() => key.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await key.getAttribute('aria-describedby'))?.split(' ').find((one) => one.endsWith('-error'));
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('CPF inválido: confira os números (os dígitos verificadores não conferem).');
    expect(await pix.textContent()).not.toMatch(/bankCode|agency|pixKey/);
    await shoot('05-pix-refused');

    await key.fill(viewport.cpf);
    await pix.getByRole('button', { name: 'Salvar chave PIX' }).click();
    await pix.getByRole('status').filter({ hasText: 'Chave PIX salva.' }).waitFor();
    await pix.getByText(`*******${digits(viewport.cpf).slice(-4)}`).waitFor();

    const bank = page.getByTestId('payout-bank');
    const fill = async (label: string, value: string) => bank.getByLabel(label, { exact: true }).fill(value);
    await fill('Nome do banco', 'Itaú Unibanco');
    await fill('Código do banco', '341');
    await fill('Agência', '1234');
    await fill('Conta', '56789-0');
    await bank.getByLabel('Tipo de conta').selectOption('checking');
    await fill('Nome do titular', 'Titular da Conta');
    await fill('CPF ou CNPJ do titular', viewport.cpf);
    await bank.getByRole('button', { name: 'Salvar conta bancária' }).click();
    await bank.getByRole('status').filter({ hasText: 'Conta bancária salva.' }).waitFor();
    await bank.getByText('****9-0').waitFor();
    // The PIX key is still there, on the page and on the server.
    await pix.getByText(`*******${digits(viewport.cpf).slice(-4)}`).waitFor();
    const me = await ownProfile(viewport);
    expect(me.bankingSettings).toMatchObject({ pixKeyType: 'cpf', pixKey: `*******${digits(viewport.cpf).slice(-4)}`, bankCode: '341', agency: '1234' });
    await shoot('06-payout-methods');
  }

  async function partnerSite(page: Page, viewport: Viewport, shoot: (name: string) => Promise<void>) {
    await openSection(page, viewport, 'Sites parceiros');
    const sites = page.getByTestId('embed-sites');
    await sites.getByLabel('Endereço do site').fill(site.origin);
    await sites.getByRole('button', { name: 'Adicionar site' }).click();
    const listing = sites.locator(`li[data-origin="${site.origin}"]`);
    await listing.getByText('Não verificado').waitFor();
    const token = (await listing.getByTestId('embed-token').locator('code').textContent())?.trim() ?? '';
    expect(token).not.toBe('');
    expect(await listing.getByTestId('embed-meta').locator('code').textContent()).toContain(`name="fandeck-origin" content="${token}"`);
    await shoot('07-site-listed');

    // The site serves the token, as its owner would place it; then the platform checks.
    site.proveOrigin(token);
    await listing.getByRole('button', { name: 'Verificar' }).click();
    await listing.getByText('Verificado', { exact: true }).waitFor();
    await sites.getByRole('status').filter({ hasText: `${site.origin} verificado.` }).waitFor();

    // An element's code, copied ready to paste, and its live preview.
    const snippet = page.getByTestId('snippet-fan-tip-button');
    await snippet.getByRole('button', { name: /^Copiar: Botão de gorjeta/ }).click();
    await snippet.getByRole('status').filter({ hasText: 'Copiado!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`<fan-tip-button creator="${viewport.creator.username}"></fan-tip-button>`);
    const element = page.locator('[data-element="fan-tip-button"]');
    await element.getByRole('button', { name: 'Ver prévia' }).click();
    await element.locator(`fan-tip-button[creator="${viewport.creator.username}"]`).waitFor();
    await element.getByTestId('preview-fan-tip-button').and(page.locator('[aria-busy="false"]')).waitFor();
    await shoot('08-site-verified');
  }

  async function staffSeesTheKey(browser: Browser, origin: string, viewport: Viewport) {
    const creatorToken = await apiLogin(origin, viewport.creator.email);
    const request = await requestPayout(origin, creatorToken, { requestAmount: 12, paymentAccountType: 'pix' });
    const staff = await openAt(browser, origin, viewport);
    try {
      await signIn(staff.page, demo.admin.email);
      await staff.page.waitForURL((url) => url.pathname !== '/auth/login');
      await staff.page.goto('/admin/payouts');
      const item = staff.page.locator(`li[data-payout="${request._id}"]`);
      // The list keeps the key masked; the details to pay carry it whole.
      await item.getByText(`*******${digits(viewport.cpf).slice(-4)}`).waitFor();
      await item.getByRole('button', { name: 'Mostrar os dados para pagamento' }).click();
      const details = item.locator('[data-part="details-to-pay"]');
      await details.getByText(digits(viewport.cpf), { exact: true }).waitFor();
      const page = staff.page;
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The screen as staff see it, the whole key in view (a full-page shot would put the phone's bottom bar over it).
      await details.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: path.join(repoRoot, 'test/artifacts/settings', viewport.name, '09-staff-payout.png') });
    } finally {
      await staff.close();
    }
  }

  async function ownProfile(viewport: Viewport): Promise<OwnProfile> {
    const token = await apiLogin(e2e.server.origin, viewport.creator.email);
    return apiOk<OwnProfile>(e2e.server.origin, 'GET', '/performers/me', token);
  }
});

/** A context at the viewport's size that may use the clipboard, answering the platform's own dialogs. */
async function openAt(browser: Browser, origin: string, viewport: Viewport) {
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'pt-BR',
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.phone,
    hasTouch: viewport.phone,
  });
  context.setDefaultTimeout(WAIT_MS);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  const confirms = await answerSiteConfirms(page);
  return { page, confirms, close: () => context.close() };
}

/** Opens a section as the user would: on a phone back to the list first, on a laptop from the side nav. */
async function openSection(page: Page, viewport: Viewport, title: SectionTitle) {
  const nav = page.getByRole('navigation', { name: 'Seções das configurações' });
  if (viewport.phone && !(await nav.isVisible())) {
    await page.getByRole('link', { name: /Todas as configurações/ }).click();
    await nav.waitFor();
  }
  await nav.getByRole('link', { name: new RegExp(`^${title}`) }).click();
  await waitForPath(page, `/creator/account/${SECTIONS[title]}`);
  await page.locator(`.creator-settings__body[data-section="${SECTIONS[title]}"]`).getByRole('heading', { name: title, level: 2, exact: true }).first().waitFor();
}

/** Tries to leave the open section for another (which the guard may stop). */
async function leaveSection(page: Page, viewport: Viewport, title: SectionTitle) {
  if (viewport.phone) await page.getByRole('link', { name: /Todas as configurações/ }).click();
  else await page.getByRole('navigation', { name: 'Seções das configurações' }).getByRole('link', { name: new RegExp(`^${title}`) }).click();
}
