/**
 * Money end to end, in Chromium against the real server (issue 4, "must show"):
 *
 * 1. On the platform's own origin a fan tops up 25.00 by PIX in `<fan-wallet-topup>`;
 *    the PIX sandbox's page (opened from the element's link) is paid with its Pay
 *    button, and the balance the element shows goes from 50.00 to 75.00 by itself.
 * 2. On a partner's page (another origin, on creator ana.lima's allowed list) the fan
 *    signs in through the platform popup from `<fan-login>`, tips 10.00 from
 *    `<fan-tip-button creator="ana.lima">`, confirming the server's quote in the bridge's
 *    own dialog (the bridge sends that same request itself). The balance shown on that
 *    page drops to 65.00 live, and the creator, listening on a socket of their own,
 *    receives `update_balance` with exactly the tip's earnings.
 *
 * Every wait is on something happening, with a deadline; there are no sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { apiGet, allowOrigin, signInApi } from '../support/api.js';
import { confirmWhenArmed } from '../support/bridge-dialog.js';
import { answerSiteConfirms } from '../support/site-confirm.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { startSite, type Site } from '../support/third-party-site.js';

const creator = { email: 'creator1@fandeck.local', password: 'fandeck-demo', username: 'ana.lima', name: 'Ana Lima' };
const fan = { email: 'fan2@fandeck.local', password: 'fandeck-demo' };

/** The creator's live connection, as the platform site opens it: token in the handshake, then `auth/login`. */
async function creatorSocket(platform: string, token: string): Promise<{ socket: Socket; credits: number[] }> {
  const socket = io(platform, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false });
  const credits: number[] = [];
  socket.on('update_balance', (payload: { token?: unknown }) => credits.push(Number(payload?.token)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('creator socket did not connect')), 15_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error) => reject(error));
  });
  const answer = (await socket.timeout(10_000).emitWithAck('auth/login', { token })) as { ok?: boolean };
  if (!answer?.ok) throw new Error('creator socket sign-in refused');
  return { socket, credits };
}

const loaderTag = (platform: string, extra = '') => `<script src="${platform}/embed.js" async data-locale="pt-BR" ${extra}></script>`;

function walletPage(platform: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Carteira</title>${loaderTag(platform)}</head>
<body><fan-wallet-topup id="wallet" amount="25"></fan-wallet-topup></body></html>`;
}

function partnerPage(platform: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja da Ana</title>
${loaderTag(platform, `data-creator="${creator.username}"`)}
<script>
  window.tipsSent = [];
  document.addEventListener('fan-tip-sent', (event) => window.tipsSent.push({ detail: event.detail, composed: event.composed, target: event.target.id }));
</script></head>
<body><h1>Loja da Ana</h1>
<fan-login id="login"></fan-login>
<fan-tip-button id="tip" creator="${creator.username}"></fan-tip-button>
</body></html>`;
}

/** The balance an element shows, normalised (`R$ 75,00`). */
async function shownBalance(page: Page, selector: string): Promise<string> {
  const text = (await page.locator(selector).locator('[part="balance"]').first().textContent()) ?? '';
  return text.replace(/\s/g, ' ');
}

