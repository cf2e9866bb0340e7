import sharp from 'sharp';
import type { Dialog, Page } from 'playwright-core';
import type { AutoMessageDto, CategorizedListDto, ConversationDto, MassMessageDto, MessageDto, MessageTemplateDto } from '@fandeck/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { answerSiteConfirms } from '../support/site-confirm.js';
import { apiOk, newFan, subscribeTo, topUpByPix } from './host-money-setup.js';
import { apiLogin, demo, signIn, waitForPath } from './host-flows.js';
import { seeCalls } from './seen-calls.js';

/**
 * The creator's messaging tools (issue 11): lists of fans, mass messages, templates and
 * automatic messages, in a real Chromium against the real server. Ana's subscribers are
 * made through the API (wallets topped up in the PIX sandbox, then the real subscribe).
 */

const ana = demo.creator;
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });
const toolsNav = (page: Page) => page.getByRole('navigation', { name: 'Ferramentas de mensagens' });
const fans = [
  { email: 'lista.um@mensagens.test', name: 'Fã Lista Um' },
  { email: 'lista.dois@mensagens.test', name: 'Fã Lista Dois' },
];
const photo = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#c35' } }).png().toBuffer();

/** The newest message of `token`'s conversation with Ana, or null. */
async function lastFromAna(origin: string, token: string): Promise<MessageDto | null> {
  const conversations = await apiOk<{ data: ConversationDto[] }>(origin, 'GET', '/conversations', token);
  const withAna = conversations.data.find((conversation) => conversation.recipientInfo?.username === ana.username);
  if (!withAna) return null;
  const messages = await apiOk<{ data: MessageDto[] }>(origin, 'GET', `/messages/conversations/${withAna._id}`, token);
  return messages.data.at(-1) ?? null;
}

/** Signed in as Ana, every confirm dialog accepted and kept. */
async function openAsAna(browser: Parameters<typeof openPage>[0], origin: string) {
  const { context, page } = await openPage(browser, origin);
  const dialogs: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  // Deletes ask in the platform's own dialog: accepted, its question kept.
  await answerSiteConfirms(page, dialogs);
  await signIn(page, ana.email);
  await waitForPath(page, `/${ana.username}`);
  return { context, page, dialogs };
}

