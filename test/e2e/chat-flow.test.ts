/**
 * Direct messages end to end, in Chromium against the real server (issue 11, "must show"):
 *
 * 1. On a partner's page (an origin on creator ana.lima's allowed list) fan1 signs in
 *    through `<fan-login>`'s platform popup; `<fan-chat-inbox creator="ana.lima">` opens
 *    the conversation with Ana; the fan writes and sends a message. The page receives
 *    `fan-message-sent` and the message shows as stored, no longer pending.
 * 2. Ana, signed in on the platform's own site, opens /messages?conversation=<id>, reads
 *    the fan's message and answers with a photo priced 5,00. For her it is not locked: she
 *    sees the photo and what it costs.
 * 3. On the partner page, never reloaded, the answer arrives live through the bridge,
 *    locked with its price. The fan unlocks it, confirming the server's quote (Ana, 5,00)
 *    in the bridge's own dialog; the photo then loads: the bridge fetches it with the fan's
 *    credential from a link signed for the fan (a partner page's <img> carries no session)
 *    and the page shows those bytes. The wallet lost exactly the price, and the API answers
 *    the message as bought.
 *
 * Every wait is on something happening, with a deadline; there are no sleeps.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { ConversationDto, MessageDto, PayQuote } from '@fandeck/contract';
import { apiGet, allowOrigin, signInApi } from '../support/api.js';
import { confirmWhenArmed } from '../support/bridge-dialog.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { recordApiRequests, type SeenRequest } from '../support/hostile-bridge.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { brl, cents, normalised } from '../support/subscriber-posts.js';
import { startSite, type Site } from '../support/third-party-site.js';
import { signInThroughPopup } from '../support/login-popup.js';
import { signIn, waitForPath } from './host-flows.js';

const password = 'fandeck-demo';
const creator = { email: 'creator1@fandeck.local', username: 'ana.lima', name: 'Ana Lima' };
const fan = { email: 'fan1@fandeck.local', name: 'Fã Um' };
const fanText = 'Oi Ana! Adorei o ensaio de Lisboa. Tem mais fotos?';
const answerText = 'Tenho sim! Esta é só para você.';
const price = 5;

type Sent = { detail: { conversationId: string; messageId: string; clientId: string }; composed: boolean; bubbles: boolean; target: string };

const loaderTag = (platform: string) => `<script src="${platform}/embed.js" async data-locale="pt-BR" data-creator="${creator.username}"></script>`;

/** A partner's page where fans write to Ana. */
function partnerPage(platform: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Fã-clube da Ana</title>${loaderTag(platform)}
<script>
  window.messagesSent = [];
  document.addEventListener('fan-message-sent', (event) => window.messagesSent.push({ detail: event.detail, composed: event.composed, bubbles: event.bubbles, target: event.target.id }));
</script></head>
<body><h1>Fã-clube da Ana</h1>
<fan-login id="login"></fan-login>
<fan-chat-inbox id="inbox" creator="${creator.username}"></fan-chat-inbox>
</body></html>`;
}

async function apiSend<T>(origin: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: { accept: 'application/json', authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}

/** A conversation's messages as `token`'s owner reads them from the API. */
async function messagesOf(origin: string, conversationId: string, token: string): Promise<MessageDto[]> {
  const answer = await apiGet<{ data: MessageDto[] }>(origin, `/messages/conversations/${conversationId}`, token);
  expect(answer.status).toBe(200);
  return answer.body!.data!.data;
}

const balanceOf = async (origin: string, token: string) => (await apiGet<{ balance: number }>(origin, '/users/me', token)).body!.data!.balance;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A media link the server signed: `<platform>/api/media/files/<file>/<size>?v=<viewer>&e=…&s=…`. */
const signedLink = (platform: string) => new RegExp(`^${escaped(platform)}/api/media/files/[^/?]+/[^/?]+\\?v=[^&]+&e=\\d+&s=`);
/** An `<img>` has loaded a real picture. */
const loadedWidth = (image: Locator) => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

describe('a fan messages a creator from a third-party page; she answers with a paid photo from the host site; the fan unlocks it', () => {
  let server: RunningServer;
  let browser: Browser;
  let partner: Site;
  let creatorToken: string;
  let fanToken: string;
  let fanPage: Page;
  /** Every request the fan's browser sent to the platform's /api, from any frame, as the network saw it. */
  let fanRequests: SeenRequest[];
  let conversationId: string;
  let fanMessageId: string;
  let paidMessageId: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    partner = await startSite({ '/': () => partnerPage(server.origin) });
    [creatorToken, fanToken] = await Promise.all([signInApi(server.origin, creator.email, password), signInApi(server.origin, fan.email, password)]);
    await allowOrigin(server.origin, creatorToken, partner);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await partner?.close();
    await browser?.close();
    await server?.stop();
  });

  it('fan1 writes to Ana from <fan-chat-inbox> on a partner page: the page hears fan-message-sent and the message shows stored', async () => {
    const { context, page } = await openPage(browser, partner.origin);
    contexts.push(context);
    fanPage = page;
    fanRequests = recordApiRequests(context, server.origin);
    await page.goto('/');
    const inbox = page.locator('#inbox');
    await inbox.locator('[part~="inbox"][data-state="signed-out"]').waitFor();

    await signInThroughPopup(page, fan.email, password, fan.name);
    const thread = inbox.getByRole('article', { name: `Mensagens com ${creator.name}` });
    await thread.waitFor();
    expect(await inbox.locator('[part~="inbox"]').getAttribute('data-state')).toBe('thread');
    expect(normalised(await thread.locator('[part="thread-name"]').textContent())).toBe(creator.name);
    await thread.locator('[part="empty"]').waitFor();

    await thread.getByRole('textbox', { name: 'Mensagem' }).fill(fanText);
    await thread.getByRole('button', { name: 'Enviar', exact: true }).click();

    await expect.poll(() => page.evaluate(() => (window as unknown as { messagesSent: unknown[] }).messagesSent.length)).toBe(1);
    const [event] = await page.evaluate(() => (window as unknown as { messagesSent: Sent[] }).messagesSent);
    expect(event).toMatchObject({ composed: true, bubbles: true, target: 'inbox' });
    ({ conversationId, messageId: fanMessageId } = event!.detail);

    // Stored: the platform's id on it, nothing left pending in the thread.
    const mine = thread.locator(`[part~="message"][data-id="${fanMessageId}"]`);
    await mine.waitFor();
    expect(await mine.getAttribute('data-state')).toBe('sent');
    expect(await mine.getAttribute('data-mine')).toBe('true');
    expect(normalised(await mine.locator('[part="text"]').textContent())).toBe(fanText);
    expect(await thread.locator('[part~="message"][data-state="pending"], [part~="message"][data-state="waiting"], [part~="message"][data-state="failed"]').count()).toBe(0);
    expect(await thread.locator('[part~="message"]').count()).toBe(1);

    const conversations = await apiGet<{ data: ConversationDto[] }>(server.origin, '/conversations', fanToken);
    const withAna = conversations.body!.data!.data.find((conversation) => conversation._id === conversationId);
    expect(withAna?.recipientInfo?.username).toBe(creator.username);
    const stored = await messagesOf(server.origin, conversationId, fanToken);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ _id: fanMessageId, text: fanText, clientId: event!.detail.clientId, type: 'text', price: 0, isLocked: false });
    // Marks this document: seeing the marker later proves the page was never reloaded.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  });

  it('Ana reads it on the host site’s /messages and answers with a photo priced 5,00, which is not locked for her', async () => {
    const { context, page } = await openPage(browser, server.origin);
    contexts.push(context);
    await signIn(page, creator.email);
    await waitForPath(page, `/${creator.username}`);
    await page.goto(`/messages?conversation=${encodeURIComponent(conversationId)}`);

    const thread = page.getByTestId('messages-page').getByRole('article', { name: `Mensagens com ${fan.name}` });
    await thread.waitFor();
    const fromFan = thread.locator(`[part~="message"][data-id="${fanMessageId}"]`);
    await fromFan.waitFor();
    expect(await fromFan.getAttribute('data-mine')).toBeNull();
    expect(normalised(await fromFan.locator('[part="text"]').textContent())).toBe(fanText);

    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7fba' } }).jpeg().toBuffer();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), thread.getByRole('button', { name: 'Anexar foto, vídeo ou áudio' }).click()]);
    await chooser.setFiles({ name: 'lisboa-exclusiva.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await thread.locator('[part="attachment"][data-state="done"]').waitFor();
    await thread.getByLabel('Preço para desbloquear os arquivos').fill(String(price));
    await thread.getByRole('textbox', { name: 'Mensagem' }).fill(answerText);
    await thread.getByRole('button', { name: 'Enviar', exact: true }).click();

    // Stored: the paid photo as its sender sees it, open, with what it costs.
    const answer = thread.locator('[part~="message"][data-mine="true"][data-id]');
    await answer.waitFor();
    paidMessageId = (await answer.getAttribute('data-id'))!;
    expect(await answer.getAttribute('data-state')).toBe('sent');
    expect(normalised(await answer.locator('[part="text"]').textContent())).toBe(answerText);
    expect(normalised(await answer.locator('[part="price"]').textContent())).toBe(`Paga: ${brl(price)}`);
    expect(await answer.locator('[part="unlock"]').count()).toBe(0);
    const photo = answer.getByRole('img', { name: 'Foto', exact: true });
    expect(await photo.getAttribute('src')).toMatch(signedLink(server.origin));
    await expect.poll(() => loadedWidth(photo)).toBeGreaterThan(0);

    const asAna = (await messagesOf(server.origin, conversationId, creatorToken)).find((message) => message._id === paidMessageId);
    expect(asAna).toMatchObject({ text: answerText, type: 'photo', price, isLocked: false });
    expect(asAna!.files).toHaveLength(1);
    expect(asAna!.files[0]!.url).toMatch(/\/api\/media\/files\//);
  });

  it('the fan’s inbox, never reloaded, shows it locked with its price; unlocking after the bridge’s confirm loads the photo and costs exactly the price', async () => {
    const inbox = fanPage.locator('#inbox');
    const paid = inbox.locator(`[part~="message"][data-id="${paidMessageId}"]`);
    // Arrives live, through the bridge's channel.
    await paid.waitFor();
    expect(await paid.getAttribute('data-state')).toBe('locked');
    expect(await paid.getAttribute('data-mine')).toBeNull();
    expect(normalised(await paid.locator('[part="text"]').textContent())).toBe(answerText);
    expect(await paid.locator('[part="photo"]').count()).toBe(0);
    const unlock = paid.locator('[part="unlock-button"]');
    expect(normalised(await unlock.textContent())).toBe(`Desbloquear por ${brl(price)}`);
    expect(await fanPage.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    const locked = (await messagesOf(server.origin, conversationId, fanToken)).find((message) => message._id === paidMessageId);
    expect(locked).toMatchObject({ price, isLocked: true, isBought: false });
    expect(locked!.files[0]!.url).toBeNull();
    const quote = await apiSend<PayQuote>(server.origin, 'POST', `/wallet/charges/message/${paidMessageId}/quote`, fanToken, {});
    expect(quote.price).toBe(price);
    expect(quote.recipient?.name).toBe(creator.name);
    const balanceBefore = await balanceOf(server.origin, fanToken);
    expect(balanceBefore).toBeGreaterThanOrEqual(price);

    await unlock.click();
    // The bridge's own dialog, on the platform's origin, with the platform's facts.
    const bridge = fanPage.frameLocator('iframe[data-fandeck-bridge]');
    const dialog = bridge.getByRole('alertdialog');
    await dialog.waitFor();
    const shown = normalised(await dialog.textContent());
    expect(shown).toContain(creator.name);
    expect(shown).toContain(brl(price));
    expect(shown).toContain(partner.origin);
    await confirmWhenArmed(bridge);

    // Bought: the message opens in place, its photo linked for the fan alone.
    await expect.poll(() => paid.getAttribute('data-state')).toBe('sent');
    expect(await paid.locator('[part="unlock"]').count()).toBe(0);
    const photo = paid.getByRole('img', { name: 'Foto', exact: true });
    const fanId = (await apiGet<{ _id: string }>(server.origin, '/users/me', fanToken)).body!.data!._id;

    const balanceAfter = await balanceOf(server.origin, fanToken);
    expect(cents(balanceBefore) - cents(balanceAfter)).toBe(cents(price));
    const bought = (await messagesOf(server.origin, conversationId, fanToken)).find((message) => message._id === paidMessageId);
    expect(bought).toMatchObject({ price, isLocked: false, isBought: true });
    expect(bought!.files[0]!.url).toMatch(/\/api\/media\/files\//);
    expect(await fanPage.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // And the fan sees the photo itself: the bytes the bridge fetched, shown from the page's own object URL...
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => loadedWidth(photo), { message: 'the unlocked photo loads on the partner page' }).toBeGreaterThan(0);
    expect(await photo.getAttribute('src')).toMatch(new RegExp(`^blob:${escaped(partner.origin)}/`));
    // ...which the bridge fetched from a link signed for the fan, with the credential in the header and no cookie.
    // The page itself sent no request for a media file.
    const media = fanRequests.filter((request) => request.path.startsWith('/api/media/files/'));
    expect(media.length).toBeGreaterThan(0);
    for (const request of media) {
      expect(`${server.origin}${request.path}`).toMatch(signedLink(server.origin));
      expect(new URL(request.path, server.origin).searchParams.get('v')).toBe(fanId);
      expect(request.request.frame().url()).toMatch(new RegExp(`^${escaped(server.origin)}/embed/bridge\\.html`));
      const headers = await request.request.allHeaders();
      expect(headers.authorization).toBeTruthy();
      expect(headers.cookie).toBeUndefined();
      expect((await request.request.response())?.status()).toBe(200);
    }
  });
});
