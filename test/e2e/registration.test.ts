import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ReferralCode, ReferralDto } from '@fandeck/contract';
import { launchBrowser, openPage, tokenCookie } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { api, apiLogin, demo, setSettings, waitForPath } from './host-flows.js';

// The start of a PNG: enough for the server's type sniffing (the creator-review test sends the same).
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const password = 'senha-nova-123';

interface Me {
  email: string;
  username: string;
  name: string;
  phone: string | null;
  isPerformer: boolean;
  verifiedDocument?: boolean;
}

type SentForms = Window & { sentFiles?: string[][] };

interface PendingCreator {
  email: string;
  username: string | null;
  documents: { side: 'front' | 'back'; name: string; mimeType: string }[];
}

/** The texts under a field (its hint and error), as a screen reader announces them with it. */
function descriptionOf(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

/** Fills the account part both forms share (pt-BR labels) and accepts the terms. */
async function fillAccount(page: Page, values: { username: string; email: string }): Promise<void> {
  await page.getByLabel('Nome de usuário', { exact: true }).fill(values.username);
  await page.getByLabel('E-mail', { exact: true }).fill(values.email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirme a senha', { exact: true }).fill(password);
  await page.getByLabel('Li e aceito os termos de uso e a política de privacidade.').check();
}

async function referralsOf(origin: string, token: string): Promise<ReferralDto[]> {
  const answer = await api<{ data: ReferralDto[] }>(origin, 'GET', '/referrals/user/search?limit=50', { token });
  expect(answer.status).toBe(200);
  return answer.data!.data;
}

describe('registering on the host site', () => {
  let server: RunningServer;
  let browser: Browser;
  let creatorToken: string;
  let referral: ReferralCode;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    creatorToken = await apiLogin(server.origin, demo.creator.email);
    const answer = await api<ReferralCode>(server.origin, 'GET', '/referrals/user/code', { token: creatorToken });
    expect(answer.status).toBe(200);
    referral = answer.data!;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('registers a fan from a creator’s referral link, signs them in at /home, and lists them as the creator’s referral', async () => {
    const link = new URL(referral.link);
    expect(link.origin).toBe(server.origin);
    expect(link.searchParams.get('ref')).toBe(referral.code);
    expect((await referralsOf(server.origin, creatorToken)).map((r) => r.registrationInfo.username)).not.toContain('fanindicado');

    const { context, page } = await openPage(browser, server.origin);
    try {
      await page.goto(link.pathname + link.search);
      expect(await page.getByTestId('referral-code').textContent()).toBe(`Indicado por código ${referral.code}`);
      await page.getByLabel('Nome', { exact: true }).fill('Fã Indicado');
      await fillAccount(page, { username: 'fanindicado', email: 'fan.indicado@example.test' });
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await waitForPath(page, '/home');

      const token = await tokenCookie(context);
      expect(token).toBeTruthy();
      const me = await api<Me>(server.origin, 'GET', '/users/me', { token: token! });
      expect(me.data).toMatchObject({ email: 'fan.indicado@example.test', username: 'fanindicado', name: 'Fã Indicado', isPerformer: false });

      const referrals = await referralsOf(server.origin, creatorToken);
      expect(referrals.map((r) => [r.registrationInfo.username, r.registrationInfo.role])).toContainEqual(['fanindicado', 'user']);
    } finally {
      await context.close();
    }
  });

  it('shows a taken username under its field, in Portuguese, and creates nothing', async () => {
    const taken = await api(server.origin, 'POST', '/auth/users/register', { body: { email: 'ja.existe@example.test', password, username: 'jaexiste' } });
    expect(taken.status).toBe(200);

    const { context, page } = await openPage(browser, server.origin);
    try {
      await page.goto('/auth/login');
      await page.getByRole('link', { name: 'Cadastre-se como fã' }).click();
      await waitForPath(page, '/auth/register');
      await page.getByLabel('Nome', { exact: true }).fill('Outra Pessoa');
      await fillAccount(page, { username: 'jaexiste', email: 'outra.pessoa@example.test' });
      await page.getByRole('button', { name: 'Criar conta' }).click();

      const username = page.getByLabel('Nome de usuário', { exact: true });
      await page.locator('input[name="username"][aria-invalid="true"]').waitFor();
      expect(await descriptionOf(username)).toContain('Este nome de usuário já está em uso.');
      expect(await page.getByTestId('registration-error').textContent()).toBe('Confira os campos marcados.');
      // The reader lands on the field to fix; the other fields are not marked.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
      expect(await page.locator('[aria-invalid="true"]').count()).toBe(1);

      expect(new URL(page.url()).pathname).toBe('/auth/register');
      expect(await tokenCookie(context)).toBeUndefined();
      const signIn = await api(server.origin, 'POST', '/auth/login', { body: { username: 'outra.pessoa@example.test', password } });
      expect(signIn.status).toBe(422);
    } finally {
      await context.close();
    }
  });

  it('registers a creator with both ID documents and tells them the account awaits review', async () => {
    const { context, page } = await openPage(browser, server.origin);
    // The multipart body of an upload is not visible to the test's network view, so the
    // page's own XHR notes the file names of each form it sends.
    await page.addInitScript(() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof FormData) {
          const files: string[][] = [];
          body.forEach((value, field) => {
            if (value instanceof File) files.push([field, value.name]);
          });
          (window as SentForms).sentFiles = files;
        }
        send.call(this, body);
      };
    });
    try {
      await page.goto(`/auth/register/creator?ref=${referral.code}`);
      expect(await page.getByTestId('referral-code').textContent()).toBe(`Indicado por código ${referral.code}`);
      await page.getByLabel('Nome', { exact: true }).fill('Nova');
      await page.getByLabel('Sobrenome', { exact: true }).fill('Criadora');
      await page.getByLabel('Data de nascimento').fill('1994-05-06');
      await page.getByLabel('Gênero').selectOption('female');
      // The pt-BR reader's country comes chosen; the phone is typed without its dial code.
      expect(await page.getByLabel('País').inputValue()).toBe('BR');
      await page.getByLabel('Telefone').fill('11 91234-5678');
      await fillAccount(page, { username: 'novacriadora', email: 'nova.criadora@example.test' });
      await page.getByLabel('Frente do documento').setInputFiles({ name: 'RG frente ção.png', mimeType: 'image/png', buffer: PNG });
      await page.getByLabel('Verso do documento').setInputFiles({ name: 'verso.png', mimeType: 'image/png', buffer: PNG });

      await page.getByRole('button', { name: 'Enviar cadastro' }).click();
      await page.getByRole('heading', { name: 'Cadastro em análise' }).waitFor();
      expect(await page.getByTestId('registration-pending').textContent()).toContain('aguarda a aprovação da equipe');
      // Spec section 5: the file names are cleaned before they leave the browser.
      expect(await page.evaluate(() => (window as SentForms).sentFiles)).toEqual([
        ['idVerification', 'RG_frente___o.png'],
        ['documentVerification', 'verso.png'],
      ]);
      expect(await tokenCookie(context)).toBeUndefined();
    } finally {
      await context.close();
    }

    const adminToken = await apiLogin(server.origin, demo.admin.email);
    const pending = await api<{ data: PendingCreator[] }>(server.origin, 'GET', '/admin/performers/pending-review', { token: adminToken });
    const creator = pending.data?.data.find((item) => item.email === 'nova.criadora@example.test');
    expect(creator?.username).toBe('novacriadora');
    expect(creator?.documents.map((d) => [d.side, d.name, d.mimeType])).toEqual([
      ['front', 'RG_frente___o.png', 'image/png'],
      ['back', 'verso.png', 'image/png'],
    ]);

    const token = await apiLogin(server.origin, 'nova.criadora@example.test', password);
    const me = await api<Me>(server.origin, 'GET', '/users/me', { token });
    expect(me.data).toMatchObject({ username: 'novacriadora', isPerformer: true, verifiedDocument: false, phone: '+5511912345678' });
    const referrals = await referralsOf(server.origin, creatorToken);
    expect(referrals.map((r) => [r.registrationInfo.username, r.registrationInfo.role])).toContainEqual(['novacriadora', 'performer']);
  });

  it('asks a new fan to confirm their email, without signing in, when the site requires it', async () => {
    await setSettings(server.origin, { requireEmailVerification: true });
    const { context, page } = await openPage(browser, server.origin);
    try {
      await page.goto('/auth/register');
      await page.getByLabel('Nome', { exact: true }).fill('Fã Confirmando');
      await fillAccount(page, { username: 'faconfirma', email: 'fa.confirma@example.test' });
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await page.getByRole('heading', { name: 'Confira seu e-mail' }).waitFor();
      expect(await page.getByTestId('registration-done').textContent()).toContain('Enviamos um link de confirmação para fa.confirma@example.test');
      expect(new URL(page.url()).pathname).toBe('/auth/register');
      expect(await tokenCookie(context)).toBeUndefined();
      const signIn = await api<unknown>(server.origin, 'POST', '/auth/login', { body: { username: 'fa.confirma@example.test', password } });
      expect(signIn.status).toBe(422);
      expect((signIn.body as { code?: string }).code).toBe('auth.email_not_verified');
    } finally {
      await context.close();
      await setSettings(server.origin, { requireEmailVerification: false });
    }
  });
});
