/**
 * A live stream end to end, in Chromium with a fake camera against the real server (issue 12,
 * "must show"):
 *
 * 1. Ana signs in on the host site, opens /creator/live, sees her camera's preview and goes
 *    live: the page's MediaRecorder sends the camera over the ingest socket, the stats show
 *    bytes sent, and the server answers the stream broadcasting with a playlist that lists
 *    segments. fan2, who follows her, is notified once, linking to her stream.
 * 2. fan1, on a partner's page (an allowed origin: the loader, `<fan-login>` and
 *    `<fan-live-player creator="ana.lima">`), signs in through the popup, presses play and
 *    sees frames advance (every segment through the bridge). fan2 watches on the platform's
 *    own /live/ana.lima and sees frames advance too.
 * 3. fan2 writes in the stream chat first: fan1's player on the partner page shows it live,
 *    without a reload (its bridge let it join the chat of the stream it shows). fan1 writes:
 *    fan2's player and Ana's page show it. fan1 tips 10 in
 *    the stream after the bridge's own confirm: the wallet drops by exactly 10 and Ana's
 *    earnings rise. fan2 sends a 🌹 from the site's gift picker after the platform's confirm:
 *    5 leaves the wallet once, and the tip and the gift are lines of every chat, Ana's too.
 *    At a phone's width the site's watch page has the video on top, the chat below and its
 *    input at the bottom of the screen, nothing wider than the screen.
 *    fan2 answers from the site over the live connection (no HTTP send); Ana sees it.
 * 4. Ana makes the stream subscribers-only (fan1 subscribed first, fan2 did not): fan2 gets
 *    `canWatch: false` and no playlist, the player shows the subscribers-only box, the HLS
 *    route refuses fan2 both fan1's link and fan2's own earlier one, and the Agora token for
 *    `stream-<id>` is refused to fan2 and granted to Ana. fan1 still watches.
 * 5. Ana ends the stream: her page and fan1's player say it ended.
 *
 * Every wait is on something happening, with a deadline; there are no sleeps.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_INGEST_MIME, type EarningStats, type NotificationDto, type StreamJoinDto } from '@fandeck/contract';
import { allowOrigin, apiGet, signInApi } from '../support/api.js';
import { confirmWhenArmed } from '../support/bridge-dialog.js';
import { chromiumArgs, chromiumPath } from '../support/browser.js';
import { recordApiRequests, type SeenRequest } from '../support/hostile-bridge.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { cents, normalised } from '../support/subscriber-posts.js';
import { startSite, type Site } from '../support/third-party-site.js';
import { signInThroughPopup } from '../support/login-popup.js';
import { signIn, waitForPath } from './host-flows.js';
import { WAIT_MS } from '../../testing/budgets.js';

const password = 'fandeck-demo';
const creator = { email: 'creator1@fandeck.local', username: 'ana.lima', name: 'Ana Lima' };
const fan1 = { email: 'fan1@fandeck.local', name: 'Fã Um' };
const fan2 = { email: 'fan2@fandeck.local', name: 'Fan Two' };
const chatText = 'Oi Ana! Que vista linda daí.';
const tipAmount = 10;
const gift = { name: 'Rosa', emoji: '🌹', price: 5 };
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts/live');
// Test values for the Agora app: 32 hex digits each, as the token builder needs.
const agoraEnv = { AGORA_APP_ID: '0123456789abcdef0123456789abcdef', AGORA_APP_CERTIFICATE: 'fedcba9876543210fedcba9876543210' };

const loaderTag = (platform: string) => `<script src="${platform}/embed.js" async data-locale="pt-BR" data-creator="${creator.username}"></script>`;

/** A partner's page where fans watch Ana live. */
function partnerPage(platform: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Ana ao vivo</title>${loaderTag(platform)}</head>
<body><h1>Ana ao vivo</h1>
<fan-login id="login"></fan-login>
<fan-live-player id="player" creator="${creator.username}"></fan-live-player>
</body></html>`;
}

async function apiCall<T>(origin: string, method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; data: T | undefined; text: string }> {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: { accept: 'application/json', authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let data: T | undefined;
  try {
    data = (JSON.parse(text) as { data?: T }).data;
  } catch {
    data = undefined;
  }
  return { status: response.status, data, text };
}

const joinAs = async (origin: string, token: string) => (await apiGet<StreamJoinDto>(origin, `/streaming/join/${creator.username}`, token)).body!.data!;
const balanceOf = async (origin: string, token: string) => (await apiGet<{ balance: number }>(origin, '/users/me', token)).body!.data!.balance;
const earningsOf = async (origin: string, token: string) => (await apiGet<EarningStats>(origin, '/performer/earning/stats', token)).body!.data!.totalNetPrice;
/** An HLS link fetched with a session: status and text. */
async function fetchHls(url: string, token: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { headers: { authorization: token }, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, text: await response.text() };
}

/** Where a <video> is and how many frames it decoded. */
const playback = (video: Locator) => video.evaluate((element: HTMLVideoElement) => ({ time: element.currentTime, frames: element.getVideoPlaybackQuality().totalVideoFrames }));

/** Presses play in a live player and waits until its video is past a second and decoding frames, then for more frames. */
async function watchFramesAdvance(player: Locator): Promise<void> {
  await player.locator('[part~="player"][data-state="live"]').waitFor();
  await player.locator('[part="play"]').click();
  const video = player.locator('video[part="video"]');
  await video.waitFor();
  await expect.poll(async () => (await playback(video)).time, { timeout: 45_000, message: 'the live video plays past 1 s' }).toBeGreaterThan(1);
  const first = await playback(video);
  expect(first.frames).toBeGreaterThan(0);
  await expect.poll(async () => (await playback(video)).frames, { message: 'frames keep coming' }).toBeGreaterThan(first.frames + 10);
  await expect.poll(async () => (await playback(video)).time).toBeGreaterThan(first.time + 0.5);
}

describe('a creator goes live from the browser; fans on a partner page and on the site watch, chat and tip; subscribers-only shuts others out', () => {
  let server: RunningServer;
  let browser: Browser;
  let partner: Site;
  let creatorToken: string;
  let fan1Token: string;
  let fan2Token: string;
  let creatorPage: Page;
  let fan1Page: Page;
  let fan2Page: Page;
  let streamId: string;
  /** Every request fan1's browser sent to the platform's /api, from any frame, as the network saw it. */
  let fan1Requests: SeenRequest[];
  const contexts: BrowserContext[] = [];

  const newPage = async (origin: string): Promise<Page> => {
    const context = await browser.newContext({ baseURL: origin, locale: 'pt-BR' });
    context.setDefaultTimeout(WAIT_MS);
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: agoraEnv }),
      // A fake camera and microphone, allowed without a prompt: for this file only.
      chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'], headless: true }),
    ]);
    partner = await startSite({ '/': () => partnerPage(server.origin) });
    [creatorToken, fan1Token, fan2Token] = await Promise.all([signInApi(server.origin, creator.email, password), signInApi(server.origin, fan1.email, password), signInApi(server.origin, fan2.email, password)]);
    await allowOrigin(server.origin, creatorToken, partner);
    // fan2 follows Ana before she goes live (following again is silent).
    const followed = await apiCall(server.origin, 'POST', `/follows/${creator.username}`, fan2Token);
    expect(followed.status, followed.text).toBe(200);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await partner?.close();
    await browser?.close();
    await server?.stop();
  });

  it('Ana sees her camera on /creator/live and goes live: bytes go out and the server answers the stream broadcasting with segments', async () => {
    creatorPage = await newPage(server.origin);
    await creatorPage.context().grantPermissions(['camera', 'microphone'], { origin: server.origin });
    await signIn(creatorPage, creator.email);
    await waitForPath(creatorPage, `/${creator.username}`);
    await creatorPage.goto('/creator/live');
    const page = creatorPage.getByTestId('go-live');
    // The preview plays the (fake) camera.
    const preview = page.getByLabel('Prévia da câmera');
    await expect
      .poll(() => preview.evaluate((video: HTMLVideoElement) => (video.srcObject instanceof MediaStream && video.srcObject.getVideoTracks().length > 0 ? video.videoWidth : 0)), { message: 'the preview shows the camera' })
      .toBeGreaterThan(0);
    // The fake devices are offered by name.
    await expect.poll(() => page.locator('select').first().locator('option').count()).toBeGreaterThan(1);

    // This Chromium records H.264 in WebM, the contract's type: the server copies the video into HLS.
    expect(await creatorPage.evaluate((type) => MediaRecorder.isTypeSupported(type), STREAM_INGEST_MIME)).toBe(true);
    await page.locator('#go-live-title').fill('Pôr do sol em Lisboa');
    const start = page.getByTestId('go-live-start');
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await page.getByTestId('go-live-end').waitFor();
    await page.locator('[data-figure="connection"][data-state="open"]').waitFor();
    await expect.poll(() => page.locator('[data-figure="sent"] dd').textContent(), { message: 'the stats show bytes sent' }).toMatch(/[1-9]/);

    const join = await expect
      .poll(async () => (await joinAs(server.origin, creatorToken)).stream.state, { message: 'the server says broadcasting' })
      .toBe('broadcasting')
      .then(() => joinAs(server.origin, creatorToken));
    expect(join.canWatch).toBe(true);
    expect(join.stream.title).toBe('Pôr do sol em Lisboa');
    streamId = join.stream._id;
    // ffmpeg turns the camera into segments.
    await expect
      .poll(async () => (await fetchHls(join.playlistUrl!, creatorToken)).text, { timeout: 30_000, message: 'the playlist lists segments' })
      .toMatch(/#EXTINF[\s\S]*seg_\d+\.m4s/);
    // Her follower is told once, with what the site links to her stream.
    const liveNotices = async () => ((await apiGet<{ data: NotificationDto[] }>(server.origin, '/notification?limit=50', fan2Token)).body!.data!.data).filter((n) => n.type === 'stream.live');
    await expect.poll(async () => (await liveNotices()).length, { message: 'fan2 is told Ana is live' }).toBe(1);
    expect((await liveNotices())[0]!.data).toMatchObject({ performerUsername: creator.username, streamId });
  });

  it('fan1 on a partner page and fan2 on the site’s /live/ana.lima press play and see frames advance', async () => {
    fan1Page = await newPage(partner.origin);
    fan1Requests = recordApiRequests(fan1Page.context(), server.origin);
    await fan1Page.goto('/');
    const player1 = fan1Page.locator('#player');
    // A signed-out visitor of an open stream may watch already: the page and its bridge are up.
    await player1.locator('[part~="player"][data-state="live"]').waitFor();
    await signInThroughPopup(fan1Page, fan1.email, password, fan1.name);
    await watchFramesAdvance(player1);
    // On the partner page the playlist and every segment came through the bridge, with the fan's credential and no cookie.
    const hls = fan1Requests.filter((request) => request.path.startsWith(`/api/streaming/hls/`));
    expect(hls.some((request) => /\/seg_\d+\.m4s\?/.test(request.path))).toBe(true);
    for (const request of hls.slice(0, 8)) {
      expect(request.request.frame().url()).toMatch(/\/embed\/bridge\.html/);
      const headers = await request.request.allHeaders();
      expect(headers.authorization).toBeTruthy();
      expect(headers.cookie).toBeUndefined();
    }

    fan2Page = await newPage(server.origin);
    await signIn(fan2Page, fan2.email);
    await waitForPath(fan2Page, '/home');
    await fan2Page.goto(`/live/${creator.username}`);
    const player2 = fan2Page.getByTestId('live-page');
    await watchFramesAdvance(player2);
    // Both watch: Ana's page counts them.
    await expect.poll(() => creatorPage.locator('[data-figure="viewers"] dd').textContent()).toBe('2');
  });

  it('fan2 writes and fan1 on the partner page sees it live; fan1 writes, fan2 and Ana see it; fan1 tips 10 after the bridge’s confirm, the wallet drops by 10 and Ana earns', async () => {
    const player1 = fan1Page.locator('#player');
    // Someone else's message reaches the partner page over the live connection: its chat was loaded before it was written.
    const greeting = 'Boa noite, Ana! Vendo pelo site.';
    const chat2 = fan2Page.getByTestId('live-page').locator('[part="chat"]');
    await chat2.locator('[part="input"]').fill(greeting);
    await chat2.locator('[part="send"]').click();
    await chat2.locator('[part="message"][data-state="sent"][data-mine]', { hasText: greeting }).waitFor();
    const heard = player1.locator('[part="chat"] [part="message"][data-state="sent"]', { hasText: greeting });
    await heard.waitFor();
    expect(normalised(await heard.locator('[part="author"]').textContent())).toBe(fan2.name);
    expect(await heard.getAttribute('data-mine')).toBeNull();

    await player1.locator('[part="chat"] [part="input"]').fill(chatText);
    await player1.locator('[part="chat"] [part="send"]').click();
    const sent = player1.locator('[part="message"][data-state="sent"][data-mine]', { hasText: chatText });
    await sent.waitFor();
    for (const chat of [fan2Page.getByTestId('live-page').locator('[part="chat"]'), creatorPage.getByTestId('go-live').locator('[part="chat"]')]) {
      const line = chat.locator('[part="message"][data-state="sent"]', { hasText: chatText });
      await line.waitFor();
      expect(normalised(await line.locator('[part="author"]').textContent())).toBe(fan1.name);
      expect(await line.getAttribute('data-mine')).toBeNull();
    }

    const [balanceBefore, earningsBefore] = await Promise.all([balanceOf(server.origin, fan1Token), earningsOf(server.origin, creatorToken)]);
    await player1.locator('[part="tip-open"]').click();
    const tip = player1.locator('[part~="tip"]');
    await tip.locator('[part="amount-input"]').fill(String(tipAmount));
    await tip.locator('button[type="submit"]').click();
    const bridge = fan1Page.frameLocator('iframe[data-fandeck-bridge]');
    const dialog = bridge.getByRole('alertdialog');
    await dialog.waitFor();
    expect(normalised(await dialog.textContent())).toContain(creator.name);
    await confirmWhenArmed(bridge);
    await player1.locator('[part~="tip"][data-state="sent"]').waitFor();

    expect(cents(balanceBefore) - cents(await balanceOf(server.origin, fan1Token))).toBe(cents(tipAmount));
    await expect.poll(() => earningsOf(server.origin, creatorToken)).toBeGreaterThan(earningsBefore);
    const tips = await apiGet<{ data: { price: number; earnings?: number }[] }>(server.origin, '/wallet/charges/search?target=tip', creatorToken);
    const charge = tips.body!.data!.data.find((item) => item.price === tipAmount);
    expect(charge?.earnings).toBeGreaterThan(0);
    expect(cents(await earningsOf(server.origin, creatorToken)) - cents(earningsBefore)).toBe(cents(charge!.earnings!));
    // The tip is a line of every chat, Ana's included.
    const tipLine = `${fan1.name} enviou uma gorjeta (R$ 10,00)`;
    const chats = [player1.locator('[part="chat"]'), fan2Page.getByTestId('live-page').locator('[part="chat"]'), creatorPage.getByTestId('go-live').locator('[part="chat"]')];
    for (const chat of chats) {
      const line = chat.locator('[part="support"][data-kind="tip"]');
      await line.waitFor();
      expect(normalised(await line.textContent())).toContain(tipLine);
    }

    // fan2 sends a rose from the site's picker, confirmed in the platform's own dialog (never the browser's).
    const player2 = fan2Page.getByTestId('live-page');
    const fan2Before = await balanceOf(server.origin, fan2Token);
    await player2.locator('[part="gift-open"]').click();
    const rose = player2.locator('[part="gift"]', { hasText: gift.name });
    await rose.waitFor();
    await rose.click();
    const confirm = fan2Page.locator('.fd-dialog');
    await confirm.waitFor();
    const said = normalised(await confirm.textContent());
    for (const part of ['Enviar presente', gift.name, 'R$ 5,00', creator.name]) expect(said).toContain(part);
    await confirm.locator('button.fd-confirm').click();
    await player2.locator('[part="gift-sent"]').waitFor();
    expect(cents(fan2Before) - cents(await balanceOf(server.origin, fan2Token))).toBe(cents(gift.price));
    const giftLine = `${fan2.name} enviou ${gift.emoji} ${gift.name} (R$ 5,00)`;
    for (const chat of chats) {
      const line = chat.locator('[part="support"][data-kind="gift"]');
      await line.waitFor();
      expect(normalised(await line.textContent())).toContain(giftLine);
      expect(await line.count()).toBe(1);
    }
    const gifts = await apiGet<{ data: { price: number; earnings?: number }[] }>(server.origin, '/wallet/charges/search?target=gift', creatorToken);
    expect(gifts.body!.data!.data.map((charge) => charge.price)).toEqual([gift.price]);

    // Still playing after all that.
    const video = player1.locator('video[part="video"]');
    const now = await playback(video);
    await expect.poll(async () => (await playback(video)).frames).toBeGreaterThan(now.frames);
  });

  it('on a phone the site’s watch page has the video on top, the chat below filling the screen and its input at the bottom', async () => {
    await mkdir(artifacts, { recursive: true });
    const player2 = fan2Page.getByTestId('live-page');
    await player2.locator('[part="gift-close"]').click();
    for (const size of [{ width: 360, height: 740 }, { width: 390, height: 844 }]) {
      await fan2Page.setViewportSize(size);
      const video = await player2.locator('[part="video"]').boundingBox();
      const chat = await player2.locator('[part="chat"]').boundingBox();
      const input = await player2.locator('[part="chat"] [part="input"]').boundingBox();
      const tabBar = await fan2Page.getByTestId('tab-bar').boundingBox();
      expect(video && chat && input && tabBar, 'all on screen').toBeTruthy();
      expect(chat!.y, 'the chat is below the video').toBeGreaterThanOrEqual(video!.y + video!.height - 1);
      expect(input!.y + input!.height, 'the input is above the tab bar').toBeLessThanOrEqual(tabBar!.y + 1);
      expect(tabBar!.y - (input!.y + input!.height), 'the input is at the bottom of the screen').toBeLessThan(48);
      expect(await fan2Page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(size.width);
      await fan2Page.screenshot({ path: path.join(artifacts, `watch-${size.width}.png`) });
    }
    // The gift picker on a phone.
    await player2.locator('[part="gift-open"]').click();
    await player2.locator('[part="gift"]').first().waitFor();
    expect(await fan2Page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll with the picker open').toBeLessThanOrEqual(390);
    await fan2Page.screenshot({ path: path.join(artifacts, 'watch-390-gifts.png') });
    await player2.locator('[part="gift-close"]').click();
    await fan2Page.setViewportSize({ width: 1366, height: 800 });
    const video = await player2.locator('[part="video"]').boundingBox();
    const chat = await player2.locator('[part="chat"]').boundingBox();
    expect(chat!.x, 'side by side on a laptop').toBeGreaterThanOrEqual(video!.x + video!.width - 1);
    await fan2Page.screenshot({ path: path.join(artifacts, 'watch-1366.png') });
  });

  it('/live, reached from the navigation, lists Ana live now and leads to her stream', async () => {
    const page = await fan2Page.context().newPage();
    try {
      await page.setViewportSize({ width: 1366, height: 800 });
      await page.goto('/home');
      await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Ao vivo agora' }).click();
      await waitForPath(page, '/live');
      const card = page.getByTestId('live-now').locator(`.live-card[data-username="${creator.username}"]`);
      await card.waitFor();
      expect(normalised(await card.textContent())).toContain('Pôr do sol em Lisboa');
      expect(await page.locator('h1').count()).toBe(1);
      await page.screenshot({ path: path.join(artifacts, 'live-now-1366.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(390);
      await page.screenshot({ path: path.join(artifacts, 'live-now-390.png') });
      await card.getByRole('link').click();
      await waitForPath(page, `/live/${creator.username}`);
      await page.getByTestId('live-page').locator('[part~="player"][data-state="live"]').waitFor();
    } finally {
      await page.close();
    }
  });

  it('fan2 on the site writes over the live connection, not the HTTP route; Ana and fan1 on the partner page see it', async () => {
    const posted: string[] = [];
    const onRequest = (request: Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/messages/stream')) posted.push(request.url());
    };
    fan2Page.on('request', onRequest);
    const reply = 'Oi do site, pelo socket!';
    const chat2 = fan2Page.getByTestId('live-page').locator('[part="chat"]');
    await chat2.locator('[part="input"]').fill(reply);
    await chat2.locator('[part="send"]').click();
    await chat2.locator('[part="message"][data-state="sent"][data-mine]', { hasText: reply }).waitFor();
    await creatorPage.getByTestId('go-live').locator('[part="chat"] [part="message"][data-state="sent"]', { hasText: reply }).waitFor();
    await fan1Page.locator('#player [part="chat"] [part="message"][data-state="sent"]', { hasText: reply }).waitFor();
    fan2Page.off('request', onRequest);
    expect(posted).toEqual([]);
  });

  it('subscribers-only: fan2 gets no playlist, no HLS and no Agora token; the subscriber fan1 still watches; Ana gets her token', async () => {
    // fan1 subscribes to Ana (the subscribe money action, through the API); fan2 does not.
    const quote = await apiCall<{ quote: string }>(server.origin, 'POST', '/payment/subscribe/performers/quote', fan1Token, { performerId: creator.username, type: 'monthly' });
    expect(quote.status, quote.text).toBe(200);
    const subscribed = await apiCall(server.origin, 'POST', '/payment/subscribe/performers', fan1Token, { performerId: creator.username, type: 'monthly' }, { 'idempotency-key': `live-flow-${randomUUID()}`, 'x-fandeck-quote': quote.data!.quote });
    expect(subscribed.status, subscribed.text).toBe(200);

    // Links made while the stream was open to all.
    const fan1Link = (await joinAs(server.origin, fan1Token)).playlistUrl!;
    const fan2Link = (await joinAs(server.origin, fan2Token)).playlistUrl!;
    expect(fan1Link).toBeTruthy();
    expect(fan2Link).toBeTruthy();
    // A link made for someone else is refused, even on an open stream.
    const borrowed = await fetchHls(fan1Link, fan2Token);
    expect(borrowed.status).toBe(403);
    expect(borrowed.text).toContain('media.link_invalid');

    const updated = await apiCall<{ subscribersOnly: boolean }>(server.origin, 'PUT', '/streaming/update', creatorToken, { subscribersOnly: true });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.data?.subscribersOnly).toBe(true);

    const asFan2 = await joinAs(server.origin, fan2Token);
    expect(asFan2).toMatchObject({ canWatch: false, playlistUrl: null, reason: 'subscribers_only' });
    const player2 = fan2Page.getByTestId('live-page');
    const box = player2.locator('[part~="player"][data-state="not-entitled"] [part="not-entitled"][data-reason="subscribers_only"]');
    await box.waitFor();
    expect(await player2.locator('video').count()).toBe(0);
    const own = await fetchHls(fan2Link, fan2Token);
    expect(own.status).toBe(403);
    expect(own.text).toContain('streaming.subscribers_only');
    expect((await fetchHls(fan1Link, fan2Token)).status).toBe(403);

    const channelName = `stream-${streamId}`;
    const refused = await apiCall(server.origin, 'POST', '/streaming/agora/token', fan2Token, { channelName });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.data).toBeUndefined();
    const granted = await apiCall<string>(server.origin, 'POST', '/streaming/agora/token', creatorToken, { channelName });
    expect(granted.status, granted.text).toBe(200);
    expect(typeof granted.data).toBe('string');
    expect(granted.data!.length).toBeGreaterThan(20);
    const forSubscriber = await apiCall<string>(server.origin, 'POST', '/streaming/agora/token', fan1Token, { channelName });
    expect(forSubscriber.status, forSubscriber.text).toBe(200);
    expect(forSubscriber.data).not.toBe(granted.data);

    // The subscriber keeps watching.
    const asFan1 = await joinAs(server.origin, fan1Token);
    expect(asFan1.canWatch).toBe(true);
    expect((await fetchHls(asFan1.playlistUrl!, fan1Token)).status).toBe(200);
    const player1 = fan1Page.locator('#player');
    await player1.locator('[part~="player"][data-state="live"]').waitFor();
    const video = player1.locator('video[part="video"]');
    const now = await playback(video);
    await expect.poll(async () => (await playback(video)).frames).toBeGreaterThan(now.frames + 10);
  });

  it('Ana ends the stream: her page and fan1’s player say it ended', async () => {
    const page = creatorPage.getByTestId('go-live');
    await page.getByTestId('go-live-end').click();
    await page.getByRole('status').filter({ hasText: 'Transmissão encerrada.' }).waitFor();
    await expect.poll(async () => (await joinAs(server.origin, creatorToken)).stream.state).toBe('finished');
    const player1 = fan1Page.locator('#player');
    await player1.locator('[part~="player"][data-state="ended"] [part="ended"]').waitFor();
    expect(normalised(await player1.locator('[part="ended"] [part="status"]').textContent())).toBe(`A transmissão de ${creator.name} terminou.`);
    // fan2, shut out of the room since the stream went subscribers-only, finds it offline on the next visit.
    await fan2Page.reload();
    const player2 = fan2Page.getByTestId('live-page');
    await expect.poll(() => player2.locator('[part~="player"]').getAttribute('data-state')).toBe('offline');
    expect(normalised(await player2.locator('[part="offline"] [part="status"]').textContent())).toBe(`${creator.name} está offline`);
  });
});
