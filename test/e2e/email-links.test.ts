import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openPage, tokenCookie } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { mailedLink, outboxFiles, readOutbox } from '../support/mail-outbox.js';
import { api, setSettings, submitLogin, waitForPath } from './host-flows.js';
import { seeCalls } from './seen-calls.js';

const password = 'senha-antiga-123';
const newPassword = 'senha-nova-456';

interface SentRequest {
  url: string;
  headers: Record<string, string>;
}

/** Every request the context's pages send (documents, scripts, API calls), with its headers. */
function recordRequests(context: BrowserContext): SentRequest[] {
  const sent: SentRequest[] = [];
  context.on('request', (request) => sent.push({ url: request.url(), headers: request.headers() }));
  return sent;
}

/** No request carried the token in its address or a header (a referrer, say); only a body may. */
function expectNowhereButBodies(sent: SentRequest[], token: string): void {
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.filter((request) => request.url.includes(token)).map((request) => request.url)).toEqual([]);
  expect(sent.filter((request) => Object.values(request.headers).some((value) => value.includes(token))).map((request) => request.url)).toEqual([]);
}

function tokenOf(link: URL): string {
  const token = new URLSearchParams(link.hash.slice(1)).get('token');
  expect(token).toBeTruthy();
  return token!;
}

async function registerFan(origin: string, email: string, username: string): Promise<{ requireEmailVerification: boolean }> {
  const answer = await api<{ requireEmailVerification: boolean }>(origin, 'POST', '/auth/users/register', { body: { email, username, name: 'Fã Link', password } });
  expect(answer.status).toBe(200);
  return answer.data!;
}

async function loginCode(origin: string, email: string, secret: string): Promise<{ status: number; code: string | undefined }> {
  const answer = await api(origin, 'POST', '/auth/login', { body: { username: email, password: secret } });
  return { status: answer.status, code: (answer.body as { code?: string } | undefined)?.code };
}

/** The address bar as the reader sees it once the page has shown `heading`. */
async function addressAfter(page: Page, heading: string): Promise<URL> {
  await page.getByRole('heading', { name: heading }).waitFor();
  return new URL(page.url());
}