describe('a fan tops up by PIX and tips a creator from a third-party page; both balances change live', () => {
  let server: RunningServer;
  let browser: Browser;
  let partner: Site;
  let creatorToken: string;
  let creatorLive: Awaited<ReturnType<typeof creatorSocket>> | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    partner = await startSite({ '/': () => partnerPage(server.origin) });
    creatorToken = await signInApi(server.origin, creator.email, creator.password);
    await allowOrigin(server.origin, creatorToken, partner);
  });

  afterAll(async () => {
    creatorLive?.socket.close();
    for (const context of contexts) await context.close().catch(() => undefined);
    await partner?.close();
    await browser?.close();
    await server?.stop();
  });

  it('tops up 25.00 by PIX on the platform: the sandbox is paid and the balance shown becomes 75.00 by itself', async () => {
    const fanToken = await signInApi(server.origin, fan.email, fan.password);
    const { context, page } = await openPage(browser, server.origin);
    contexts.push(context);
    await context.addCookies([{ name: 'token', value: fanToken, url: server.origin, sameSite: 'Lax' }]);
    // A page on the platform's own origin: the element talks to the API directly.
    await page.route(`${server.origin}/wallet-e2e.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: walletPage(server.origin) }));
    // Same origin, the platform's confirm is its own dialog in the page, worded from the server's quote.
    const { texts: dialogs } = await answerSiteConfirms(page);
    await page.goto('/wallet-e2e.html');

    const wallet = page.locator('#wallet');
    await expect.poll(() => shownBalance(page, '#wallet')).toBe('Saldo: R$ 50,00');
    await wallet.getByRole('button', { name: /Pagar R\$\s?25,00 com PIX/ }).click();
    await wallet.getByRole('img', { name: /QR code do PIX de R\$\s?25,00/ }).waitFor();
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toMatch(/^Recarregar carteira R\$\s?25,00 /);
    const brCode = await wallet.locator('[part="pix-code"]').inputValue();
    expect(brCode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    await expect.poll(() => wallet.locator('[part="status"]').textContent()).toBe('Aguardando o pagamento…');

    // The sandbox stands in for the fan's bank: its page, opened from the element, pays the PIX.
    const [sandbox] = await Promise.all([context.waitForEvent('page'), wallet.getByRole('link', { name: 'Abrir a página de pagamento de teste' }).click()]);
    await sandbox.waitForLoadState();
    expect(await sandbox.locator('#code').inputValue()).toBe(brCode);
    await sandbox.locator('#pay').click();

    await expect.poll(() => wallet.locator('[part="status"]').getAttribute('data-state')).toBe('paid');
    await expect.poll(() => shownBalance(page, '#wallet')).toBe('Saldo: R$ 75,00');
    expect((await apiGet<{ balance: number }>(server.origin, '/users/me', fanToken)).body?.data?.balance).toBe(75);
    await sandbox.close();
  });

  it('tips 10.00 from <fan-tip-button> on the partner page, confirmed in the bridge, and both sides see it live', async () => {
    creatorLive = await creatorSocket(server.origin, creatorToken);
    const { context, page } = await openPage(browser, partner.origin);
    contexts.push(context);
    await page.goto('/');
    const login = page.locator('#login');
    const tip = page.locator('#tip');

    // Signed out, the tip panel offers the platform's sign-in; the fan uses <fan-login>'s popup.
    await tip.locator('[part="button"]').click();
    await tip.locator('[part="sign-in"]').waitFor();
    const [popup] = await Promise.all([page.waitForEvent('popup'), login.getByRole('button', { name: 'Entrar' }).click()]);
    await popup.getByLabel('E-mail ou nome de usuário').fill(fan.email);
    await popup.getByLabel('Senha').fill(fan.password);
    await popup.getByRole('button', { name: 'Entrar' }).click();
    await popup.waitForEvent('close');
    await expect.poll(() => login.locator('[part="name"]').textContent()).toBe('Fan Two');

    await tip.locator('[part="form"]').waitFor();
    await expect.poll(() => shownBalance(page, '#tip')).toBe('Seu saldo: R$ 75,00');
    expect(await tip.locator('[part="heading"]').textContent()).toBe('Gorjeta para Ana Lima');
    expect(await tip.locator('[part="amount-input"]').inputValue()).toBe('10');
    await tip.locator('[part="message"]').fill('Obrigado pelo conteúdo!');
    await tip.getByRole('button', { name: /Enviar R\$\s?10,00/ }).click();

    // The bridge's own dialog, on the platform origin, with the platform's facts.
    const bridge = page.frameLocator('iframe[data-fandeck-bridge]');
    const dialog = bridge.getByRole('alertdialog');
    await dialog.waitFor();
    const shown = (await dialog.textContent()) ?? '';
    expect(shown).toContain(creator.name);
    expect(shown).toMatch(/R\$\s?10,00/);
    expect(shown).toContain(partner.origin);
    await confirmWhenArmed(bridge);

    await expect.poll(() => page.evaluate(() => (window as unknown as { tipsSent: unknown[] }).tipsSent.length)).toBe(1);
    const [sent] = await page.evaluate(() => (window as unknown as { tipsSent: { detail: { chargeId: string; creatorId: string; amount: number }; composed: boolean; target: string }[] }).tipsSent);
    expect(sent?.composed).toBe(true);
    expect(sent?.target).toBe('tip');
    expect(sent?.detail.amount).toBe(10);
    const ana = await apiGet<{ _id: string }>(server.origin, `/performers/${creator.username}`);
    expect(sent?.detail.creatorId).toBe(ana.body?.data?._id);

    // The fan's side: the balance on the partner page drops by 10 through the bridge's live channel.
    await expect.poll(() => shownBalance(page, '#tip')).toBe('Seu saldo: R$ 65,00');
    expect(await tip.locator('[part="sent"]').textContent()).toMatch(/Gorjeta de R\$\s?10,00 enviada para Ana Lima/);

    // The creator's side: update_balance with exactly this tip's earnings.
    const charges = await apiGet<{ data: { _id: string; earnings?: number; price: number; message: string | null }[] }>(
      server.origin,
      '/wallet/charges/search?target=tip',
      creatorToken,
    );
    const charge = charges.body?.data?.data.find((item) => item._id === sent?.detail.chargeId);
    expect(charge).toMatchObject({ price: 10, message: 'Obrigado pelo conteúdo!' });
    expect(charge?.earnings).toBeGreaterThan(0);
    expect(charge?.earnings).toBeLessThan(10);
    await expect.poll(() => creatorLive?.credits).toEqual([charge?.earnings]);
  });
});
