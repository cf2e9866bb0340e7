import type { Page } from 'playwright-core';
import type { EarningDto, EarningStats, PartyInfo, PayoutCalculation, PayoutRequestDto, ReferralCode, ReferralEarningDto, ReferralEarningStats } from '@fandeck/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { fakeApi, listOf, type FakeCall } from './fake-api.js';
import { demo, setSettings, settle, signIn, waitForPath } from './host-flows.js';

/**
 * The creator's earnings and payouts and the staff's payout review (issue 10, item 7) in a
 * real Chromium against the real server (sign-in, settings, the gates); the earnings,
 * referral and payout routes are answered in the browser (fake-api.ts) with the contract's shapes.
 */

const at = (day: number) => new Date(Date.UTC(2030, 2, day, 12)).toISOString();
const money = /R\$\s?/.source;
const brl = (text: string) => new RegExp(`${money}${text.replace('.', '\\.')}`);
const party = (id: string, name: string, username: string): PartyInfo => ({ _id: id, name, username, avatar: '' });
const lastOf = (calls: FakeCall[]) => calls.at(-1)!;
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

function payoutRequest(values: Partial<PayoutRequestDto> & Pick<PayoutRequestDto, '_id'>): PayoutRequestDto {
  return {
    performerId: 'creator-1',
    requestAmount: 60.5,
    status: 'pending',
    paymentAccountType: 'pix',
    paymentAccountInfo: null,
    requestNote: '',
    adminNote: '',
    reviewedAt: null,
    createdAt: at(3),
    updatedAt: at(3),
    ...values,
  };
}

