import type { Dialog, Page } from 'playwright-core';
import type { PrivateStreamRequestDto } from '@fandeck/contract';
import { describe, expect, it } from 'vitest';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { answerSiteConfirms } from '../support/site-confirm.js';
import { apiOk, newFan, payAction, topUpByPix, walletBalance } from './host-money-setup.js';
import { apiLogin, demo, signIn, waitForPath } from './host-flows.js';
import { dropNext, lastOf, seeCalls } from './seen-calls.js';

/**
 * Private calls on the host site in a real Chromium against the real server: the creator
 * prices the call in their settings, a fan asks for one from the creator's profile, the
 * creator sees it arrive live and approves it, the fan pays it (`charge:stream`, from a
 * wallet topped up in the PIX sandbox), and the creator starts it and is taken to the call.
 */

const ana = demo.creator;
const bruno = { email: 'creator2@fandeck.local', username: 'bruno.costa' };
const fanAccount = { email: 'chamada@privadas.test', name: 'Fã da Chamada', username: 'fachamada' };
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });
const rowOf = (page: Page, id: string) => page.locator(`[data-private-call="${id}"]`);

/** Every dialog accepted, the browser's and the platform's payment confirm, its text kept. */
async function acceptDialogs(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await answerSiteConfirms(page, dialogs);
  return dialogs;
}

