import type { Page } from 'playwright-core';
import type { EarningDto, EarningStats, PayoutRequestDto, ReferralCode, ReferralEarningDto } from '@fandeck/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { apiOk, newFan, requestPayout, reviewPayout, savePayoutMethod, subscribeTo, tip, topUpByPix, walletBalance } from './host-money-setup.js';
import { apiLogin, demo, setSettings, settle, signIn, waitForPath } from './host-flows.js';
import { dropNext, lastOf, seeCalls } from './seen-calls.js';

/**
 * The creator's earnings and payouts and the staff's payout review (issue 10, item 7) in a
 * real Chromium against the real server. What the pages show is made through the API before
 * the tests: fans tip and subscribe to Ana (wallets topped up in the PIX sandbox), a fan Ana
 * referred tips Bruno, Ana is paid one payout and Bruno is refused one. The tests run in
 * order: the review test decides the request the payout test made.
 */

const money = /R\$\s?/.source;
const brl = (text: string) => new RegExp(`${money}${text.replace('.', '\\.')}`);
/** Cents as the pages write them, without the currency (`15992` → `159,92`). */
const amountText = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

const ana = demo.creator;
const bruno = { email: 'creator2@fandeck.local', username: 'bruno.costa' };
const fan2 = { email: 'fan2@fandeck.local' };
const CPF = '529.982.247-25';
const BANK_ACCOUNT = { bankName: 'Itaú Unibanco', bankCode: '341', agency: '1234', account: '56789-0', accountType: 'checking', holderName: 'Ana Lima', holderDocument: CPF };

/**
 * Ana's sales, at the settings' default commission (the creator keeps 80 %): ten 10.00 tips
 * from Fan Two, then Fã Um's monthly subscription (9.90) and nine 10.00 tips.
 */
const TIP_CENTS = 10_00;
const TIPS = 19;
const SUBSCRIPTION_CENTS = 9_90;
const creatorPart = (cents: number) => Math.floor(cents * 0.8);
const GROSS_CENTS = TIPS * TIP_CENTS + SUBSCRIPTION_CENTS;
const NET_CENTS = TIPS * creatorPart(TIP_CENTS) + creatorPart(SUBSCRIPTION_CENTS);
/** Ana's payout already paid, and the one the payout test asks for. */
const PAID_CENTS = 30_00;
const REQUEST_CENTS = 80_25;
/** Fã Indicado (Ana's code) tips Bruno twice: Ana's referral commission is 2 % of each. */
const REFERRED_TIPS = 2;
const REFERRAL_CENTS = Math.floor(TIP_CENTS * 0.02);