describe('messaging tools on the host site', () => {
  const e2e = useServerAndBrowser();
  const fanTokens: string[] = [];
  const fanIds: string[] = [];

  beforeAll(async () => {
    const origin = e2e.server.origin;
    for (const fan of fans) {
      const token = await newFan(origin, fan);
      await topUpByPix(origin, token, 9.9);
      await subscribeTo(origin, token, ana.username);
      fanTokens.push(token);
      fanIds.push((await apiOk<{ _id: string }>(origin, 'GET', '/users/me', token))._id);
    }
  });

  it('makes a list of subscribers picked by name, then adds one more', async () => {
    const { context, page } = await openAsAna(e2e.browser, e2e.server.origin);
    try {
      const creates = await seeCalls(page, 'POST', '/list-categorized');
      const updates = await seeCalls(page, 'PUT', /^\/list-categorized\/[^/]+$/);
      await mainNav(page).getByRole('link', { name: 'Ferramentas de mensagens' }).click();
      await waitForPath(page, '/creator/messages/mass');
      await toolsNav(page).getByRole('link', { name: 'Listas' }).click();
      await waitForPath(page, '/creator/messages/lists');
      const view = page.getByTestId('fan-lists');
      await view.getByText('Você ainda não tem listas.').waitFor();

      const form = view.getByTestId('fan-list-form');
      await form.getByLabel('Nome da lista').fill('VIP');
      await form.getByLabel('Descrição (opcional)').fill('Quem assina desde o começo');
      await form.getByLabel('Buscar assinantes').fill('Lista Um');
      await form.getByRole('checkbox', { name: /Fã Lista Um/ }).check();
      await form.getByRole('button', { name: 'Remover Fã Lista Um da lista' }).waitFor();
      await form.getByRole('button', { name: 'Criar lista' }).click();
      await view.getByRole('status').filter({ hasText: 'Lista “VIP” criada.' }).waitFor();
      expect(creates.map((call) => call.body)).toEqual([{ name: 'VIP', description: 'Quem assina desde o começo', userIds: [fanIds[0]] }]);
      const row = view.getByRole('row', { name: /VIP/ });
      // The list shows the new row once it has read the lists again: wait for it (allTextContents does not).
      await expect.poll(() => row.getByRole('cell').allTextContents()).toEqual(['Quem assina desde o começo', '1', expect.any(String)]);

      await row.getByRole('button', { name: 'Editar VIP' }).click();
      const edit = view.getByTestId('fan-list-form');
      await edit.getByRole('heading', { name: 'Editar lista' }).waitFor();
      // The member it holds is named, though only its id is stored with the list.
      await edit.getByRole('button', { name: 'Remover Fã Lista Um da lista' }).waitFor();
      await edit.getByLabel('Buscar assinantes').fill('Dois');
      await edit.getByRole('checkbox', { name: /Fã Lista Dois/ }).check();
      await edit.getByRole('button', { name: 'Salvar lista' }).click();
      await view.getByRole('status').filter({ hasText: 'Lista “VIP” salva.' }).waitFor();
      expect(updates).toHaveLength(1);
      await expect.poll(() => row.getByRole('cell').nth(1).textContent()).toBe('2');
      const stored = await apiOk<{ data: CategorizedListDto[] }>(e2e.server.origin, 'GET', '/list-categorized', await apiLogin(e2e.server.origin, ana.email));
      expect(stored.data.map((list) => ({ name: list.name, userIds: [...list.userIds].sort() }))).toEqual([{ name: 'VIP', userIds: [...fanIds].sort() }]);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('schedules a mass message to a list, edits and deletes it, then sends a paid photo to every subscriber now', async () => {
    const { context, page, dialogs } = await openAsAna(e2e.browser, e2e.server.origin);
    try {
      const origin = e2e.server.origin;
      const creates = await seeCalls(page, 'POST', '/mass-message');
      const updates = await seeCalls(page, 'PUT', /^\/mass-message\/[^/]+$/);
      const deletes = await seeCalls(page, 'DELETE', /^\/mass-message\/[^/]+$/);
      await page.goto('/creator/messages/mass');
      const view = page.getByTestId('mass-messages');
      await view.getByText('Você ainda não enviou mensagens em massa.').waitFor();
      const form = view.getByTestId('mass-message-form');

      await form.getByLabel('Texto').fill('Novidades para a lista VIP');
      await form.getByRole('radio', { name: 'Listas escolhidas' }).check();
      await form.getByRole('checkbox', { name: 'VIP' }).check();
      await form.getByRole('radio', { name: 'Agendar' }).check();
      const tomorrow = new Date(Date.now() + 86_400_000);
      const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}T10:30`;
      await form.getByLabel('Data e hora do envio').fill(local);
      await form.getByRole('button', { name: 'Agendar envio' }).click();
      await view.getByRole('status').filter({ hasText: 'Envio agendado para' }).waitFor();
      expect(creates).toHaveLength(1);
      expect(creates[0]!.body).toMatchObject({ text: 'Novidades para a lista VIP', price: 0, fileIds: [], audience: { kind: 'lists', listIds: [expect.any(String)] }, scheduledAt: new Date(local).toISOString() });
      const row = view.locator('tr[data-status="scheduled"]');
      await row.getByText('Agendada', { exact: true }).waitFor();
      expect(await row.textContent()).toContain('Listas: 1');

      await row.getByRole('button', { name: 'Editar Novidades para a lista VIP' }).click();
      await form.getByRole('heading', { name: 'Editar mensagem agendada' }).waitFor();
      expect(await form.getByLabel('Texto').inputValue()).toBe('Novidades para a lista VIP');
      expect(await form.getByLabel('Data e hora do envio').inputValue()).toBe(local);
      await form.getByLabel('Texto').fill('Novidades (revistas) para a lista VIP');
      await form.getByRole('button', { name: 'Salvar alterações' }).click();
      await row.getByText('Novidades (revistas) para a lista VIP').waitFor();
      expect(updates).toHaveLength(1);
      expect(updates[0]!.body).toMatchObject({ text: 'Novidades (revistas) para a lista VIP', scheduledAt: new Date(local).toISOString() });

      await row.getByRole('button', { name: 'Apagar Novidades (revistas) para a lista VIP' }).click();
      await view.getByRole('status').filter({ hasText: 'Mensagem agendada apagada.' }).waitFor();
      expect(dialogs.at(-1)).toMatch(/^Apagar a mensagem agendada para .+\? Ela não será enviada\.$/);
      expect(deletes).toHaveLength(1);
      await row.waitFor({ state: 'detached' });

      // A price without files is refused before anything is sent.
      await form.getByLabel('Texto').fill('Foto exclusiva da semana');
      await form.getByLabel('Preço').fill('5');
      await form.getByRole('button', { name: 'Enviar agora' }).click();
      await form.getByRole('alert').filter({ hasText: 'Uma mensagem paga precisa de arquivos' }).waitFor();
      expect(creates).toHaveLength(1);

      await form.getByLabel('Anexar fotos ou vídeos').setInputFiles({ name: 'semana.png', mimeType: 'image/png', buffer: await photo() });
      await form.getByRole('button', { name: 'Remover semana.png' }).waitFor();
      await form.getByRole('button', { name: 'Enviar agora' }).click();
      await view.getByRole('status').filter({ hasText: 'Mensagem em massa enviada.' }).waitFor();
      expect(creates).toHaveLength(2);
      expect(creates[1]!.body).toMatchObject({ text: 'Foto exclusiva da semana', price: 5, fileIds: [expect.any(String)], audience: { kind: 'subscribers' } });
      expect(creates[1]!.body).not.toHaveProperty('scheduledAt');
      expect(await form.getByLabel('Texto').inputValue()).toBe('');

      // Sent in the background: both subscribers get it, locked until bought.
      const anaToken = await apiLogin(origin, ana.email);
      await expect
        .poll(async () => (await apiOk<{ data: MassMessageDto[] }>(origin, 'GET', '/mass-message', anaToken)).data.map((one) => [one.status, one.recipientsCount]), { timeout: 30_000 })
        .toEqual([['sent', 2]]);
      for (const token of fanTokens) expect(await lastFromAna(origin, token)).toMatchObject({ text: 'Foto exclusiva da semana', price: 5, isLocked: true });
      await page.reload();
      const sent = view.locator('tr[data-status="sent"]');
      await sent.waitFor();
      await expect.poll(() => sent.getByRole('cell').allTextContents()).toEqual(['Assinantes', 'Enviada', expect.any(String), '2', '0', '']);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('creates a template with a photo, renames it and deletes it', async () => {
    const { context, page, dialogs } = await openAsAna(e2e.browser, e2e.server.origin);
    try {
      const uploads = await seeCalls(page, 'POST', '/message-templates/file/photo');
      await page.goto('/creator/messages/templates');
      const view = page.getByTestId('message-templates');
      await view.getByText('Você ainda não tem modelos.').waitFor();
      const form = view.getByTestId('template-form');
      await form.getByLabel('Nome do modelo').fill('Boas-vindas');
      await form.getByLabel('Texto').fill('Que bom ter você aqui!');
      await form.getByLabel('Preço').fill('2,50');
      await form.getByLabel('Anexar fotos ou vídeos').setInputFiles({ name: 'oi.png', mimeType: 'image/png', buffer: await photo() });
      await form.getByRole('button', { name: 'Remover oi.png' }).waitFor();
      expect(uploads).toHaveLength(1);
      await form.getByRole('button', { name: 'Criar modelo' }).click();
      await view.getByRole('status').filter({ hasText: 'Modelo “Boas-vindas” criado.' }).waitFor();
      const row = view.getByRole('row', { name: /Boas-vindas/ });
      await expect.poll(() => row.getByRole('cell').allTextContents()).toEqual(['Que bom ter você aqui!', expect.stringMatching(/^R\$\s?2,50$/), '1', expect.any(String)]);

      await row.getByRole('button', { name: 'Editar Boas-vindas' }).click();
      await form.getByRole('heading', { name: 'Editar modelo' }).waitFor();
      await form.getByRole('button', { name: 'Remover Arquivo anexado 1' }).waitFor();
      expect(await form.getByLabel('Preço').inputValue()).toBe('2,50');
      await form.getByLabel('Nome do modelo').fill('Boas-vindas VIP');
      await form.getByRole('button', { name: 'Salvar modelo' }).click();
      await view.getByRole('status').filter({ hasText: 'Modelo “Boas-vindas VIP” salvo.' }).waitFor();
      const stored = await apiOk<{ data: MessageTemplateDto[] }>(e2e.server.origin, 'GET', '/message-templates', await apiLogin(e2e.server.origin, ana.email));
      expect(stored.data).toEqual([expect.objectContaining({ name: 'Boas-vindas VIP', text: 'Que bom ter você aqui!', price: 2.5, fileIds: [expect.any(String)] })]);

      await view.getByRole('row', { name: /Boas-vindas VIP/ }).getByRole('button', { name: 'Apagar Boas-vindas VIP' }).click();
      await view.getByRole('status').filter({ hasText: 'Modelo “Boas-vindas VIP” apagado.' }).waitFor();
      expect(dialogs).toEqual(['Apagar o modelo “Boas-vindas VIP”?']);
      await view.getByText('Você ainda não tem modelos.').waitFor();
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('sets up the automatic message for new subscribers, which a new subscriber gets, then turns it off and deletes it', async () => {
    const { context, page, dialogs } = await openAsAna(e2e.browser, e2e.server.origin);
    try {
      const origin = e2e.server.origin;
      await page.goto('/creator/messages/auto');
      const view = page.getByTestId('auto-messages');
      const subscribe = view.locator('[data-trigger="subscribe"]');
      await subscribe.getByText('Não configurada').waitFor();
      expect(await view.getByTestId('auto-message').count()).toBe(3);
      await subscribe.getByLabel('Texto').fill('Obrigada por assinar!');
      await subscribe.getByRole('button', { name: 'Salvar' }).click();
      await subscribe.getByRole('status').filter({ hasText: 'Mensagem automática salva: Quando alguém assina.' }).waitFor();
      await subscribe.getByText('Ativada', { exact: true }).first().waitFor();
      expect(await subscribe.getAttribute('data-state')).toBe('on');
      const anaToken = await apiLogin(origin, ana.email);
      expect((await apiOk<{ data: AutoMessageDto[] }>(origin, 'GET', '/auto-messages', anaToken)).data).toEqual([
        expect.objectContaining({ trigger: 'subscribe', text: 'Obrigada por assinar!', enabled: true }),
      ]);

      const newcomer = await newFan(origin, { email: 'novo.assinante@mensagens.test', name: 'Novo Assinante' });
      await topUpByPix(origin, newcomer, 9.9);
      await subscribeTo(origin, newcomer, ana.username);
      await expect.poll(async () => (await lastFromAna(origin, newcomer))?.text ?? null, { timeout: 30_000 }).toBe('Obrigada por assinar!');

      await subscribe.getByRole('checkbox', { name: 'Ativada' }).uncheck();
      await subscribe.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => subscribe.getAttribute('data-state')).toBe('off');
      await subscribe.getByText('Desativada').waitFor();

      await subscribe.getByRole('button', { name: 'Apagar' }).click();
      await expect.poll(() => subscribe.getAttribute('data-state')).toBe('notSet');
      expect(dialogs).toEqual(['Apagar a mensagem automática “Quando alguém assina”?']);
      expect((await apiOk<{ data: AutoMessageDto[] }>(origin, 'GET', '/auto-messages', anaToken)).data).toEqual([]);
      expect(await subscribe.getByLabel('Texto').inputValue()).toBe('');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it('keeps fans away from the messaging tools', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      await signIn(page, demo.fan.email);
      await waitForPath(page, '/home');
      expect(await mainNav(page).getByRole('link', { name: 'Ferramentas de mensagens' }).count()).toBe(0);
      for (const path of ['/creator/messages/mass', '/creator/messages/templates', '/creator/messages/auto', '/creator/messages/lists']) {
        await page.goto(path);
        await waitForPath(page, '/home');
      }
    } finally {
      await context.close();
    }
  });
});