describe('private calls on the host site', () => {
  const e2e = useServerAndBrowser();

  it('prices, requests, approves live, pays, refuses an unpaid start and starts a private call', async () => {
    const origin = e2e.server.origin;
    const fanToken = await newFan(origin, fanAccount);
    await topUpByPix(origin, fanToken, 50);
    const anaToken = await apiLogin(origin, ana.email);

    const creator = await openPage(e2e.browser, origin);
    const fan = await openPage(e2e.browser, origin);
    try {
      const creatorDialogs = await acceptDialogs(creator.page);
      const fanDialogs = await acceptDialogs(fan.page);
      const saves = await seeCalls(creator.page, 'PUT', '/performers/me');

      // 1. The creator prices a private call in their settings.
      await signIn(creator.page, ana.email);
      await waitForPath(creator.page, `/${ana.username}`);
      await creator.page.goto('/creator/account/calls');
      const settings = creator.page.getByTestId('creator-calls');
      const price = settings.getByLabel('Preço da chamada privada');
      await price.waitFor();
      // Not free by default: the platform's default price (issue 25).
      expect(await price.inputValue()).toBe('10,00');
      await price.fill('-3');
      await settings.getByRole('button', { name: 'Salvar' }).click();
      // Not an amount: refused under the field itself, and nothing is sent.
      await settings.locator('[data-invalid="true"]').getByRole('alert').filter({ hasText: 'Informe um valor em números, como 9,90.' }).waitFor();
      expect(saves).toHaveLength(0);
      await price.fill('25,00');
      await settings.getByRole('button', { name: 'Salvar' }).click();
      await settings.getByRole('status').filter({ hasText: 'Alterações salvas.' }).waitFor();
      expect(saves.at(-1)?.body).toMatchObject({ privateCallPrice: 25 });
      expect((await apiOk<{ privateCallPrice: number }>(origin, 'GET', `/performers/${ana.username}`, fanToken)).privateCallPrice).toBe(25);

      // 2. The creator opens their private calls: none yet.
      await mainNav(creator.page).getByRole('link', { name: 'Chamadas', exact: true }).click();
      await waitForPath(creator.page, '/private-calls');
      const creatorView = creator.page.getByTestId('private-calls');
      await creatorView.getByText('Nenhum pedido de chamada privada ainda.').waitFor();

      // 3. The fan asks for a 30-minute call from the creator's profile.
      const requests = await seeCalls(fan.page, 'POST', '/streaming/private/request');
      await signIn(fan.page, fanAccount.email);
      await waitForPath(fan.page, '/home');
      await fan.page.goto(`/${ana.username}`);
      const ask = fan.page.getByTestId('request-private-call');
      await ask.getByText('Preço: R$ 25,00').waitFor();
      await ask.getByRole('button', { name: 'Pedir uma chamada privada' }).click();
      const minutes = ask.getByLabel('Duração (minutos)');
      expect(await minutes.inputValue()).toBe('15');
      await minutes.fill('200');
      await ask.getByRole('button', { name: 'Enviar pedido' }).click();
      await ask.getByRole('alert').filter({ hasText: 'Escolha uma duração inteira de 5 a 120 minutos.' }).waitFor();
      expect(requests).toHaveLength(0);
      await minutes.fill('30');
      await ask.getByLabel('Recado (opcional)').fill('Quero uma aula de ioga.');
      await ask.getByRole('button', { name: 'Enviar pedido' }).click();
      await ask.getByRole('status').filter({ hasText: 'Pedido enviado.' }).waitFor();
      expect(requests.map((call) => call.body)).toEqual([{ performerId: expect.any(String), duration: 30, note: 'Quero uma aula de ioga.' }]);
      const [request] = (await apiOk<{ data: PrivateStreamRequestDto[] }>(origin, 'GET', '/streaming/private/search', fanToken)).data;
      expect(request).toMatchObject({ status: 'pending', price: 25, duration: 30, streamId: null });
      const id = request!._id;

      // 4. The creator sees it arrive without a reload, and approves it.
      const creatorRow = rowOf(creator.page, id);
      await creatorRow.getByText(fanAccount.name).waitFor();
      expect(await creatorRow.getAttribute('data-state')).toBe('pending');
      expect(await creatorRow.textContent()).toContain('Quero uma aula de ioga.');
      expect(await creatorRow.textContent()).toContain('30 min');
      await creatorRow.getByRole('button', { name: `Aprovar: pedido de ${fanAccount.name}` }).click();
      await creatorView.getByRole('status').filter({ hasText: 'Pedido aprovado.' }).waitFor();
      await expect.poll(() => creatorRow.getAttribute('data-state')).toBe('approved');

      // 5. Starting before the fan paid is refused, in the page's words for that code.
      await creatorRow.getByRole('button', { name: `Iniciar: pedido de ${fanAccount.name}` }).click();
      await creatorView.getByRole('alert').filter({ hasText: 'O fã ainda não pagou esta chamada.' }).waitFor();
      expect(new URL(creator.page.url()).pathname).toBe('/private-calls');

      // 6. The fan pays from their private calls; the wallet goes down by the price.
      const before = await walletBalance(origin, fanToken);
      const pays = await seeCalls(fan.page, 'POST', `/wallet/charges/stream/${id}`);
      await mainNav(fan.page).getByRole('link', { name: 'Chamadas', exact: true }).click();
      await waitForPath(fan.page, '/private-calls');
      const fanView = fan.page.getByTestId('private-calls');
      const fanRow = rowOf(fan.page, id);
      await expect.poll(() => fanRow.getAttribute('data-state')).toBe('approved');
      await fanRow.getByRole('button', { name: /^Pagar R\$\s?25,00: pedido de / }).click();
      await fanView.getByRole('status').filter({ hasText: 'Pagamento feito.' }).waitFor();
      // The platform's confirm, worded from the server's quote in the fan's language (kind and minutes, no server text): once.
      expect(fanDialogs).toEqual([expect.stringMatching(/^Pagar chamada privada R\$\s?25,00 .*Duração 30 min/)]);
      expect(pays).toHaveLength(1);
      expect(await walletBalance(origin, fanToken)).toBeCloseTo(before - 25, 2);
      await fanRow.getByTestId('call-paid').waitFor();
      expect(await fanRow.getByRole('button', { name: /^Pagar/ }).count()).toBe(0);
      // After a reload the list itself says it is paid: still no Pay button.
      const lists = await seeCalls(fan.page, 'GET', '/streaming/private/search');
      await fan.page.reload();
      await fanRow.getByTestId('call-paid').waitFor();
      expect(lists.length).toBeGreaterThan(0);
      expect(await fanRow.getAttribute('data-state')).toBe('approved');
      expect(await fanRow.getByRole('button', { name: /^Pagar/ }).count()).toBe(0);
      expect(await fanRow.locator('[data-action="pay"]').count()).toBe(0);
      expect(pays).toHaveLength(1);

      // 7. The creator is told live it was paid, starts it and lands on the call.
      await creatorRow.getByTestId('call-paid').waitFor();
      await creatorRow.getByRole('button', { name: `Iniciar: pedido de ${fanAccount.name}` }).click();
      await waitForPath(creator.page, `/calls/${id}`);
      expect(creatorDialogs).toHaveLength(0);
      const started = (await apiOk<{ data: PrivateStreamRequestDto[] }>(origin, 'GET', '/streaming/private/search', anaToken)).data.find((item) => item._id === id);
      expect(started?.streamId).toEqual(expect.any(String));

      // 8. The fan's row turns into a way in, live.
      const join = fanRow.getByRole('link', { name: /^Entrar na chamada/ });
      await join.waitFor();
      expect(await join.getAttribute('href')).toBe(`/calls/${id}`);
    } finally {
      await creator.context.close();
      await fan.context.close();
    }
  });

  it('reads the list again after a failed read, lets the creator edit and reject, and the fan delete and see nothing left', async () => {
    const origin = e2e.server.origin;
    const fanToken = await newFan(origin, { email: 'outra@privadas.test', name: 'Outra Fã', username: 'outrafa' });
    const brunoId = (await apiOk<{ _id: string }>(origin, 'GET', `/performers/${bruno.username}`, fanToken))._id;
    // Bruno takes calls for free: his choice (a creator's calls are priced by default).
    await apiOk(origin, 'PUT', '/performers/me', await apiLogin(origin, bruno.email), { privateCallPrice: 0 });
    const ask = (duration: number) => apiOk<PrivateStreamRequestDto>(origin, 'POST', '/streaming/private/request', fanToken, { performerId: brunoId, duration });
    const first = await ask(10);
    const second = await ask(20);

    const creator = await openPage(e2e.browser, origin);
    const fan = await openPage(e2e.browser, origin);
    try {
      await acceptDialogs(creator.page);
      await acceptDialogs(fan.page);
      await dropNext(creator.page, '/streaming/private/search');
      const lists = await seeCalls(creator.page, 'GET', '/streaming/private/search');
      await signIn(creator.page, bruno.email);
      await waitForPath(creator.page, `/${bruno.username}`);
      await creator.page.goto('/private-calls');
      const view = creator.page.getByTestId('private-calls');
      await view.getByRole('alert').filter({ hasText: 'Sem conexão' }).waitFor();
      await view.getByRole('button', { name: 'Tentar novamente' }).click();
      await rowOf(creator.page, first._id).waitFor();
      expect(lastOf(lists).query.get('current')).toBe('1');
      expect(lastOf(lists).query.get('pageSize')).toBe('10');
      // A free call says so.
      expect(await rowOf(creator.page, first._id).textContent()).toContain('Grátis');

      // The creator changes the first request's minutes and note.
      const firstRow = rowOf(creator.page, first._id);
      await firstRow.getByRole('button', { name: 'Editar: pedido de Outra Fã' }).click();
      const edit = firstRow.getByTestId('edit-call');
      await edit.getByLabel('Duração (minutos)').fill('45');
      await edit.getByLabel('Recado (opcional)').fill('Combinado: 45 minutos.');
      await edit.getByRole('button', { name: 'Salvar' }).click();
      await view.getByRole('status').filter({ hasText: 'Pedido alterado.' }).waitFor();
      await firstRow.getByText('45 min', { exact: true }).waitFor();
      await firstRow.getByText('Combinado: 45 minutos.').waitFor();

      // And rejects the second, once confirmed.
      const secondRow = rowOf(creator.page, second._id);
      await secondRow.getByRole('button', { name: 'Recusar: pedido de Outra Fã' }).click();
      await view.getByRole('status').filter({ hasText: 'Pedido recusado.' }).waitFor();
      await expect.poll(() => secondRow.getAttribute('data-state')).toBe('rejected');

      // The fan sees both as they are now; deletes the pending one; a rejected one offers only its removal.
      await signIn(fan.page, 'outra@privadas.test');
      await waitForPath(fan.page, '/home');
      await fan.page.goto('/private-calls');
      const fanView = fan.page.getByTestId('private-calls');
      const fanFirst = rowOf(fan.page, first._id);
      await fanFirst.getByText('45 min', { exact: true }).waitFor();
      expect(await rowOf(fan.page, second._id).getAttribute('data-state')).toBe('rejected');
      expect(await rowOf(fan.page, second._id).getByRole('button').allTextContents()).toEqual(['Excluir']);
      await fanFirst.getByRole('button', { name: /^Excluir: pedido de / }).click();
      await fanView.getByRole('status').filter({ hasText: 'Pedido excluído.' }).waitFor();
      await fanFirst.waitFor({ state: 'detached' });
      // The creator's list follows live.
      await firstRow.waitFor({ state: 'detached' });

      // The creator deletes the rejected one; the fan is left with nothing.
      await secondRow.getByRole('button', { name: 'Excluir: pedido de Outra Fã' }).click();
      await view.getByRole('status').filter({ hasText: 'Pedido excluído.' }).waitFor();
      await fanView.getByText('Nenhum pedido de chamada privada ainda.').waitFor();
      await fanView.getByRole('link', { name: 'Descobrir criadores' }).waitFor();
    } finally {
      await creator.context.close();
      await fan.context.close();
    }
  });

  it('lets the fan cancel a paid call that has not started, with the money back in the wallet', async () => {
    const origin = e2e.server.origin;
    const fanEmail = 'reembolso@privadas.test';
    const fanToken = await newFan(origin, { email: fanEmail, name: 'Fã do Reembolso', username: 'fareembolso' });
    await topUpByPix(origin, fanToken, 40);
    const anaToken = await apiLogin(origin, ana.email);
    await apiOk(origin, 'PUT', '/performers/me', anaToken, { privateCallPrice: 25 });
    const anaId = (await apiOk<{ _id: string }>(origin, 'GET', `/performers/${ana.username}`, fanToken))._id;
    const request = await apiOk<PrivateStreamRequestDto>(origin, 'POST', '/streaming/private/request', fanToken, { performerId: anaId, duration: 15 });
    await apiOk(origin, 'POST', `/streaming/private/${request._id}/approve`, anaToken, {});
    await payAction(origin, fanToken, `/wallet/charges/stream/${request._id}`, {});
    expect(await walletBalance(origin, fanToken)).toBeCloseTo(15, 2);

    const fan = await openPage(e2e.browser, origin);
    try {
      const dialogs = await acceptDialogs(fan.page);
      const deletes = await seeCalls(fan.page, 'DELETE', `/streaming/private/${request._id}`);
      await signIn(fan.page, fanEmail);
      await waitForPath(fan.page, '/home');
      await fan.page.goto('/private-calls');
      const view = fan.page.getByTestId('private-calls');
      const row = rowOf(fan.page, request._id);
      await row.getByTestId('call-paid').waitFor();
      // Paid and not started: the fan may cancel it, told first that the money comes back.
      await row.getByRole('button', { name: /^Cancelar e reembolsar: pedido de / }).click();
      await view.getByRole('status').filter({ hasText: 'Chamada cancelada e pagamento reembolsado.' }).waitFor();
      expect(dialogs).toEqual([expect.stringMatching(/^Cancelar a chamada com .+\? Os R\$\s?25,00 que você pagou voltam para a sua carteira\.$/)]);
      await row.waitFor({ state: 'detached' });
      expect(deletes).toHaveLength(1);
      expect(await walletBalance(origin, fanToken)).toBeCloseTo(40, 2);
      const refunded = await apiOk<{ data: { targetId: string; status: string }[] }>(origin, 'GET', '/wallet/charges/search?status=refunded', fanToken);
      expect(refunded.data).toEqual([expect.objectContaining({ targetId: request._id, status: 'refunded' })]);
    } finally {
      await fan.context.close();
    }
  });
});