describe('earnings and payout pages on the host site', () => {
  const e2e = useServerAndBrowser();
  const made = { paidRequestId: '', refusedRequestId: '', referralCode: '' };

  beforeAll(async () => {
    const origin = e2e.server.origin;
    const [admin, anaToken, brunoToken, fanOne, fanTwo] = await Promise.all([
      apiLogin(origin, demo.admin.email),
      apiLogin(origin, ana.email),
      apiLogin(origin, bruno.email),
      apiLogin(origin, demo.fan.email),
      apiLogin(origin, fan2.email),
    ]);

    await topUpByPix(origin, fanTwo, 50);
    await tip(origin, fanTwo, ana.username, TIP_CENTS / 100, 10);
    await subscribeTo(origin, fanOne, ana.username);
    await tip(origin, fanOne, ana.username, TIP_CENTS / 100, TIPS - 10);
    expect(await walletBalance(origin, fanOne)).toBe(0.1);

    made.referralCode = (await apiOk<ReferralCode>(origin, 'GET', '/referrals/user/code', anaToken)).code;
    const referred = await newFan(origin, { email: 'fa.indicado@fandeck.test', name: 'Fã Indicado', username: 'faindicado', ref: made.referralCode });
    await topUpByPix(origin, referred, (REFERRED_TIPS * TIP_CENTS) / 100);
    await tip(origin, referred, bruno.username, TIP_CENTS / 100, REFERRED_TIPS);

    // Earlier payouts, under a lower minimum: Ana's paid by PIX, Bruno's refused.
    await setSettings(origin, { minPayoutAmount: 10 });
    await savePayoutMethod(origin, anaToken, 'pix', { pixKeyType: 'cpf', pixKey: CPF });
    const paid = await requestPayout(origin, anaToken, { requestAmount: PAID_CENTS / 100, paymentAccountType: 'pix' });
    await reviewPayout(origin, admin, paid._id, 'done', 'Pago via PIX');
    made.paidRequestId = paid._id;
    await savePayoutMethod(origin, brunoToken, 'pix', { pixKeyType: 'random', pixKey: '9b2f6c1e-4a7d-4e0b-8c3f-2d5a6b7c8d9e' });
    const refused = await requestPayout(origin, brunoToken, { requestAmount: 16, paymentAccountType: 'pix' });
    await reviewPayout(origin, admin, refused._id, 'rejected', 'Dados incompletos');
    made.refusedRequestId = refused._id;

    // The request form's minimum comes from the settings.
    await setSettings(origin, { minPayoutAmount: 75 });
  });

  it('shows a creator their totals, earnings by type a page at a time, and their referral link to copy', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.origin });
      const anaToken = await apiLogin(e2e.server.origin, ana.email);
      const newest = await apiOk<{ data: EarningDto[] }>(e2e.server.origin, 'GET', '/performer/earning/search?current=1&pageSize=10', anaToken);
      const latestTip = newest.data[0]!;
      const subscription = newest.data.find((one) => one.type === 'subscription')!;
      expect(latestTip).toMatchObject({ type: 'tip', userInfo: { name: 'Fã Um' } });
      const referralEarnings = await apiOk<{ data: ReferralEarningDto[] }>(e2e.server.origin, 'GET', '/referral-earnings/search', anaToken);
      const referral = referralEarnings.data[0]!;
      const earnings = await seeCalls(page, 'GET', '/performer/earning/search');
      // The referral list's first read fails as a dropped connection does.
      await dropNext(page, '/referral-earnings/search');

      await signIn(page, ana.email);
      await waitForPath(page, `/${ana.username}`);
      await mainNav(page).getByRole('link', { name: 'Ganhos' }).click();
      await waitForPath(page, '/creator/earnings');
      const view = page.getByTestId('earnings');

      const figure = (name: string) => view.locator(`[data-figure="${name}"] dd`);
      await figure('net').waitFor();
      expect(await figure('net').textContent()).toMatch(brl(amountText(NET_CENTS)));
      expect(await figure('gross').textContent()).toMatch(brl(amountText(GROSS_CENTS)));
      expect(await figure('commission').textContent()).toMatch(brl(amountText(GROSS_CENTS - NET_CENTS)));
      expect(await figure('available').textContent()).toMatch(brl(amountText(NET_CENTS - PAID_CENTS)));
      expect(await figure('pending').textContent()).toMatch(brl('0,00'));
      expect(await figure('paid').textContent()).toMatch(brl(amountText(PAID_CENTS)));

      const list = view.getByTestId('earning-list');
      const tipRow = list.locator(`tr[data-earning="${latestTip._id}"]`);
      await tipRow.waitFor();
      expect(await tipRow.getByRole('cell').allTextContents()).toEqual([
        expect.any(String),
        'Gorjeta',
        expect.stringContaining('Fã Um'),
        expect.stringMatching(brl('10,00')),
        expect.stringMatching(brl('2,00')),
        expect.stringMatching(brl('8,00')),
      ]);
      await list.locator(`tr[data-earning="${subscription._id}"]`).waitFor();
      expect(await list.getByTestId('pager-status').textContent()).toBe('Página 1 de 2');
      await list.getByLabel('Tipo').selectOption('tip');
      await expect.poll(() => lastOf(earnings).query.get('type')).toBe('tip');
      await list.locator(`tr[data-earning="${subscription._id}"]`).waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('type')).toBe('tip');
      await list.getByLabel('Tipo').selectOption('product');
      await list.getByText('Nenhum ganho deste tipo.').waitFor();

      const referrals = view.getByTestId('referrals');
      const link = `${e2e.server.origin}/auth/register?ref=${made.referralCode}`;
      expect(await referrals.getByTestId('referral-code').textContent()).toBe(made.referralCode);
      expect(await referrals.getByLabel('Link de indicação').inputValue()).toBe(link);
      await referrals.getByRole('button', { name: 'Copiar link' }).click();
      await referrals.getByRole('status').filter({ hasText: 'Link copiado.' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      expect(await referrals.locator('[data-figure="referral-net"] dd').textContent()).toMatch(brl(amountText(REFERRED_TIPS * REFERRAL_CENTS)));
      expect(await referrals.locator('[data-figure="referral-count"] dd').textContent()).toBe(String(REFERRED_TIPS));

      // The referral list failed; trying again reads it from the server.
      const referralList = referrals.getByTestId('referral-earnings');
      await referralList.getByRole('alert').filter({ hasText: 'Sem conexão' }).waitFor();
      await referralList.getByRole('button', { name: 'Tentar novamente' }).click();
      const referralRow = referralList.locator(`tr[data-referral-earning="${referral._id}"]`);
      await referralRow.waitFor();
      expect(await referralRow.textContent()).toContain('Fã Indicado');
      expect(await referralRow.textContent()).toMatch(brl(amountText(REFERRAL_CENTS)));
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('lets a creator request a payout within the settings’ minimum, then closes the form while it is open', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      const creates = await seeCalls(page, 'POST', '/payout-requests');

      await signIn(page, ana.email);
      await waitForPath(page, `/${ana.username}`);
      await mainNav(page).getByRole('link', { name: 'Saques' }).click();
      await waitForPath(page, '/creator/payouts');
      const view = page.getByTestId('payouts');
      const figure = (name: string) => view.locator(`[data-figure="${name}"] dd`);
      const available = amountText(NET_CENTS - PAID_CENTS);
      await figure('available').waitFor();
      expect(await figure('available').textContent()).toMatch(brl(available));
      expect(await figure('paid').textContent()).toMatch(brl(amountText(PAID_CENTS)));
      const old = view.locator(`tr[data-payout="${made.paidRequestId}"]`);
      expect(await old.textContent()).toContain('Pago');
      expect(await old.textContent()).toContain('Pago via PIX');

      const form = view.getByTestId('payout-form');
      const amount = form.getByLabel('Valor');
      expect(await form.getByText(new RegExp(`^Mínimo R\\$\\s?75,00; disponível R\\$\\s?${available}\\.$`)).count()).toBe(1);
      expect(await form.getByRole('link', { name: 'configurações de pagamento' }).getAttribute('href')).toBe('/creator/account/payouts');

      // Under the settings' minimum: refused here, nothing sent.
      await amount.fill('60');
      await form.getByRole('button', { name: 'Pedir saque' }).click();
      await form.getByText(/O valor mínimo é R\$\s?75,00\./).waitFor();
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      expect(creates).toHaveLength(0);

      // No bank account on file yet: the server refuses, in this page's own words.
      await amount.fill('80,25');
      await form.getByLabel('Receber por').selectOption('banking');
      await form.getByLabel('Observação (opcional)').fill('Conta do Itaú');
      await form.getByRole('button', { name: 'Pedir saque' }).click();
      await form.getByRole('alert').filter({ hasText: 'Cadastre os dados desta forma de pagamento nas configurações de pagamento antes de pedir o saque.' }).waitFor();

      // Once the creator saved a bank account (in the payout settings), the same request goes through.
      const anaToken = await apiLogin(e2e.server.origin, ana.email);
      await savePayoutMethod(e2e.server.origin, anaToken, 'banking', BANK_ACCOUNT);
      await form.getByRole('button', { name: 'Pedir saque' }).click();
      await form.getByRole('status').filter({ hasText: /Pedido de saque de R\$\s?80,25 enviado\./ }).waitFor();
      expect(creates.map((call) => call.body)).toEqual([
        { requestAmount: 80.25, paymentAccountType: 'banking', requestNote: 'Conta do Itaú' },
        { requestAmount: 80.25, paymentAccountType: 'banking', requestNote: 'Conta do Itaú' },
      ]);

      // The new request is open: listed, the balance moved, and no second request can be made.
      const open = await apiOk<{ pending: boolean; request: PayoutRequestDto | null }>(e2e.server.origin, 'GET', '/payout-requests/check/pending-review', anaToken);
      expect(open.request).toMatchObject({ requestAmount: REQUEST_CENTS / 100, status: 'pending', paymentAccountType: 'banking' });
      await view.getByTestId('payout-open').waitFor();
      const pending = view.locator(`tr[data-payout="${open.request!._id}"]`);
      await pending.waitFor();
      expect(await pending.textContent()).toContain('Em análise');
      expect(await pending.textContent()).toContain('Transferência bancária');
      await expect.poll(() => figure('pending').textContent()).toMatch(brl('80,25'));
      expect(await figure('available').textContent()).toMatch(brl(amountText(NET_CENTS - PAID_CENTS - REQUEST_CENTS)));
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
      const admin = await apiLogin(e2e.server.origin, demo.admin.email);
      const anaToken = await apiLogin(e2e.server.origin, ana.email);
      const waiting = await apiOk<{ data: PayoutRequestDto[] }>(e2e.server.origin, 'GET', '/admin/payout-requests/search?status=pending', admin);
      // The request the payout test made: the only one waiting.
      expect(waiting.data).toHaveLength(1);
      const request = waiting.data[0]!;
      expect(request).toMatchObject({ requestAmount: REQUEST_CENTS / 100, performerInfo: { username: ana.username } });
      const searches = await seeCalls(page, 'GET', '/admin/payout-requests/search');
      const decisions = await seeCalls(page, 'PUT', /^\/admin\/payout-requests\/[^/]+\/status$/);

      await signIn(page, demo.admin.email);
      await waitForPath(page, '/home');
      // Staff reach the payout review from the back office's own nav.
      await mainNav(page).getByRole('link', { name: 'Painel da equipe' }).click();
      await waitForPath(page, '/admin');
      await page.getByRole('navigation', { name: 'Telas da equipe' }).getByRole('link', { name: 'Saques' }).click();
      await waitForPath(page, '/admin/payouts');
      const view = page.getByTestId('payout-review');
      const row = view.locator(`[data-payout="${request._id}"]`);
      await row.waitFor();
      expect(lastOf(searches).query.get('status')).toBe('pending');
      expect(await view.locator(`[data-payout="${made.refusedRequestId}"]`).count()).toBe(0);
      expect(await row.getByRole('link', { name: 'Ana Lima' }).getAttribute('href')).toBe('/ana.lima');
      expect(await row.textContent()).toMatch(brl('80,25'));
      // The bank account as the request keeps it: masked but for its last digits.
      expect(await row.getByRole('term').allTextContents()).toEqual(['Banco', 'Código do banco', 'Agência', 'Conta', 'Tipo de conta', 'Titular', 'CPF/CNPJ do titular']);
      const shown = await row.getByRole('definition').allTextContents();
      const kept = request.paymentAccountInfo ?? {};
      expect(shown).toEqual(['bankName', 'bankCode', 'agency', 'account', 'accountType', 'holderName', 'holderDocument'].map((key) => String(kept[key])));
      expect(shown.slice(0, 3)).toEqual(['Itaú Unibanco', '341', '1234']);
      expect(shown[3]).not.toContain('5678');
      expect(shown[6]).toMatch(/\*+4725$/);
      expect(await row.textContent()).toContain('Observação do criador: Conta do Itaú');

      await row.getByLabel('Observação para o criador').fill('Aprovado, pagamento amanhã');
      await row.getByRole('button', { name: 'Aprovar o saque de Ana Lima' }).click();
      await view.getByRole('status').filter({ hasText: /Saque de R\$\s?80,25 de Ana Lima: Aprovado\./ }).waitFor();
      expect(decisions.map((call) => [call.path, call.body])).toEqual([[`/admin/payout-requests/${request._id}/status`, { status: 'approved', adminNote: 'Aprovado, pagamento amanhã' }]]);
      await row.waitFor({ state: 'detached' });

      await view.getByLabel('Situação').selectOption('approved');
      await row.waitFor();
      expect(await row.textContent()).toContain('Observação da equipe: Aprovado, pagamento amanhã');
      // To pay it, staff open the whole details (the list keeps them masked).
      await row.getByRole('button', { name: 'Mostrar os dados para pagamento' }).click();
      const toPay = row.getByRole('region', { name: 'Dados para pagamento' });
      await toPay.waitFor();
      // As stored: the holder's CPF by its digits.
      expect(await toPay.getByRole('definition').allTextContents()).toEqual([...['bankName', 'bankCode', 'agency', 'account', 'accountType', 'holderName'].map((key) => String(BANK_ACCOUNT[key as keyof typeof BANK_ACCOUNT])), CPF.replace(/\D/g, '')]);
      await row.getByRole('button', { name: 'Marcar como pago o saque de Ana Lima' }).click();
      await view.getByRole('status').filter({ hasText: /: Pago\.$/ }).waitFor();
      // No new note typed: the approval's note stays.
      expect(lastOf(decisions).body).toEqual({ status: 'done' });

      await view.getByLabel('Situação').selectOption('all');
      const refused = view.locator(`[data-payout="${made.refusedRequestId}"]`);
      await refused.waitFor();
      expect(await refused.textContent()).toContain('Observação da equipe: Dados incompletos');
      expect(lastOf(searches).query.has('status')).toBe(false);
      expect(await row.getByRole('button').count()).toBe(0);

      // The creator's side: the request paid, with the staff's note, and the money gone from the reserve.
      const mine = await apiOk<{ data: PayoutRequestDto[] }>(e2e.server.origin, 'GET', '/payout-requests/user/search', anaToken);
      expect(mine.data.find((one) => one._id === request._id)).toMatchObject({ status: 'done', adminNote: 'Aprovado, pagamento amanhã' });
      const stats = await apiOk<EarningStats>(e2e.server.origin, 'GET', '/performer/earning/stats', anaToken);
      expect(stats).toMatchObject({
        paidPrice: (PAID_CENTS + REQUEST_CENTS) / 100,
        pendingPrice: 0,
        remainingPrice: (NET_CENTS - PAID_CENTS - REQUEST_CENTS) / 100,
        totalNetPrice: NET_CENTS / 100,
      });
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('says so when the staff list cannot be read, without signing them out, and reads it again', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      await dropNext(page, '/admin/payout-requests/search');
      await signIn(page, demo.admin.email);
      await waitForPath(page, '/home');
      await page.goto('/admin/payouts');
      const view = page.getByTestId('payout-review');
      await view.getByRole('alert').filter({ hasText: 'Sem conexão' }).waitFor();
      await settle(page);
      expect(new URL(page.url()).pathname).toBe('/admin/payouts');
      await view.getByRole('button', { name: 'Tentar novamente' }).click();
      // Every request was decided by now.
      await view.getByText('Nenhum pedido nesta situação.').waitFor();
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('keeps creators away from the staff page and fans away from the payout page', async () => {
    for (const [who, email, home, away] of [
      ['creator', ana.email, `/${ana.username}`, '/admin/payouts'],
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
        await context.close();
      }
    }
  });
});
