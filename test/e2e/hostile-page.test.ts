/**
 * The bridge cannot be talked past (issue 7, "must show"). A page on an origin the
 * creator allows embeds the bridge itself and posts whatever it likes to it, with a fan
 * signed in. Real server, real Chromium; every request the browser sends to the API is
 * recorded from the network side, which no page script can touch.
 *
 * - Every spelling of a denied route (percent-encoded, double-encoded, `..` and `%2e%2e`
 *   segments, backslashes, case variants) and every contract route without `embed` is
 *   answered 403 `bridge.route_not_allowed` and never reaches the server.
 * - A `media` call (the bridge fetching a file the platform signed for the fan) reaches only
 *   the route `media.file`, in its canonical spelling with the link's own query: any other
 *   path, in any spelling or on any host, is refused and never sent with the credential.
 * - An owner route (`embed: 'owner'`, a creator's earnings and payouts) goes through with
 *   the page's origin as the browser reported it in `PAGE_ORIGIN_HEADER`, whatever the page
 *   wrote there; the server refuses it when the signed-in creator has not listed that origin.
 * - Money moves only through `pay`: the request the bridge sends is byte for byte the one
 *   the server quoted and the fan saw; a second pay while the dialog is open is refused
 *   and changes nothing; a replay with any field changed gets a dialog of its own; the
 *   server refuses a changed body under a confirmed quote.
 * - A click that lands on Confirm because the page moved the frame under the cursor does
 *   not confirm. A real click after the dialog armed charges exactly once.
 * - A page on ana.lima's site sees only the fan's conversation with her (`embed: 'page'`
 *   routes carry the page's origin; the server scopes them to the creators who own it):
 *   the fan's conversation with another creator is not listed, not found, not written to,
 *   and none of its live events reach the page; notifications, routes or events, never do.
 */
import { PAGE_ORIGIN_HEADER, routes, type ConversationDto, type RouteSpec } from '@fandeck/contract';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOrigin, apiGet, signInApi } from '../support/api.js';
import { armConfirm, confirmWhenArmed } from '../support/bridge-dialog.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { fanSocket, hostileBridgePage, recordApiRequests, signInBridge, type SeenRequest } from '../support/hostile-bridge.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { startSite, type Site } from '../support/third-party-site.js';

const creator = { email: 'creator1@fandeck.local', password: 'fandeck-demo', username: 'ana.lima', name: 'Ana Lima' };
/** A creator who has not listed the hostile page's origin (ana.lima has). */
const otherCreator = { email: 'creator2@fandeck.local', password: 'fandeck-demo' };
const fan = { email: 'fan1@fandeck.local', password: 'fandeck-demo' };
const DUMMY_ID = '0123456789abcdef01234567';

const notAllowed = { ok: false, status: 403, body: { statusCode: 403, code: 'bridge.route_not_allowed' } };

/** A call straight to the API (the platform's own site: no page origin). */
async function apiCall<T>(platform: string, method: 'POST' | 'PUT', path: string, token: string, body: unknown): Promise<{ status: number; data?: T }> {
  const response = await fetch(`${platform}/api${path}`, { method, headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(body) });
  const json = (await response.json().catch(() => undefined)) as { data?: T } | undefined;
  return { status: response.status, data: json?.data };
}

/** What the hostile page keeps of the bridge's live messages (set up by `listenLive`). */
interface LiveLog {
  heard: [string, Record<string, unknown>][];
  liveStatus: string;
}

