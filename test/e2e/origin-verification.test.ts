/**
 * A creator's listed origin embeds only once the creator proved control of it: the site
 * serves the listing's token at `/.well-known/fandeck-origin.txt` and the platform, asked to
 * verify, fetches it. Before that the browser refuses to frame the bridge on that site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { ORIGIN_PROOF_PATH } from '@fandeck/contract';
import { apiGet, listOrigin, signInApi, verifyOrigin } from '../support/api.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { startSite, type Site } from '../support/third-party-site.js';
import { WAIT_MS } from '../../testing/budgets.js';

const demoCreator = { email: 'creator1@fandeck.local', password: 'fandeck-demo', username: 'ana.lima' };

function shopPage(platform: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja da criadora</title>
<script src="${platform}/embed.js" async data-creator="${demoCreator.username}" data-locale="pt-BR"></script>
</head>
<body><h1>Loja da criadora</h1><fan-login id="login"></fan-login></body></html>`;
}

type Transport = { kind: string; state: { status: string; reason?: string } };
type WithSession = typeof globalThis & { [key: symbol]: { transport: Transport } | undefined };

/** Waits until the page's session has settled on a bridge status other than connecting, and returns it. */
async function bridgeState(page: Page): Promise<Transport['state'] & { kind: string }> {
  await page.waitForFunction(() => {
    const session = (globalThis as WithSession)[Symbol.for('fandeck.session')];
    return session !== undefined && ['ready', 'failed'].includes(session.transport.state.status);
  }, undefined, { timeout: WAIT_MS });
  return page.evaluate(() => {
    const transport = (globalThis as WithSession)[Symbol.for('fandeck.session')]!.transport;
    return { kind: transport.kind, ...transport.state };
  });
}

describe('an embed origin is active only once its owner proved control of it', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: Site;
  let creatorToken: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    site = await startSite({ '/': () => shopPage(server.origin) });
    creatorToken = await signInApi(server.origin, demoCreator.email, demoCreator.password);
  });

  afterAll(async () => {
    await site?.close();
    await browser?.close();
    await server?.stop();
  });

  it('gives an unverified origin no bridge; once the site serves the token and the platform checked it, it does', async () => {
    const listing = await listOrigin(server.origin, creatorToken, site.origin);
    expect(listing).toMatchObject({ origin: site.origin, verified: false, verifiedAt: null, proofUrl: `${site.origin}${ORIGIN_PROOF_PATH}` });

    // Listed, not proven: the site gets nothing, exactly as an unlisted one.
    const { context, page } = await openPage(browser, site.origin);
    try {
      const requests: string[] = [];
      page.on('request', (request: Request) => requests.push(request.url()));
      await page.goto('/');
      expect(await bridgeState(page)).toMatchObject({ kind: 'bridge', status: 'failed', reason: 'timeout' });
      // The browser refused to render the bridge page (frame-ancestors), so its script never ran.
      expect(requests.some((url) => url.includes('/widgets/bridge/assets/bridge-'))).toBe(false);
      const check = await apiGet<{ allowed: boolean }>(server.origin, `/embeds/check?creator=${demoCreator.username}&origin=${encodeURIComponent(site.origin)}`);
      expect(check.body?.data?.allowed).toBe(false);

      // Asking to verify before the file is there says what the platform found.
      const early = await verifyOrigin(server.origin, creatorToken, listing._id).then(
        () => 'verified',
        (error: Error) => error.message,
      );
      expect(early).toContain('422');
      expect(early).toContain('embeds.origin_unverified');
      expect(early).toContain(`${site.origin}${ORIGIN_PROOF_PATH} answered HTTP 404`);

      site.proveOrigin(listing.token);
      const verified = await verifyOrigin(server.origin, creatorToken, listing._id);
      expect(verified).toMatchObject({ _id: listing._id, verified: true });
      expect(Date.parse(verified.verifiedAt ?? '')).not.toBeNaN();

      await page.reload();
      expect(await bridgeState(page)).toMatchObject({ kind: 'bridge', status: 'ready' });
      await page.locator('#login').getByRole('button', { name: 'Entrar' }).waitFor();
      expect(requests.some((url) => url.includes('/widgets/bridge/assets/bridge-'))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('never lists the platform’s own origin', async () => {
    const response = await fetch(`${server.origin}/api/embeds/origins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: creatorToken },
      body: JSON.stringify({ origin: server.origin }),
      signal: AbortSignal.timeout(WAIT_MS),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { code?: string }).code).toBe('embeds.platform_origin');
  });
});