describe('earnings and payout pages on the host site', () => {
  const e2e = useServerAndBrowser();

  beforeAll(async () => {
    // The request form's minimum comes from the settings, not from the calculation's answer.
    await setSettings(e2e.server.origin, { minPayoutAmount: 75 });
  });

  it('shows a creator their totals, earnings by type a page at a time, and their referral link to copy', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.origin });
      const stats: EarningStats = { totalGrossPrice: 250, totalSiteCommission: 50, totalNetPrice: 200, paidPrice: 80, pendingPrice: 20, remainingPrice: 100 };
      await fakeApi(page, 'GET', '/performer/earning/stats', () => ({ data: stats }));
      const tip: EarningDto = { _id: 'e-tip', type: 'tip', sourceType: 'tip', sourceId: null, grossPrice: 10, siteCommission: 2, netPrice: 8, userInfo: party('fan-1', 'Fã Um', 'fan.one'), createdAt: at(2) };
      const subscription: EarningDto = { ...tip, _id: 'e-sub', type: 'subscription', sourceType: 'monthly', grossPrice: 9.9, siteCommission: 1.98, netPrice: 7.92, createdAt: at(1) };
      const earnings = await fakeApi(page, 'GET', '/performer/earning/search', (call) => {
        const kind = call.query.get('type');
        const all = [tip, subscription].filter((one) => !kind || one.type === kind);
        return listOf(all, kind ? all.length : 12);
      });
      const code: ReferralCode = { code: 'ANA2030', link: `${e2e.server.origin}/auth/register?ref=ANA2030` };
      await fakeApi(page, 'GET', '/referrals/user/code', () => ({ data: code }));
      const referralStats: ReferralEarningStats = { totalNetPrice: 3.5, count: 2 };
      await fakeApi(page, 'GET', '/referral-earnings/stats', () => ({ data: referralStats }));
      const referral: ReferralEarningDto = { _id: 're-1', netPrice: 1.75, referralInfo: party('fan-9', 'Fã Indicado', 'indicado'), createdAt: at(4) };
      let referralsFail = true;
      await fakeApi(page, 'GET', '/referral-earnings/search', () => (referralsFail ? { status: 500, code: 'server.error' } : listOf([referral])));

      await signIn(page, demo.creator.email);
      await waitForPath(page, `/${demo.creator.username}`);
      await mainNav(page).getByRole('link', { name: 'Ganhos' }).click();
      await waitForPath(page, '/creator/earnings');
      const view = page.getByTestId('earnings');

      const figure = (name: string) => view.locator(`[data-figure="${name}"] dd`);
      await figure('net').waitFor();
      expect(await figure('net').textContent()).toMatch(brl('200,00'));
      expect(await figure('gross').textContent()).toMatch(brl('250,00'));
      expect(await figure('commission').textContent()).toMatch(brl('50,00'));
      expect(await figure('available').textContent()).toMatch(brl('100,00'));
      expect(await figure('pending').textContent()).toMatch(brl('20,00'));
      expect(await figure('paid').textContent()).toMatch(brl('80,00'));

      const list = view.getByTestId('earning-list');
      const tipRow = list.locator('tr[data-earning="e-tip"]');
      await tipRow.waitFor();
      expect(await tipRow.getByRole('cell').allTextContents()).toEqual([
        expect.any(String),
        'Gorjeta',
        expect.stringContaining('Fã Um'),
        expect.stringMatching(brl('10,00')),
        expect.stringMatching(brl('2,00')),
        expect.stringMatching(brl('8,00')),
      ]);
      expect(await list.getByTestId('pager-status').textContent()).toBe('Página 1 de 2');
      await list.getByLabel('Tipo').selectOption('tip');
      await expect.poll(() => lastOf(earnings).query.get('type')).toBe('tip');
      await list.locator('tr[data-earning="e-sub"]').waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('type')).toBe('tip');
      await list.getByLabel('Tipo').selectOption('product');
      await list.getByText('Nenhum ganho deste tipo.').waitFor();

      const referrals = view.getByTestId('referrals');
      expect(await referrals.getByTestId('referral-code').textContent()).toBe('ANA2030');
      expect(await referrals.getByLabel('Link de indicação').inputValue()).toBe(code.link);
      await referrals.getByRole('button', { name: 'Copiar link' }).click();
      await referrals.getByRole('status').filter({ hasText: 'Link copiado.' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code.link);
      expect(await referrals.locator('[data-figure="referral-net"] dd').textContent()).toMatch(brl('3,50'));
      expect(await referrals.locator('[data-figure="referral-count"] dd').textContent()).toBe('2');

      // The referral list failed; trying again once the server answers shows it.
      const referralList = referrals.getByTestId('referral-earnings');
      await referralList.getByRole('alert').filter({ hasText: 'Algo deu errado do nosso lado.' }).waitFor();
      referralsFail = false;
      await referralList.getByRole('button', { name: 'Tentar novamente' }).click();
      const referralRow = referralList.locator('tr[data-referral-earning="re-1"]');
      await referralRow.waitFor();
      expect(await referralRow.textContent()).toContain('Fã Indicado');
      expect(await referralRow.textContent()).toMatch(brl('1,75'));
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('lets a creator request a payout within the settings’ minimum, then closes the form while it is open', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      let calculation: PayoutCalculation = { availableAmount: 120.5, pendingAmount: 0, paidAmount: 30, minimumPayout: 50, canRequest: true };
      let mine: PayoutRequestDto[] = [payoutRequest({ _id: 'old', requestAmount: 30, status: 'done', adminNote: 'Pago via PIX', createdAt: at(1) })];
      await fakeApi(page, 'POST', '/payout-requests/calculate', () => ({ data: calculation }));
      await fakeApi(page, 'GET', '/payout-requests/check/pending-review', () => ({ data: { pending: mine.some((one) => one.status === 'pending'), request: mine.find((one) => one.status === 'pending') ?? null } }));
      await fakeApi(page, 'GET', '/payout-requests/user/search', () => listOf(mine));
      let refuse = true;
      const creates = await fakeApi(page, 'POST', '/payout-requests', (call) => {
        if (refuse) return { status: 422, code: 'payouts.method_missing' };
        const body = call.body as { requestAmount: number; paymentAccountType: 'banking'; requestNote: string };
        mine = [payoutRequest({ _id: 'new', ...body }), ...mine];
        calculation = { ...calculation, availableAmount: calculation.availableAmount - body.requestAmount, pendingAmount: body.requestAmount };
        return { data: mine[0] };
      });

      await signIn(page, demo.creator.email);
      await waitForPath(page, `/${demo.creator.username}`);
      await mainNav(page).getByRole('link', { name: 'Saques' }).click();
      await waitForPath(page, '/creator/payouts');
      const view = page.getByTestId('payouts');
      const figure = (name: string) => view.locator(`[data-figure="${name}"] dd`);
      await figure('available').waitFor();
      expect(await figure('available').textContent()).toMatch(brl('120,50'));
      expect(await figure('paid').textContent()).toMatch(brl('30,00'));
      const old = view.locator('tr[data-payout="old"]');
      expect(await old.textContent()).toContain('Pago');
      expect(await old.textContent()).toContain('Pago via PIX');

      const form = view.getByTestId('payout-form');
      const amount = form.getByLabel('Valor');
      expect(await form.getByText(/^Mínimo R\$\s?75,00; disponível R\$\s?120,50\.$/).count()).toBe(1);
      expect(await form.getByRole('link', { name: 'configurações de pagamento' }).getAttribute('href')).toBe('/creator/account#payouts');

      // Under the settings' minimum (75, though the calculation says 50): refused here, nothing sent.
      await amount.fill('60');
      await form.getByRole('button', { name: 'Pedir saque' }).click();
      await form.getByText(/O valor mínimo é R\$\s?75,00\./).waitFor();
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      expect(creates).toHaveLength(0);

      // A refusal by code gets this page's own words.
      await amount.fill('80,25');
      await form.getByLabel('Receber por').selectOption('banking');
      await form.getByLabel('Observação (opcional)').fill('Conta do Itaú');
      await form.getByRole('button', { name: 'Pedir saque' }).click();
      await form.getByRole('alert').filter({ hasText: 'Cadastre os dados desta forma de pagamento nas configurações de pagamento antes de pedir o saque.' }).waitFor();

      refuse = false;
      await form.getByRole('button', { name: 'Pedir saque' }).click();
      await form.getByRole('status').filter({ hasText: /Pedido de saque de R\$\s?80,25 enviado\./ }).waitFor();
      expect(creates.map((call) => call.body)).toEqual([
        { requestAmount: 80.25, paymentAccountType: 'banking', requestNote: 'Conta do Itaú' },
        { requestAmount: 80.25, paymentAccountType: 'banking', requestNote: 'Conta do Itaú' },
      ]);

      // The new request is open: listed, the balance moved, and no second request can be made.
      await view.getByTestId('payout-open').waitFor();
      const pending = view.locator('tr[data-payout="new"]');
      await pending.waitFor();
      expect(await pending.textContent()).toContain('Em análise');
      expect(await pending.textContent()).toContain('Transferência bancária');
      await expect.poll(() => figure('pending').textContent()).toMatch(brl('80,25'));
      expect(await form.getByRole('button', { name: 'Pedir saque' }).isDisabled()).toBe(true);
      expect(await amount.isDisabled()).toBe(true);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('lets staff approve a pending request with a note, then mark it paid, and filter by status', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      let requests: PayoutRequestDto[] = [
        payoutRequest({
          _id: 'req-ana',
          requestAmount: 80.25,
          performerInfo: party('creator-1', 'Ana Lima', 'ana.lima'),
          paymentAccountInfo: { pixKeyType: 'cpf', pixKey: '*******4725' },
          requestNote: 'Conta do Itaú',
        }),
        payoutRequest({ _id: 'req-old', status: 'rejected', performerInfo: party('creator-2', 'Bia Souza', 'bia.souza'), adminNote: 'Dados incompletos' }),
      ];
      const searches = await fakeApi(page, 'GET', '/admin/payout-requests/search', (call) => {
        const status = call.query.get('status');
        return listOf(requests.filter((one) => !status || one.status === status));
      });
      const decisions = await fakeApi(page, 'PUT', /^\/admin\/payout-requests\/[^/]+\/status$/, (call) => {
        const { status, adminNote } = call.body as Pick<PayoutRequestDto, 'status' | 'adminNote'>;
        requests = requests.map((one) => (call.path.includes(`/${one._id}/`) ? { ...one, status, adminNote } : one));
        return { data: requests.find((one) => call.path.includes(`/${one._id}/`)) };
      });

      await signIn(page, demo.admin.email);
      await waitForPath(page, '/home');
      await mainNav(page).getByRole('link', { name: 'Pedidos de saque' }).click();
      await waitForPath(page, '/admin/payouts');
      const view = page.getByTestId('payout-review');
      const ana = view.locator('[data-payout="req-ana"]');
      await ana.waitFor();
      expect(lastOf(searches).query.get('status')).toBe('pending');
      expect(await view.locator('[data-payout="req-old"]').count()).toBe(0);
      expect(await ana.getByRole('link', { name: 'Ana Lima' }).getAttribute('href')).toBe('/ana.lima');
      expect(await ana.textContent()).toMatch(brl('80,25'));
      expect(await ana.getByRole('definition').allTextContents()).toEqual(['cpf', '*******4725']);
      expect(await ana.getByRole('term').allTextContents()).toEqual(['Tipo de chave PIX', 'Chave PIX']);
      expect(await ana.textContent()).toContain('Observação do criador: Conta do Itaú');

      await ana.getByLabel('Observação para o criador').fill('Aprovado, pagamento amanhã');
      await ana.getByRole('button', { name: 'Aprovar o saque de Ana Lima' }).click();
      await view.getByRole('status').filter({ hasText: /Saque de R\$\s?80,25 de Ana Lima: Aprovado\./ }).waitFor();
      expect(decisions.map((call) => [call.path, call.body])).toEqual([['/admin/payout-requests/req-ana/status', { status: 'approved', adminNote: 'Aprovado, pagamento amanhã' }]]);
      await ana.waitFor({ state: 'detached' });

      await view.getByLabel('Situação').selectOption('approved');
      await ana.waitFor();
      expect(await ana.textContent()).toContain('Observação da equipe: Aprovado, pagamento amanhã');
      await ana.getByRole('button', { name: 'Marcar como pago o saque de Ana Lima' }).click();
      await view.getByRole('status').filter({ hasText: /: Pago\.$/ }).waitFor();
      expect(lastOf(decisions).body).toEqual({ status: 'done', adminNote: '' });

      await view.getByLabel('Situação').selectOption('all');
      await view.locator('[data-payout="req-old"]').waitFor();
      expect(lastOf(searches).query.has('status')).toBe(false);
      expect(await view.locator('[data-payout="req-ana"]').getByRole('button').count()).toBe(0);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('says so when the server refuses the staff member, without signing them out', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      await fakeApi(page, 'GET', '/admin/payout-requests/search', () => ({ status: 403, code: 'auth.permission_denied' }));
      await signIn(page, demo.admin.email);
      await waitForPath(page, '/home');
      await page.goto('/admin/payouts');
      await page.getByTestId('payout-review').getByRole('alert').filter({ hasText: 'Você não tem permissão para revisar saques.' }).waitFor();
      await settle(page);
      expect(new URL(page.url()).pathname).toBe('/admin/payouts');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('keeps creators away from the staff page and fans away from the payout page', async () => {
    for (const [who, email, home, away] of [
      ['creator', demo.creator.email, `/${demo.creator.username}`, '/admin/payouts'],
      ['fan', demo.fan.email, '/home', '/creator/payouts'],
    ] as const) {
      const { context, page } = await openPage(e2e.browser, e2e.server.origin);
      try {
        await signIn(page, email);
        await waitForPath(page, home);
        expect(await mainNav(page).getByRole('link', { name: 'Pedidos de saque' }).count(), who).toBe(0);
        await page.goto(away);
        await waitForPath(page, '/home');
      } finally {
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await context.close();
      }
    }
  });
});