describe('a hostile page cannot talk the bridge past its rules', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: Site;
  let context: BrowserContext;
  let page: Page;
  let seen: SeenRequest[];
  let fanToken: string;
  let creatorId: string;

  const balance = async () => (await apiGet<{ balance: number }>(server.origin, '/users/me', fanToken)).body?.data?.balance;
  const call = (message: object) => page.evaluate((m) => window.hostile.call(m), message);
  const start = (name: string, message: object) => page.evaluate(([n, m]) => window.hostile.start(n as string, m as object), [name, message] as const);
  const resultOf = (name: string) => page.evaluate((n) => window.hostile.result(n), name);
  const bridge = (): FrameLocator => page.frameLocator('#bridge');
  const tipPay = (price: number, idempotencyKey: string, message = 'Obrigado!') => ({
    type: 'pay',
    request: { action: 'charge:tip', params: { id: creatorId }, body: { price, message }, idempotencyKey },
  });
  /** Requests the server saw after index `from`, except the bridge's own start-up check. */
  const apiSince = (from: number) => seen.slice(from).filter((request) => !request.path.startsWith('/api/embeds/check'));

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    site = await startSite({ '/': () => hostileBridgePage(server.origin, creator.username) });
    const creatorToken = await signInApi(server.origin, creator.email, creator.password);
    await allowOrigin(server.origin, creatorToken, site);
    fanToken = await signInApi(server.origin, fan.email, fan.password);
    creatorId = (await apiGet<{ _id: string }>(server.origin, `/performers/${creator.username}`)).body?.data?._id ?? '';
    expect(creatorId).not.toBe('');
    ({ context, page } = await openPage(browser, site.origin));
    seen = recordApiRequests(context, server.origin);
    await page.goto('/');
    await signInBridge(page, server.origin, fanToken);
  });

  afterAll(async () => {
    await context?.close();
    await site?.close();
    await browser?.close();
    await server?.stop();
  });

  it('refuses every spelling of a denied route, and the server never sees one', async () => {
    const tricks: [string, string][] = [
      ['GET', '/%61dmin/settings'],
      ['PUT', '/%61dmin/settings'],
      ['PUT', '/auth/users/me/%70assword'],
      ['PUT', '/api/auth/users/me/%70assword'],
      ['POST', '/%65mbeds/origins'],
      ['GET', '/users/%252e%252e/admin/settings'],
      ['GET', '/users/%252e%252e/%252e%252e/admin/settings'],
      ['GET', '/users/../admin/settings'],
      ['GET', '/users/me/../../admin/settings'],
      ['GET', '/users/%2e%2e/admin/settings'],
      ['GET', '/users/%2E%2e/admin/settings'],
      ['GET', '/users/.%2e/admin/settings'],
      ['PUT', '/auth/users/me/./password'],
      ['GET', '/users\\..\\admin\\settings'],
      ['GET', '/users%5c..%5cadmin%5csettings'],
      ['GET', '/users%2f..%2fadmin%2fsettings'],
      ['GET', '/Admin/settings'],
      ['GET', '/ADMIN/SETTINGS'],
      ['POST', '/Embeds/origins'],
      ['GET', '/USERS/me'],
      ['PUT', '/Auth/Users/Me/Password'],
      ['GET', '//admin/settings'],
      ['GET', '/admin/settings/'],
      ['GET', '/admin//settings'],
      ['GET', '/embed/bridge.html'],
      ['GET', '/../embed/login.html'],
      ['GET', `${server.origin}/api/admin/settings`],
    ];
    const routeList = (Object.values(routes) as RouteSpec[]).filter((spec) => !spec.embed);
    const denied: [string, string][] = routeList.map((spec) => [spec.method, spec.path.replace(/:[A-Za-z]+/g, DUMMY_ID)]);
    expect(denied.length).toBe(routeList.length);
    expect(denied).toContainEqual(['PUT', '/auth/users/me/password']);
    expect(denied).toContainEqual(['POST', '/embeds/origins']);
    expect(denied).toContainEqual(['PUT', '/admin/settings']);
    // Owner routes are callable (their own test below), and so are not in this list.
    expect(denied).not.toContainEqual(['GET', '/performer/earning/stats']);
    expect(denied).toContainEqual(['GET', '/payout-requests/search']);

    const before = seen.length;
    const asked = [...tricks, ...denied, ...denied.map(([method, path]) => [method.toLowerCase(), `/api${path}`] as [string, string])];
    const answers = await page.evaluate(
      (calls) => Promise.all(calls.map(([method, path]) => window.hostile.call({ type: 'request', method, path, body: { password: 'owned', origin: 'https://evil.example' } }))),
      asked,
    );
    answers.forEach((answer, index) => expect(answer, asked[index]!.join(' ')).toMatchObject(notAllowed));
    expect(apiSince(before)).toEqual([]);

    // The recorder does see calls that go through: an allowed route, in a spelling that
    // decodes to it, is sent in its one canonical form.
    const me = await call({ type: 'request', method: 'GET', path: '/users/%6De', query: { probe: 'allowed' } });
    expect(me).toMatchObject({ ok: true, status: 200 });
    expect(apiSince(before).map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/users/me?probe=allowed']);
    // ...with the fan's credential, which never went to the page.
    expect(apiSince(before)[0]!.headers.authorization).toBe(fanToken);
  });

  it('refuses uploads and plain calls to money routes: only pay moves money', async () => {
    const before = seen.length;
    const balanceBefore = await balance();
    for (const message of [
      { type: 'upload', path: '/users/me/avatar', entries: [['file', 'x']] },
      { type: 'upload', path: '/%61dmin/settings', entries: [] },
      { type: 'request', method: 'POST', path: `/wallet/charges/tip/${creatorId}`, body: { price: 10 } },
      { type: 'request', method: 'POST', path: `/%77allet/charges/tip/${creatorId}`, body: { price: 10 } },
      { type: 'request', method: 'POST', path: `/wallet/charges/tip/${creatorId}/quote`, body: { price: 10 } },
      { type: 'request', method: 'POST', path: '/payment/wallet/top-up', body: { amount: 10 }, headers: { 'Idempotency-Key': 'k' } },
      { type: 'request', method: 'POST', path: '/payment/subscribe/performers', body: { performerId: creatorId } },
    ]) {
      expect(await call(message), JSON.stringify(message)).toMatchObject(notAllowed);
    }
    // A pay for something that is not a money action is no way around it either.
    expect(await call({ type: 'pay', request: { action: 'admin.settings.update', params: {}, body: {}, idempotencyKey: 'k' } })).toMatchObject(notAllowed);
    expect(await call({ type: 'pay', request: { action: 'charge:tip', params: { id: '..' }, body: { price: 1 }, idempotencyKey: 'k' } })).toMatchObject({
      status: 400,
      body: { code: 'request.invalid' },
    });
    expect(apiSince(before)).toEqual([]);
    expect(await balance()).toBe(balanceBefore);
  });

  it('fetches for a media call nothing but a media file by its signed link', async () => {
    const link = `/media/files/${DUMMY_ID}/medium?v=${DUMMY_ID}&e=9999999999&s=forged`;
    const before = seen.length;
    const tricks = ['../../users/me', '%2e%2e/%2E%2E/users/me?v=a&e=1&s=x', `${DUMMY_ID}%2f..%2f..%2fusers/me?v=a&e=1&s=x`, `${DUMMY_ID}/medium/../../../../users/me?v=a&e=1&s=x`];
    for (const path of [
      ...['/api/users/me', `${server.origin}/api/users/me`, `${server.origin}/api/admin/settings?v=a&e=1&s=x`, `${server.origin}/api${link}&token=x`],
      ...tricks.map((trick) => `${server.origin}/api/media/files/${trick}`),
      ...[`https://evil.example/api${link}`, `//evil.example/api${link}`, `${server.origin}.evil.example/api${link}`],
    ]) {
      expect(await call({ type: 'media', path }), path).toMatchObject(notAllowed);
    }
    expect(apiSince(before)).toEqual([]);
    // A media link goes out canonically, with the fan's credential; this one is forged, and the server says so.
    expect(await call({ type: 'media', path: `${server.origin}/api${link.replace('medium', '%6Dedium')}` })).toMatchObject({ ok: false, status: 403, body: { code: 'media.link_invalid' } });
    expect(apiSince(before).map((request) => [request.path, request.headers.authorization])).toEqual([[`/api${link}`, fanToken]]);
  });

  it('sends exactly the quoted request, refuses a second pay while the dialog is open, and charges once on a real click', async () => {
    const before = seen.length;
    const balanceBefore = (await balance())!;
    await start('first', tipPay(10, 'tip-key-1'));
    const dialog = bridge().getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/R\$\s?10,00/);

    // While the fan looks at 10.00, the page asks for 500.00: refused, and the dialog is unchanged.
    expect(await call(tipPay(500, 'tip-key-2'))).toMatchObject({ ok: false, status: 409, body: { code: 'bridge.busy' } });
    const shown = (await dialog.textContent()) ?? '';
    expect(shown).toMatch(/R\$\s?10,00/);
    expect(shown).not.toMatch(/500/);
    expect(shown).toContain(creator.name);
    expect(shown).toContain(site.origin);

    await confirmWhenArmed(bridge());
    await expect.poll(() => resultOf('first')).toMatchObject({ ok: true });

    const sent = apiSince(before);
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST /api/wallet/charges/tip/${creatorId}/quote`,
      `POST /api/wallet/charges/tip/${creatorId}`,
    ]);
    const [quoteCall, actionCall] = sent as [SeenRequest, SeenRequest];
    // The very body the server quoted, with the page's key and the server's own quote token.
    expect(actionCall.body).toBe(quoteCall.body);
    expect(JSON.parse(actionCall.body!)).toEqual({ price: 10, message: 'Obrigado!' });
    const quoteAnswer = (await (await quoteCall.request.response())!.json()) as { data: { quote: string; price: number } };
    expect(quoteAnswer.data.price).toBe(10);
    expect(actionCall.headers['x-fandeck-quote']).toBe(quoteAnswer.data.quote);
    expect(actionCall.headers['idempotency-key']).toBe('tip-key-1');
    expect(await balance()).toBe(balanceBefore - 10);
  });

  it('shows a new dialog for a replay with any field changed, and the server refuses a changed body under the confirmed quote', async () => {
    const lastQuote = [...seen].reverse().find((request) => request.path.endsWith('/quote'))!;
    const confirmedQuote = ((await (await lastQuote.request.response())!.json()) as { data: { quote: string } }).data.quote;
    const balanceBefore = (await balance())!;
    const before = seen.length;

    for (const [name, changed] of [
      ['price', tipPay(11, 'tip-key-1')],
      ['message', tipPay(10, 'tip-key-1', 'Outra mensagem')],
      ['key', tipPay(10, 'tip-key-3')],
    ] as const) {
      await start(name, changed);
      const dialog = bridge().getByRole('alertdialog');
      await dialog.waitFor();
      expect(await dialog.textContent(), name).toMatch(name === 'price' ? /R\$\s?11,00/ : /R\$\s?10,00/);
      expect(await resultOf(name), name).toBeUndefined();
      await bridge().getByRole('button', { name: 'Cancelar' }).click();
      await expect.poll(() => resultOf(name)).toMatchObject({ ok: false, status: -1, body: { code: 'bridge.not_confirmed' } });
    }
    // Only quotes were asked for; nothing was charged.
    expect(apiSince(before).every((request) => request.path.endsWith('/quote'))).toBe(true);
    expect(await balance()).toBe(balanceBefore);

    // Whoever holds a confirmed quote cannot change the body under it: the server says no.
    for (const [index, body] of [{ price: 11, message: 'Obrigado!' }, { price: 10, message: 'Outra mensagem' }, { price: 10 }].entries()) {
      const response = await fetch(`${server.origin}/api/wallet/charges/tip/${creatorId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: fanToken, 'idempotency-key': `forged-${index}`, 'x-fandeck-quote': confirmedQuote },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { code?: string };
      expect({ status: response.status, code: answer.code }, JSON.stringify(body)).toEqual({ status: 422, code: 'payment.quote_mismatch' });
    }
    expect(await balance()).toBe(balanceBefore);
  });

  it('does not confirm a click that lands on Confirm because the page moved the frame under the cursor', async () => {
    const balanceBefore = (await balance())!;
    const before = seen.length;
    await start('moved', tipPay(10, 'tip-key-4'));
    const confirm = bridge().getByRole('button', { name: 'Confirmar' });
    // The fan moved the cursor onto Confirm and rested there long enough for it to arm.
    const target = await armConfirm(bridge());

    // The cursor goes to the page's decoy, outside the frame; the page then slides the
    // frame (same size, still fully on screen) so that Confirm lies under it, and the fan clicks.
    const shift = { x: 400, y: 120 };
    await page.mouse.move(target.x + shift.x, target.y + shift.y);
    await page.evaluate((css) => window.hostile.moveFrame(css), `left:${shift.x}px;top:${shift.y}px;`);
    const moved = (await confirm.boundingBox())!;
    expect(Math.abs(moved.x + moved.width / 2 - (target.x + shift.x))).toBeLessThan(1);
    await page.mouse.down();
    await page.mouse.up();
    // A confirming click would have closed the dialog in its handler.
    expect(await bridge().getByRole('alertdialog').count()).toBe(1);

    // The fan then cancels; events run in order, so had the click confirmed, the pay would already be sent.
    await bridge().getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => resultOf('moved')).toMatchObject({ ok: false, status: -1, body: { code: 'bridge.not_confirmed' } });
    expect(apiSince(before).map((request) => request.path)).toEqual([`/api/wallet/charges/tip/${creatorId}/quote`]);
    expect(await balance()).toBe(balanceBefore);
    await page.evaluate(() => window.hostile.moveFrame(''));
  });

  it("sends the page's own origin on owner routes, which the server refuses for a creator who has not listed it", async () => {
    const ownerRoutes = (Object.values(routes) as RouteSpec[]).filter((spec) => spec.embed === 'owner');
    expect(ownerRoutes.length).toBeGreaterThan(3);
    // Owner routes that only read, filled in; the page claims an origin of its choosing.
    const reads = ownerRoutes.filter((spec) => spec.method === 'GET').map((spec) => spec.path.replace(/:[A-Za-z]+/g, DUMMY_ID));
    const claimed = { [PAGE_ORIGIN_HEADER]: 'https://creator-own-site.example', 'X-Fandeck-Page-Origin': 'https://creator-own-site.example' };
    const callAll = (target: Page) =>
      target.evaluate(
        ([paths, headers]) => Promise.all(paths.map((path) => window.hostile.call({ type: 'request', method: 'GET', path, headers }))),
        [reads, claimed] as const,
      );

    // Signed in as a creator whose list does not hold this page's origin (the bridge started
    // because ana.lima's does): the bridge sends the page's real origin, the server says no.
    const otherToken = await signInApi(server.origin, otherCreator.email, otherCreator.password);
    const other = await openPage(browser, site.origin);
    try {
      const otherSeen = recordApiRequests(other.context, server.origin);
      await other.page.goto('/');
      await signInBridge(other.page, server.origin, otherToken);
      const before = otherSeen.length;
      const answers = await callAll(other.page);
      answers.forEach((answer, index) =>
        expect(answer, reads[index]).toMatchObject({ ok: false, status: 403, body: { code: 'embeds.origin_not_owned' } }),
      );
      const sent = otherSeen.slice(before);
      expect(sent.map((request) => request.path).sort()).toEqual(reads.map((path) => `/api${path}`).sort());
      for (const request of sent) {
        expect(request.headers[PAGE_ORIGIN_HEADER], request.path).toBe(site.origin);
        expect(request.headers.authorization).toBe(otherToken);
      }
    } finally {
      await other.context.close();
    }

    // The creator who listed this origin gets the same calls answered, on the same page origin.
    const creatorToken = await signInApi(server.origin, creator.email, creator.password);
    const own = await openPage(browser, site.origin);
    try {
      const ownSeen = recordApiRequests(own.context, server.origin);
      await own.page.goto('/');
      await signInBridge(own.page, server.origin, creatorToken);
      const before = ownSeen.length;
      const stats = await own.page.evaluate((headers) => window.hostile.call({ type: 'request', method: 'GET', path: '/performer/earning/stats', headers }), claimed);
      expect(stats).toMatchObject({ ok: true, status: 200 });
      expect(ownSeen.slice(before).map((request) => request.headers[PAGE_ORIGIN_HEADER])).toEqual([site.origin]);
    } finally {
      await own.context.close();
    }

    // Other embed routes never carry the header, even when the page writes it.
    const before = seen.length;
    expect(await call({ type: 'request', method: 'GET', path: '/users/me', headers: claimed })).toMatchObject({ ok: true });
    const plain = apiSince(before);
    expect(plain.map((request) => request.path)).toEqual(['/api/users/me']);
    expect(plain[0]!.headers[PAGE_ORIGIN_HEADER]).toBeUndefined();
  });
  describe("the fan's private conversations, from a page on ana.lima's site", () => {
    let creatorToken: string;
    let otherToken: string;
    let otherId: string;
    let withAna: string;
    let withOther: string;
    let sends = 0;
    const send = async (token: string, conversationId: string, text: string) => {
      const sent = await apiCall<{ _id: string }>(server.origin, 'POST', `/messages/conversations/${conversationId}`, token, { clientId: `hostile-${(sends += 1)}`, text });
      expect(sent.status).toBe(200);
      return sent.data!._id;
    };
    const liveLog = () =>
      page.evaluate(() => {
        const log = window as unknown as LiveLog;
        return { heard: log.heard, liveStatus: log.liveStatus };
      });

    beforeAll(async () => {
      [creatorToken, otherToken] = await Promise.all([signInApi(server.origin, creator.email, creator.password), signInApi(server.origin, otherCreator.email, otherCreator.password)]);
      otherId = (await apiGet<{ _id: string }>(server.origin, '/users/me', otherToken)).body?.data?._id ?? '';
      expect(otherId).not.toBe('');
      // Opened and written on the platform itself.
      const open = async (sourceId: string) => (await apiCall<ConversationDto>(server.origin, 'POST', '/conversations', fanToken, { source: 'performer', sourceId })).data!._id;
      [withAna, withOther] = [await open(creatorId), await open(otherId)];
      await send(creatorToken, withAna, 'Oi, aqui é a Ana');
      await send(otherToken, withOther, 'Só entre nós dois');
      await send(otherToken, withOther, 'Outro segredo');
    });

    it('lists, reads, writes and opens only the conversation with ana.lima; the other is not found', async () => {
      const before = seen.length;
      const listed = (await call({ type: 'request', method: 'GET', path: '/conversations' })) as { ok: boolean; data: { data: ConversationDto[]; total: number } };
      expect(listed.ok).toBe(true);
      expect(listed.data.data.map((item) => item._id)).toEqual([withAna]);
      expect(listed.data.total).toBe(1);
      const searched = (await call({ type: 'request', method: 'GET', path: '/conversations/search', query: { q: 'a' } })) as { data: { data: ConversationDto[] } };
      expect(searched.data.data.map((item) => item._id)).not.toContain(withOther);
      // The fan has 3 unread messages; 1 of them is on this page's side.
      expect(await call({ type: 'request', method: 'GET', path: '/messages/total-unread-messages' })).toMatchObject({ ok: true, data: { total: 1 } });
      expect(await call({ type: 'request', method: 'GET', path: `/conversations/${withAna}` })).toMatchObject({ ok: true, data: { _id: withAna } });

      for (const message of [
        { type: 'request', method: 'GET', path: `/conversations/${withOther}` },
        { type: 'request', method: 'GET', path: `/messages/conversations/${withOther}` },
        { type: 'request', method: 'POST', path: `/messages/conversations/${withOther}`, body: { clientId: 'hostile-write', text: 'escrito pela página da Ana' } },
        { type: 'request', method: 'POST', path: `/messages/read-all/${withOther}`, body: {} },
      ]) {
        expect(await call(message), `${message.method} ${message.path}`).toMatchObject({ ok: false, status: 404, body: { code: 'conversations.not_found' } });
      }
      expect(await call({ type: 'request', method: 'POST', path: '/conversations', body: { source: 'performer', sourceId: otherId } })).toMatchObject({
        ok: false,
        status: 403,
        body: { code: 'embeds.origin_not_owned' },
      });

      // Every one of those calls went out with the page's real origin...
      const sent = apiSince(before);
      expect(sent.length).toBe(9);
      for (const request of sent) expect(request.headers[PAGE_ORIGIN_HEADER], request.path).toBe(site.origin);
      // ...and the platform still shows the fan both, unchanged.
      const other = await apiGet<{ data: { text: string }[] }>(server.origin, `/messages/conversations/${withOther}`, fanToken);
      expect(other.body?.data?.data.map((message) => message.text)).toEqual(['Só entre nós dois', 'Outro segredo']);
      expect((await apiGet<{ total: number }>(server.origin, '/messages/total-unread-messages', fanToken)).body?.data?.total).toBe(3);
    });

    it('cannot call the notification routes', async () => {
      const before = seen.length;
      for (const [method, path] of [
        ['GET', '/notification'],
        ['GET', '/notification/total-unread'],
        ['PUT', '/notification/read-all'],
        ['PUT', `/notification/${DUMMY_ID}/read`],
        ['PUT', '/%6Eotification/read-all'],
      ]) {
        expect(await call({ type: 'request', method, path, body: {} }), `${method} ${path}`).toMatchObject(notAllowed);
      }
      expect(apiSince(before)).toEqual([]);
    });

    it("hears the conversation with ana.lima live, and nothing of the other one, nor any notification", async () => {
      // The page opens the bridge's live connection, listens to every private-message event and
      // asks to join the other conversation's room (the server would let the fan in: a member).
      await page.evaluate(([platform, other]) => {
        const log = window as unknown as LiveLog;
        log.heard = [];
        log.liveStatus = '';
        const frame = document.getElementById('bridge') as HTMLIFrameElement;
        addEventListener('message', (event) => {
          if (event.origin !== platform || event.source !== frame.contentWindow || event.data?.channel !== 'fandeck-bridge') return;
          if (event.data.type === 'live-event') log.heard.push([event.data.event, event.data.payload]);
          if (event.data.type === 'live-status') log.liveStatus = event.data.status;
        });
        const events = ['message_created', 'message_deleted', 'nofify_read_messages_in_conversation', 'send_notification', `message_created_conversation_${other}`];
        const asks = [{ type: 'live-open' }, ...events.map((event) => ({ type: 'live-on', event }))];
        asks.forEach((ask, index) => frame.contentWindow!.postMessage({ channel: 'fandeck-bridge', id: 900_000 + index, ...ask }, platform));
        // Room joins are sent only while connected: asked again once the status says so.
        const join = () => frame.contentWindow!.postMessage({ channel: 'fandeck-bridge', id: 900_100, type: 'live-join', room: `conversation:${other}` }, platform);
        addEventListener('message', (event) => {
          if (event.source === frame.contentWindow && event.data?.type === 'live-status' && event.data.status === 'connected') join();
        });
      }, [server.origin, withOther] as const);
      await expect.poll(async () => (await liveLog()).liveStatus).toBe('connected');
      const fan = await fanSocket(server.origin, fanToken);
      try {
        // The other creator writes, then deletes; the fan reads that conversation on the platform.
        const secret = await send(otherToken, withOther, 'Mais um segredo');
        const deleted = await fetch(`${server.origin}/api/messages/${secret}`, { method: 'DELETE', headers: { authorization: otherToken } });
        expect(deleted.status).toBe(200);
        expect((await apiCall(server.origin, 'POST', `/messages/read-all/${withOther}`, fanToken, {})).status).toBe(200);
        // Everything the server sends the fan about it has been sent (the fan's own socket has it all)...
        const about = (id: string) => fan.heard.filter(([, payload]) => payload?.conversationId === id || (payload?.data as Record<string, unknown> | undefined)?.conversationId === id);
        await expect
          .poll(() => about(withOther).map(([event]) => event).sort())
          .toEqual(['message_created', 'message_deleted', 'nofify_read_messages_in_conversation', 'send_notification']);

        // ...before ana.lima writes and the fan reads her conversation: those reach the page, in the order sent.
        await send(creatorToken, withAna, 'Novidade da Ana');
        expect((await apiCall(server.origin, 'POST', `/messages/read-all/${withAna}`, fanToken, {})).status).toBe(200);
        await expect.poll(async () => (await liveLog()).heard.map(([event]) => event)).toContain('nofify_read_messages_in_conversation');

        const { heard } = await liveLog();
        expect(heard.map(([event, payload]) => [event, payload.conversationId])).toEqual([
          ['message_created', withAna],
          ['nofify_read_messages_in_conversation', withAna],
        ]);
        expect(heard[0]![1]).toMatchObject({ text: 'Novidade da Ana' });
        // The read receipt does not carry the fan's unread total over every creator.
        expect(heard[1]![1]).toEqual({ conversationId: withAna });
        expect(JSON.stringify(heard)).not.toContain('segredo');
      } finally {
        fan.socket.close();
      }
    });
  });
});
