import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { AuditEntryDto, PayoutRequestDto } from '@fandeck/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { repoRoot } from '../support/paths.js';
import { answerSiteConfirms } from '../support/site-confirm.js';
import { apiOk, newFan, requestPayout, savePayoutMethod, tip, topUpByPix } from './host-money-setup.js';
import { api, apiLogin, demo, demoPassword, setSettings, signIn, submitLogin, waitForPath } from './host-flows.js';

/**
 * The staff's back office (issue 25) in a real Chromium against the real server, at a phone
 * and a laptop width: the admin approves a pending creator, hides a post a fan reported (the
 * fan no longer sees it), pays a payout, grants a new manager one permission, and the manager
 * sees exactly that screen and is refused another; the audit log lists it all.
 */

const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 900 } } as const;
type Viewport = keyof typeof VIEWPORTS;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function look(page: Page, viewport: Viewport, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .page-status[role="status"]'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways at ${viewport}`).toBe(true);
  const folder = path.join(repoRoot, 'test/artifacts/staff', viewport);
  await mkdir(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

/** A creator registered through the real multipart form: pending review until staff approve. */
async function registerCreator(origin: string, tag: string): Promise<{ email: string; username: string }> {
  const email = `staff.${tag}@example.test`;
  const username = `criadora${tag}`;
  const form = new FormData();
  const fields = { email, password: demoPassword, username, firstName: 'Nova', lastName: `Criadora ${tag}`, gender: 'female', countryCode: 'br', dateOfBirth: '1995-04-03', phone: '+55 11 91234-5678' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('idVerification', new Blob([PNG], { type: 'image/png' }), 'front.png');
  form.append('documentVerification', new Blob([PNG], { type: 'image/png' }), 'back.png');
  const res = await fetch(`${origin}/api/auth/performers/register`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  return { email, username };
}

/** Opens a back-office screen from the back office's own nav (the drawer on a phone). */
async function openScreen(page: Page, viewport: Viewport, name: string): Promise<void> {
  if (viewport === 'phone') await page.getByText('Telas do painel').click();
  const nav = page.locator(viewport === 'phone' ? '.admin-drawer' : '.admin-nav--side');
  await nav.getByRole('link', { name, exact: true }).click();
}

describe('the staff back office', () => {
  const e2e = useServerAndBrowser();

  beforeAll(async () => {
    await setSettings(e2e.server.origin, { minPayoutAmount: 10 });
  });

  for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
    it(`an admin reviews, moderates, pays and delegates, at ${viewport} width`, async () => {
      const origin = e2e.server.origin;
      const tag = `${viewport}${Date.now().toString(36)}`;
      const creator = await registerCreator(origin, tag);
      const creatorToken = await apiLogin(origin, creator.email);
      const fanToken = await newFan(origin, { email: `fan.${tag}@example.test`, name: `Fã ${tag}`, username: `fa${tag}` });

      let payout: PayoutRequestDto | undefined;
      const admin = await openPage(e2e.browser, origin);
      await admin.page.setViewportSize(VIEWPORTS[viewport]);
      await answerSiteConfirms(admin.page);
      const { page } = admin;
      try {
        await signIn(page, demo.admin.email);
        await waitForPath(page, '/home');
        await page.goto('/admin');
        await page.getByRole('heading', { name: 'Painel da equipe', level: 1 }).waitFor();
        expect(await page.locator('[data-screen]').count()).toBeGreaterThanOrEqual(6);
        await look(page, viewport, '01-home');

        // 1. The pending creator's documents: approved.
        await openScreen(page, viewport, 'Revisão de documentos');
        const pending = page.locator('[data-creator]', { hasText: creator.username });
        await pending.getByRole('button', { name: 'Aprovar' }).waitFor();
        await look(page, viewport, '02-creator-review');
        await pending.getByRole('button', { name: 'Aprovar' }).click();
        await pending.waitFor({ state: 'detached' });

        // 2. The approved creator posts; a fan reports it in the site; staff hide it.
        const post = await apiOk<{ _id: string }>(origin, 'POST', '/performer/feeds', creatorToken, { type: 'text', text: `Post denunciado ${tag}` });
        const fan = await openPage(e2e.browser, origin);
        await fan.page.setViewportSize(VIEWPORTS[viewport]);
        try {
          await signIn(fan.page, `fan.${tag}@example.test`);
          await waitForPath(fan.page, '/home');
          await fan.page.goto(`/${creator.username}`);
          const card = fan.page.locator(`[data-feed="${post._id}"]`);
          await card.getByRole('button', { name: 'Denunciar' }).click();
          await card.getByTestId('report-form').getByLabel('Motivo da denúncia').fill('Spam');
          await card.getByRole('button', { name: 'Enviar denúncia' }).click();
          await card.getByRole('status').filter({ hasText: 'Obrigado' }).waitFor();

          await openScreen(page, viewport, 'Denúncias');
          const report = page.locator(`[data-report][data-target="${post._id}"]`);
          await report.getByText(`Post denunciado ${tag}`).waitFor();
          await look(page, viewport, '03-reports');
          await report.getByRole('button', { name: 'Ocultar conteúdo' }).click();
          await page.getByText('Denúncia atualizada: Ocultar conteúdo.').waitFor();
          await report.waitFor({ state: 'detached' });

          await fan.page.reload();
          await fan.page.getByRole('heading', { level: 1 }).first().waitFor();
          await fan.page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .page-status[role="status"]'));
          expect(await fan.page.locator(`[data-feed="${post._id}"]`).count()).toBe(0);
          expect((await api(origin, 'GET', `/user/feeds/${post._id}`, { token: fanToken })).status).toBe(404);
        } finally {
          await fan.context.close();
        }

        // 3. A payout: the fan tips, the creator asks to be paid; staff approve and mark it paid.
        await topUpByPix(origin, fanToken, 20);
        await tip(origin, fanToken, creator.username, 20);
        await savePayoutMethod(origin, creatorToken, 'pix', { pixKeyType: 'email', pixKey: creator.email });
        payout = await requestPayout(origin, creatorToken, { requestAmount: 10, paymentAccountType: 'pix' });
        await openScreen(page, viewport, 'Saques');
        const request = page.locator(`[data-payout="${payout._id}"]`);
        await request.getByRole('button', { name: 'Aprovar' }).click();
        await request.waitFor({ state: 'detached' });
        await page.getByRole('combobox', { name: 'Situação' }).selectOption('approved');
        await page.locator(`[data-payout="${payout._id}"][data-status="approved"]`).waitFor();
        await look(page, viewport, '04-payouts');
        await request.getByRole('button', { name: 'Marcar como pago' }).click();
        await expect.poll(async () => (await apiOk<PayoutRequestDto>(origin, 'GET', `/payout-requests/${payout!._id}/view`, creatorToken)).status).toBe('done');

        // 4. A new manager with no permission, then granted one.
        const manager = { email: `gestor.${tag}@example.test`, username: `gestor${tag}`, name: `Gestor ${tag}` };
        await openScreen(page, viewport, 'Equipe e permissões');
        const form = page.getByTestId('new-manager');
        await form.getByLabel('Nome', { exact: true }).fill(manager.name);
        await form.getByLabel('E-mail').fill(manager.email);
        await form.getByLabel('Nome de usuário').fill(manager.username);
        await form.getByLabel('Senha inicial').fill(demoPassword);
        await form.getByRole('button', { name: 'Criar gestor' }).click();
        await page.getByText(`Gestor ${manager.name} criado.`).waitFor();
        const member = page.locator(`[data-email="${manager.email}"]`);
        await member.getByText('Nenhuma permissão.').waitFor();
        await member.getByText(`Permissões de ${manager.name}`).click();
        await member.locator('input[name="block.all"]').check();
        await look(page, viewport, '05-staff');
        await member.getByRole('button', { name: 'Salvar permissões' }).click();
        await member.locator('[data-part="held"]', { hasText: 'block.all' }).waitFor();

        // 5. The audit log lists what the admin did.
        await openScreen(page, viewport, 'Histórico de auditoria');
        const entries = page.getByTestId('audit-entries');
        for (const label of ['Alterou as permissões de um gestor', 'Criou um gestor', 'Mudou a situação de um saque', 'Agiu sobre uma denúncia', 'Revisou os documentos de um criador']) {
          await entries.getByText(label).first().waitFor();
        }
        await page.getByRole('combobox', { name: 'Ação' }).selectOption('admin.payouts.status');
        const shown = async () => [...new Set(await page.locator('[data-action]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action'))))];
        await expect.poll(shown).toEqual(['admin.payouts.status']);
        await look(page, viewport, '06-audit');
      } finally {
        await admin.context.close();
      }

      const adminToken = await apiLogin(origin, demo.admin.email);
      const log = await apiOk<{ data: AuditEntryDto[] }>(origin, 'GET', '/admin/audit-log?pageSize=50', adminToken);
      const payoutSteps = log.data.filter((entry) => entry.action === 'admin.payouts.status' && entry.targets.id === payout?._id);
      expect(payoutSteps.map((entry) => entry.summary.status)).toEqual(['done', 'approved']);

      // 6. The manager signs in and sees exactly the screen granted; another is refused.
      const managerPage = await openPage(e2e.browser, origin);
      await managerPage.page.setViewportSize(VIEWPORTS[viewport]);
      try {
        const mp = managerPage.page;
        await mp.goto('/auth/login');
        await submitLogin(mp, `gestor.${tag}@example.test`);
        await mp.waitForURL((url) => url.pathname !== '/auth/login');
        await mp.goto('/admin');
        await mp.getByRole('heading', { name: 'Painel da equipe', level: 1 }).waitFor();
        expect(await mp.locator('[data-screen]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-screen')))).toEqual(['/admin/moderation']);
        await look(mp, viewport, '07-manager-home');
        await mp.locator('[data-screen="/admin/moderation"]').getByRole('link').click();
        await mp.getByRole('heading', { name: 'Denúncias', level: 1 }).waitFor();

        await mp.goto('/admin/payouts');
        await mp.getByRole('heading', { name: 'Acesso negado', level: 1 }).waitFor();
        await mp.getByText('payout_request.view').waitFor();
        await look(mp, viewport, '08-manager-refused');
        const managerToken = await apiLogin(origin, `gestor.${tag}@example.test`);
        const refused = await api(origin, 'GET', '/admin/payout-requests/search', { token: managerToken });
        expect(refused.status).toBe(403);
        expect((refused.body as { code: string }).code).toBe('auth.permission_denied');
      } finally {
        await managerPage.context.close();
      }
    });
  }
});