describe('the pages of mailed links', () => {
  const e2e = useServerAndBrowser();

  it('verifies a new account from the mailed link, after which signing in works', async () => {
    const { server, browser } = e2e;
    const email = 'fa.verifica@example.test';
    await setSettings(server.origin, { requireEmailVerification: true });
    try {
      expect((await registerFan(server.origin, email, 'faverifica')).requireEmailVerification).toBe(true);
      expect(await loginCode(server.origin, email, password)).toEqual({ status: 422, code: 'auth.email_not_verified' });
      const link = await mailedLink(server.dataDir, email, '/auth/verify-email');
      expect(link.origin).toBe(server.origin);
      const token = tokenOf(link);

      const { context, page } = await openPage(browser, server.origin);
      const sent = recordRequests(context);
      const confirms = await seeCalls(page, 'POST', '/auth/email-verification/confirm');
      try {
        await page.goto(link.href);
        const address = await addressAfter(page, 'E-mail confirmado');
        // The fragment left the address bar and the history entry; the path stayed.
        expect([address.pathname, address.hash]).toEqual(['/auth/verify-email', '']);
        expect(await page.evaluate(() => window.location.href)).toBe(`${server.origin}/auth/verify-email`);
        expect(await page.getByTestId('verify-email-done').textContent()).toContain('Agora você já pode entrar.');
        // The token went once, in the body.
        expect(confirms.map((call) => call.body)).toEqual([{ token }]);
        expect(await loginCode(server.origin, email, 'not the password')).toMatchObject({ code: 'auth.incorrect_credentials' });

        await page.getByRole('link', { name: 'Ir para o login' }).click();
        await waitForPath(page, '/auth/login');
        await submitLogin(page, email, password);
        await waitForPath(page, '/home');
        expect(await tokenCookie(context)).toBeTruthy();
        expectNowhereButBodies(sent, token);
      } finally {
        await context.close();
      }
    } finally {
      await setSettings(server.origin, { requireEmailVerification: false });
    }
  });

  it('resets a password through the login page’s forgot flow: the new one signs in, the old one no longer does', async () => {
    const { server, browser } = e2e;
    const email = 'fa.esqueceu@example.test';
    await registerFan(server.origin, email, 'faesqueceu');
    const { context, page } = await openPage(browser, server.origin);
    const sent = recordRequests(context);
    const resets = await seeCalls(page, 'POST', '/auth/users/reset-password');
    try {
      const before = await outboxFiles(server.dataDir);
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Enviar link' }).click();
      await page.getByText('Se este endereço tiver uma conta, um link de redefinição está a caminho.').waitFor();

      const link = await mailedLink(server.dataDir, email, '/auth/reset-password', before);
      expect(link.origin).toBe(server.origin);
      const token = tokenOf(link);
      await page.goto(link.href);
      const address = await addressAfter(page, 'Criar nova senha');
      expect([address.pathname, address.hash]).toEqual(['/auth/reset-password', '']);

      // A short password is refused here, under its field, and nothing is sent.
      await page.getByLabel('Nova senha', { exact: true }).fill('curta');
      await page.getByLabel('Confirme a nova senha').fill('curta');
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await page.locator('input[name="password"][aria-invalid="true"]').waitFor();
      expect(await page.getByRole('alert').allTextContents()).toContain('A senha precisa ter de 8 a 128 caracteres.');
      expect(resets).toEqual([]);

      await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirme a nova senha').fill(newPassword);
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await page.getByRole('heading', { name: 'Senha alterada' }).waitFor();
      expect(resets.map((call) => call.body)).toEqual([{ token, password: newPassword }]);

      expect(await loginCode(server.origin, email, password)).toEqual({ status: 422, code: 'auth.incorrect_credentials' });
      await page.getByRole('link', { name: 'Ir para o login' }).click();
      await waitForPath(page, '/auth/login');
      await submitLogin(page, email, newPassword);
      await waitForPath(page, '/home');

      // The link was single-use: opened again, the server's refusal is shown by its code, with a way to a new link.
      await page.goto(link.href);
      await page.getByLabel('Nova senha', { exact: true }).fill('outra-senha-789');
      await page.getByLabel('Confirme a nova senha').fill('outra-senha-789');
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await page.getByRole('heading', { name: 'Link de redefinição inválido' }).waitFor();
      expect(await page.getByTestId('link-error').textContent()).toBe('Este link de redefinição de senha é inválido ou expirou.');
      expect(await loginCode(server.origin, email, 'outra-senha-789')).toMatchObject({ status: 422 });
      expect(await page.getByRole('button', { name: 'Enviar novo link' }).isVisible()).toBe(true);
      expectNowhereButBodies(sent, token);
    } finally {
      await context.close();
    }
  });

  it('changes username, email and password from the account settings on a phone, each refusal beside its field with the input kept', async () => {
    const { server, browser } = e2e;
    const email = 'fa.muda@example.test';
    const moved = 'fa.mudou@example.test';
    await registerFan(server.origin, email, 'famuda');
    await registerFan(server.origin, 'fa.vizinha@example.test', 'favizinha');
    // Another device of the same fan, signed in before the password changes.
    const elsewhere = (await api<{ token: string }>(server.origin, 'POST', '/auth/login', { body: { username: email, password } })).data!.token;
    const { context, page } = await openPage(browser, server.origin);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/auth/login');
      await submitLogin(page, email, password);
      await waitForPath(page, '/home');
      await page.goto('/user/account');
      await page.getByRole('heading', { level: 1, name: 'Sua conta' }).waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Username: a taken one is refused by the server, said under the field, the input kept.
      const profile = page.getByTestId('account-profile');
      const username = profile.getByLabel('Nome de usuário');
      await username.fill('favizinha');
      await profile.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true');
      expect(await profile.getByRole('alert').textContent()).toBe('Este nome de usuário já está em uso.');
      expect(await username.inputValue()).toBe('favizinha');
      await username.fill('famudou');
      await profile.getByRole('button', { name: 'Salvar' }).click();
      await profile.getByRole('status').filter({ hasText: 'Alterações salvas' }).waitFor();

      // Email: a wrong password is refused beside the password; the address typed stays.
      const section = page.getByTestId('account-email');
      await section.getByLabel('Novo e-mail').fill(moved);
      await section.getByLabel('Senha atual').fill('not-my-password');
      await section.getByRole('button', { name: 'Enviar link de confirmação' }).click();
      await expect.poll(() => section.getByLabel('Senha atual').getAttribute('aria-invalid')).toBe('true');
      expect(await section.getByRole('alert').textContent()).toBe('A senha atual não está correta.');
      expect(await section.getByLabel('Novo e-mail').inputValue()).toBe(moved);
      const before = await outboxFiles(server.dataDir);
      await section.getByLabel('Senha atual').fill(password);
      await section.getByRole('button', { name: 'Enviar link de confirmação' }).click();
      await section.getByRole('status').filter({ hasText: `Enviamos um link para ${moved}.` }).waitFor();
      // Until the link is opened the old address is the account's, and signs in.
      expect(await section.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email);
      expect((await loginCode(server.origin, email, password)).status).toBe(200);
      const link = await mailedLink(server.dataDir, moved, '/auth/verify-email', before);
      await page.goto(link.href);
      await page.getByRole('heading', { name: 'E-mail confirmado' }).waitFor();
      expect(await loginCode(server.origin, email, password)).toMatchObject({ status: 422 });
      expect((await loginCode(server.origin, moved, password)).status).toBe(200);

      // Password: the current one is needed; the change keeps this session and ends the others.
      await page.goto('/user/account');
      const secret = page.getByTestId('account-password');
      await secret.getByLabel('Senha atual').fill(password);
      await secret.getByLabel('Nova senha', { exact: true }).fill(newPassword);
      await secret.getByLabel('Repita a nova senha').fill('outra-coisa-000');
      await secret.getByRole('button', { name: 'Trocar senha' }).click();
      expect(await secret.getByRole('alert').textContent()).toBe('As duas senhas não são iguais.');
      await secret.getByLabel('Repita a nova senha').fill(newPassword);
      await secret.getByRole('button', { name: 'Trocar senha' }).click();
      await secret.getByRole('status').filter({ hasText: 'Senha trocada.' }).waitFor();
      expect((await api(server.origin, 'GET', '/users/me', { token: elsewhere })).status).toBe(401);
      const mine = await api<{ email: string; username: string }>(server.origin, 'GET', '/users/me', { token: await tokenCookie(context) });
      expect(mine.data).toMatchObject({ email: moved, username: 'famudou' });
      await page.reload();
      await page.getByTestId('account-password').waitFor();
      expect(await page.getByTestId('account-email').getByLabel('E-mail', { exact: true }).inputValue()).toBe(moved);
    } finally {
      await context.close();
    }
  });

  it('says a verification link is invalid, and mails a new one from the form beside the error', async () => {
    const { server, browser } = e2e;
    const email = 'fa.reenvia@example.test';
    await setSettings(server.origin, { requireEmailVerification: true });
    const { context, page } = await openPage(browser, server.origin);
    const sent = recordRequests(context);
    const confirms = await seeCalls(page, 'POST', '/auth/email-verification/confirm');
    try {
      await registerFan(server.origin, email, 'fareenvia');
      const first = await mailedLink(server.dataDir, email, '/auth/verify-email');
      const before = await outboxFiles(server.dataDir);

      await page.goto('/auth/verify-email#token=not-a-real-token');
      const address = await addressAfter(page, 'Não foi possível confirmar seu e-mail');
      expect(address.hash).toBe('');
      expect(await page.getByTestId('link-error').textContent()).toBe('Este link de confirmação é inválido ou expirou.');
      expect(confirms.map((call) => call.body)).toEqual([{ token: 'not-a-real-token' }]);

      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Reenviar link de confirmação' }).click();
      expect(await page.getByTestId('link-request-sent').textContent()).toBe('Se este e-mail ainda precisar de confirmação, um novo link está a caminho.');
      const second = await mailedLink(server.dataDir, email, '/auth/verify-email', before);
      expect(tokenOf(second)).not.toBe(tokenOf(first));
      expectNowhereButBodies(sent, 'not-a-real-token');

      // Without a token the page says so and asks the server nothing.
      await page.goto('/auth/verify-email');
      await page.getByRole('heading', { name: 'Não foi possível confirmar seu e-mail' }).waitFor();
      expect(await page.getByTestId('link-error').textContent()).toContain('Este link está incompleto.');
      expect(confirms).toHaveLength(1);
    } finally {
      await context.close();
      await setSettings(server.origin, { requireEmailVerification: false });
    }
  });

  it('says a reset link is invalid when the server refuses it, and mails a new one', async () => {
    const { server, browser } = e2e;
    const email = 'fa.novolink@example.test';
    await registerFan(server.origin, email, 'fanovolink');
    const { context, page } = await openPage(browser, server.origin);
    const sent = recordRequests(context);
    try {
      await page.goto('/auth/reset-password#token=bogus-reset-token');
      expect((await addressAfter(page, 'Criar nova senha')).hash).toBe('');
      await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirme a nova senha').fill(newPassword);
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await page.getByRole('heading', { name: 'Link de redefinição inválido' }).waitFor();
      expect(await page.getByTestId('link-error').textContent()).toBe('Este link de redefinição de senha é inválido ou expirou.');
      expect(await loginCode(server.origin, email, password)).toMatchObject({ status: 200 });

      const before = await outboxFiles(server.dataDir);
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Enviar novo link' }).click();
      expect(await page.getByTestId('link-request-sent').textContent()).toBe('Se este endereço tiver uma conta, um link de redefinição está a caminho.');
      expect((await mailedLink(server.dataDir, email, '/auth/reset-password', before)).pathname).toBe('/auth/reset-password');
      expectNowhereButBodies(sent, 'bogus-reset-token');
      expect((await readOutbox(server.dataDir)).length).toBeGreaterThan(before.size);
    } finally {
      await context.close();
    }
  });

  it('counts a mailed link’s page view without its token when the analytics tag is on', async () => {
    const { server, browser } = e2e;
    await setSettings(server.origin, { gaCode: 'G-FANDECK42' });
    const { context, page } = await openPage(browser, server.origin);
    // No network outside: the tag's script is answered empty, so its queue (window.dataLayer) keeps the calls.
    await context.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    const sent = recordRequests(context);
    const views = () =>
      page.evaluate(() =>
        ((window as { dataLayer?: unknown[] }).dataLayer ?? [])
          .map((entry) => Array.from(entry as ArrayLike<unknown>))
          .filter((call) => call[0] === 'event' && call[1] === 'page_view')
          .map((call) => JSON.stringify(call[2])),
      );
    try {
      await page.goto('/auth/reset-password#token=analytics-probe-token');
      await page.getByRole('heading', { name: 'Criar nova senha' }).waitFor();
      await expect.poll(async () => (await views()).length).toBe(1);
      const [view] = await views();
      expect(JSON.parse(view!)).toMatchObject({ page_path: '/auth/reset-password', page_location: `${server.origin}/auth/reset-password` });
      expect(view).not.toContain('analytics-probe-token');
      expectNowhereButBodies(sent, 'analytics-probe-token');
    } finally {
      await context.close();
      await setSettings(server.origin, { gaCode: '' });
    }
  });
});
