import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { apiGet, allowOrigin, signInApi } from '../support/api.js';
import { confirmWhenArmed } from '../support/bridge-dialog.js';
import { launchBrowser, openPage, type OpenedPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { hostileScript, probePage, startSite, type Site } from '../support/third-party-site.js';
import { signInInPopup } from '../support/login-popup.js';
import { WAIT_MS } from '../../testing/budgets.js';

const demoCreator = { email: 'creator1@fandeck.local', password: 'fandeck-demo', username: 'ana.lima', name: 'Ana Lima' };
const demoFan = { email: 'fan1@fandeck.local', password: 'fandeck-demo' };

/**
 * A partner's page on another origin: the hostile script first, then only the loader's
 * script tag and two elements. Both use the page's one session, which reaches the
 * platform through the bridge.
 */
function shopPage(platform: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja parceira</title>
<script>${hostileScript}</script>
<script src="${platform}/embed.js" async data-creator="${demoCreator.username}" data-locale="pt-BR"></script>
</head>
<body>
  <h1>Loja parceira</h1>
  <fan-login id="first"></fan-login>
  <fan-login id="second" hide-register></fan-login>
</body></html>`;
}

/** What the test (like any script on the page) can reach: the session's transport. */
interface PageTransport {
  kind: string;
  state: { status: string; reason?: string };
  hasCredential(): boolean;
  request(method: string, path: string, options?: unknown): Promise<PageResult>;
  pay(request: unknown): Promise<PageResult>;
}
type PageResult = { ok: boolean; status: number; data?: unknown; body?: { message?: string; code?: string } };
type WithSession = typeof globalThis & { [key: symbol]: { transport: PageTransport } | undefined };

/** The page's transport, as any script on the page can reach it (inside page.evaluate). */
const transportOf = (): PageTransport => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport;

async function sessionReady(page: Page): Promise<void> {
  await page.waitForFunction(() => Symbol.for('fandeck.session') in globalThis);
}

const nameIn = (page: Page, id: string) => page.locator(`#${id}`).locator('[part="name"]');

/**
 * The credential as the bridge sends it: the Authorization header of the bridge frame's
 * API calls, seen through Playwright's network events, which no page script has. (The
 * bridge keeps it in memory, and in its partitioned storage where the browser allows.)
 */
function watchBridgeCredential(page: Page, platform: string): { latest(): string | undefined; calls: string[] } {
  const tokens: string[] = [];
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().startsWith(`${platform}/api/`)) return;
    calls.push(`${request.method()} ${request.url()}`);
    const authorization = request.headers().authorization;
    if (authorization && request.frame().url().startsWith(`${platform}/embed/bridge.html`)) tokens.push(authorization);
  });
  return { latest: () => tokens.at(-1), calls };
}

const signInThroughPopup = (page: Page, remember = false) => signInInPopup(page, demoFan.email, demoFan.password, 'first', { remember });

/** The bridge's own cookie (bridge-cookie.ts), as the browser keeps it: no page script can read it. */
async function bridgeCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'fandeck_bridge');
}

/**
 * The same browser after a restart: what it keeps on disk (persistent cookies, partitioned ones
 * in their partition) and nothing of the session (session cookies, session storage, memory).
 */
async function afterRestart(browser: Browser, before: BrowserContext, origin: string): Promise<OpenedPage> {
  const kept = (await before.cookies()).filter((cookie) => cookie.expires !== -1);
  const opened = await openPage(browser, origin);
  await opened.context.addCookies(kept);
  return opened;
}

/** Opens the partner's page and waits until the bridge said whether a fan is signed in. */
async function openShop(page: Page): Promise<boolean> {
  await page.goto('/');
  await sessionReady(page);
  await page.waitForFunction(() => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.state.status === 'ready');
  return page.evaluate(() => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.hasCredential());
}

describe('widgets on a third-party page talk to the platform only through the bridge', () => {
  let server: RunningServer;
  let browser: Browser;
  let shop: Site;
  let stranger: Site;
  let unlisted: Site;
  let fanName: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const platform = server.origin;
    shop = await startSite({ '/': () => shopPage(platform), '/probe.html': probePage });
    stranger = await startSite({ '/probe.html': probePage });
    unlisted = await startSite({ '/': () => shopPage(platform) });
    const creatorToken = await signInApi(platform, demoCreator.email, demoCreator.password);
    await allowOrigin(platform, creatorToken, shop);
    const fanToken = await signInApi(platform, demoFan.email, demoFan.password);
    fanName = (await apiGet<{ name: string }>(platform, '/users/me', fanToken)).body?.data?.name ?? '';
    expect(fanName).not.toBe('');
  });

  afterAll(async () => {
    await Promise.all([shop?.close(), stranger?.close(), unlisted?.close()]);
    await browser?.close();
    await server?.stop();
  });

  let context: BrowserContext;
  let page: Page;
  let credential: ReturnType<typeof watchBridgeCredential>;

  it('(a) signs the fan in through the platform popup, and both elements show the same user', async () => {
    ({ context, page } = await openPage(browser, shop.origin));
    credential = watchBridgeCredential(page, server.origin);
    await page.goto('/');
    await sessionReady(page);
    await page.waitForFunction(() => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.state.status === 'ready');
    expect(await page.evaluate(() => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.kind)).toBe('bridge');
    await page.locator('#second').getByRole('button', { name: 'Entrar' }).waitFor();

    await signInThroughPopup(page, true);
    await expect.poll(() => nameIn(page, 'first').textContent()).toBe(fanName);
    await expect.poll(() => nameIn(page, 'second').textContent()).toBe(fanName);
  });

  it('(b) leaves no trace of the token anywhere a page script can look', async () => {
    const token = credential.latest();
    expect(token).toBeTruthy();
    // It is the real credential: the API accepts it.
    const me = await apiGet<{ email: string }>(server.origin, '/users/me', token!);
    expect(me.body?.data?.email).toBe(demoFan.email);

    // More traffic through the bridge for the hostile script to watch.
    await page.evaluate(() => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.request('GET', '/auth/users/me'));
    const haystack = await page.evaluate(() => (window as unknown as { __haystack(): Promise<string> }).__haystack());
    // The collector did see the bridge's traffic, the session and the elements...
    expect(haystack).toContain('"type":"reply"');
    expect(haystack).toContain(fanName);
    expect(haystack).toContain(`frame unreadable: ${server.origin}/embed/bridge.html`);
    expect(haystack).toContain('symbol Symbol(fandeck.session)');
    // ...but never the token.
    expect(haystack).not.toContain(token!);
    const pageCookies = await context.cookies(shop.origin);
    expect(pageCookies.map((cookie) => cookie.value).join(' ')).not.toContain(token!);
  });

  it('(f) keeps a remembered sign-in across a reload and a browser restart, in a cookie partitioned to the partner', async () => {
    const token = credential.latest()!;
    // The bridge's cookie: the platform's, on the bridge page's path only, keyed to the partner's site, kept a year.
    const kept = await bridgeCookie(context);
    expect(kept).toMatchObject({ path: '/embed/bridge.html', secure: true, sameSite: 'None', partitionKey: 'http://localhost', value: `r.${token}` });
    expect(kept!.expires * 1000).toBeGreaterThan(Date.now() + 300 * 24 * 60 * 60 * 1000);

    await page.reload();
    expect(await openShop(page)).toBe(true);
    await expect.poll(() => nameIn(page, 'first').textContent()).toBe(fanName);
    // The same session, not a new sign-in.
    await page.evaluate(() => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.request('GET', '/auth/users/me'));
    expect(credential.latest()).toBe(token);
    const haystack = await page.evaluate(() => (window as unknown as { __haystack(): Promise<string> }).__haystack());
    expect(haystack).not.toContain(token);

    const restarted = await afterRestart(browser, context, shop.origin);
    try {
      // As a browser that blocks third-party cookies (Chrome's setting, its private windows): what the bridge's storage was lost to.
      const devtools = await restarted.context.newCDPSession(restarted.page);
      await devtools.send('Network.setCookieControls', { enableThirdPartyCookieRestriction: true });
      expect(await openShop(restarted.page)).toBe(true);
      const bridgeFrame = restarted.page.frames().find((frame) => frame.url().startsWith(`${server.origin}/embed/bridge.html`))!;
      // There the bridge's storage throws, so a token kept only in storage (and memory) was gone after a reload.
      const storage = await bridgeFrame.evaluate(() => {
        try {
          void localStorage.length;
          return 'usable';
        } catch {
          return 'blocked';
        }
      });
      expect(storage).toBe('blocked');
      await expect.poll(() => nameIn(restarted.page, 'first').textContent()).toBe(fanName);
      // A page on another origin, in the same browser, can neither read the cookie nor have it sent for it.
      await restarted.page.goto(`${stranger.origin}/probe.html`);
      const answered = restarted.page.waitForResponse((response) => response.url() === `${server.origin}/api/users/me`);
      const cookie = await restarted.page.evaluate(async (platform) => {
        await fetch(`${platform}/api/users/me`, { credentials: 'include', mode: 'no-cors' }).catch(() => undefined);
        return document.cookie;
      }, server.origin);
      expect(cookie).toBe('');
      const response = await answered;
      expect(response.status()).toBe(401);
      expect(JSON.stringify(await response.request().allHeaders())).not.toContain(token);
    } finally {
      await restarted.context.close();
    }
  });

  it('(g) without remember me, keeps the sign-in across a reload but not past the browser session', async () => {
    const { context: own, page: fanPage } = await openPage(browser, shop.origin);
    try {
      await openShop(fanPage);
      await signInThroughPopup(fanPage);
      await expect.poll(() => nameIn(fanPage, 'first').textContent()).toBe(fanName);
      const kept = await bridgeCookie(own);
      expect(kept).toMatchObject({ path: '/embed/bridge.html', partitionKey: 'http://localhost', expires: -1 });
      expect(kept!.value.startsWith('s.')).toBe(true);
      await fanPage.reload();
      expect(await openShop(fanPage)).toBe(true);
      await expect.poll(() => nameIn(fanPage, 'first').textContent()).toBe(fanName);

      const restarted = await afterRestart(browser, own, shop.origin);
      try {
        expect(await openShop(restarted.page)).toBe(false);
        await restarted.page.locator('#first').getByRole('button', { name: 'Entrar' }).waitFor();
      } finally {
        await restarted.context.close();
      }
    } finally {
      await own.close();
    }
  });

  it('keeps the live connection in the bridge and forwards its status to the page', async () => {
    const status = await page.evaluate(async (budget) => {
      const transport = (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport as unknown as {
        live(): { onStatus(listener: (status: string) => void): () => void; on(event: string, listener: (payload: unknown) => void): () => void };
      };
      const channel = transport.live();
      channel.on('update_balance', () => undefined);
      const seen: string[] = [];
      const off = channel.onStatus((next) => seen.push(next));
      const deadline = Date.now() + budget;
      while (!seen.includes('connected') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      off();
      return seen.includes('connected') ? 'connected' : seen.join(',');
    }, WAIT_MS);
    expect(status).toBe('connected');
    // The page opened no socket of its own: the only one is the bridge's, on the platform.
    const sockets = await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/socket.io')).length);
    expect(sockets).toBe(0);
  });

  it('(c) ignores messages from other origins and other frames: no answer, no API call', async () => {
    const apiCalls = credential.calls;
    const before = apiCalls.length;
    const reports = await page.evaluate(
      async ([strangerProbe, sameOriginProbe, budget]) => {
        const collected: unknown[] = [];
        const onReport = (event: MessageEvent) => {
          if (event.data && typeof event.data === 'object' && 'probeReport' in event.data) collected.push(event.data);
        };
        window.addEventListener('message', onReport);
        for (const src of [strangerProbe, sameOriginProbe]) {
          const frame = document.createElement('iframe');
          frame.src = src!;
          document.body.append(frame);
        }
        const deadline = Date.now() + Number(budget);
        while (collected.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        window.removeEventListener('message', onReport);
        return collected;
      },
      [`${stranger.origin}/probe.html`, `${shop.origin}/probe.html`, WAIT_MS] as const,
    );
    expect(reports).toEqual(
      expect.arrayContaining([
        { probeReport: stranger.origin, answers: 0 },
        { probeReport: shop.origin, answers: 0 },
      ]),
    );
    expect(apiCalls.slice(before).filter((call) => call.includes('probe=hostile') || call.includes('/auth/logout'))).toEqual([]);
    // Still signed in: the forged logout and token were ignored.
    expect(await page.evaluate(() => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.hasCredential())).toBe(true);
    expect(await nameIn(page, 'first').textContent()).toBe(fanName);

    // The harness does see a call when there is one: the page's own goes through.
    await page.evaluate(() => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.request('GET', '/users/me', { query: { probe: 'page' } }));
    expect(apiCalls.some((call) => call.includes('probe=page'))).toBe(true);
  });

  it('(d) gives an origin that is not on the creator’s list no bridge at all', async () => {
    const { context: otherContext, page: other } = await openPage(browser, unlisted.origin);
    const requests: string[] = [];
    other.on('request', (request: Request) => requests.push(request.url()));
    try {
      await other.goto('/');
      await sessionReady(other);
      await other.waitForFunction(() => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.state.status === 'failed');
      expect(await other.evaluate(() => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.state.reason)).toBe('timeout');
      const messages = await other.evaluate(() => (window as unknown as { __messages(): string[] }).__messages());
      expect(messages.filter((message) => message.includes('fandeck-bridge'))).toEqual([]);
      // The browser refused to render the bridge page, so its script never ran nor asked the server.
      expect(requests.some((url) => url.includes('/api/embeds/check'))).toBe(false);
      expect(requests.some((url) => url.includes('/widgets/bridge/assets/bridge-'))).toBe(false);
      // The element says so instead of opening a popup that could not reach anything.
      await other.locator('#first').getByRole('button', { name: 'Entrar' }).click();
      await expect.poll(() => other.locator('#first').getByRole('alert').textContent()).toBe('O Fandeck não está disponível nesta página.');
    } finally {
      await otherContext.close();
    }
  });

  it('(e) moves money only through pay, confirmed in the bridge’s own dialog from the server’s quote', async () => {
    const creator = await apiGet<{ _id: string }>(server.origin, `/performers/${demoCreator.username}`);
    const creatorId = creator.body?.data?._id ?? '';
    const fanToken = credential.latest()!;
    const balance = async () => (await apiGet<{ balance: number }>(server.origin, '/users/me', fanToken)).body?.data?.balance;
    const startBalance = (await balance())!;

    // A plain call to a money route is refused by the bridge, whatever the page sends with it.
    const plain = await page.evaluate(
      (id) => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.request('POST', `/wallet/charges/tip/${id}`, { body: { price: 10 } }),
      creatorId,
    );
    expect(plain).toMatchObject({ ok: false, status: 403, body: { code: 'bridge.route_not_allowed' } });

    const pay = (answerKey: string, idempotencyKey: string) =>
      page.evaluate(
        ([id, key, idem]) => {
          const transport = (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport;
          const request = { action: 'charge:tip', params: { id }, body: { price: 10, message: 'Gorjeta pelo vídeo' }, idempotencyKey: idem };
          void transport.pay(request).then((answer) => ((window as unknown as Record<string, PageResult>)[key!] = answer));
        },
        [creatorId, answerKey, idempotencyKey],
      );
    const answer = (key: string) => page.evaluate((name) => (window as unknown as Record<string, PageResult | undefined>)[name], key);
    const bridge = page.frameLocator('iframe[data-fandeck-bridge]');

    await pay('firstAnswer', 'third-party-tip-1');
    const dialog = bridge.getByRole('alertdialog');
    await dialog.waitFor();
    const shown = await dialog.textContent();
    // The platform's own facts from the quote: the creator's real name, the price, and who asked.
    expect(shown).toContain(demoCreator.name);
    expect(shown).toMatch(/R\$\s?10,00/);
    expect(shown).toContain(shop.origin);
    // A page script cannot reach into the dialog.
    expect(await page.evaluate(() => document.querySelector<HTMLIFrameElement>('iframe[data-fandeck-bridge]')!.contentDocument)).toBeNull();
    await bridge.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => answer('firstAnswer')).toMatchObject({ ok: false, status: -1, body: { code: 'bridge.not_confirmed' } });
    expect(await balance()).toBe(startBalance);

    // A page that makes the dialog nearly transparent (to lure a click onto it) gets no working Confirm.
    await pay('secondAnswer', 'third-party-tip-2');
    const confirmButton = bridge.getByRole('button', { name: 'Confirmar' });
    await confirmButton.waitFor();
    await confirmButton.hover();
    await page.evaluate(() => (document.querySelector<HTMLIFrameElement>('iframe[data-fandeck-bridge]')!.style.opacity = '0.1'));
    // The browser has reported the faded dialog (IntersectionObserver v2); Confirm stays off while it is.
    await bridge.locator('[role="alertdialog"][data-visible="false"]').waitFor();
    expect(await confirmButton.isDisabled()).toBe(true);
    await page.evaluate(() => (document.querySelector<HTMLIFrameElement>('iframe[data-fandeck-bridge]')!.style.opacity = '1'));
    await confirmWhenArmed(bridge);
    await expect.poll(() => answer('secondAnswer')).toMatchObject({ ok: true });
    const overlay = await page.evaluate(() => getComputedStyle(document.querySelector('iframe[data-fandeck-bridge]')!).visibility);
    expect(overlay).toBe('hidden');
    // Exactly one charge of the confirmed price.
    expect(await balance()).toBe(startBalance - 10);
  });

  it('signs out in the bridge, for every element, and ends the session on the server', async () => {
    const token = credential.latest()!;
    await page.locator('#second').getByRole('button', { name: 'Sair' }).click();
    await page.locator('#first').getByRole('button', { name: 'Entrar' }).waitFor();
    await page.locator('#second').getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.evaluate(() => (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport.hasCredential())).toBe(false);
    expect((await apiGet(server.origin, '/users/me', token)).status).toBe(401);
    await context.close();
  });
});
