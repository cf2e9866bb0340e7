import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { startSite, type Site } from '../support/third-party-site.js';
import { WAIT_MS } from '../../testing/budgets.js';

interface Loaded {
  page: Page;
  /** Widget chunk requests so far, as paths (`/widgets/fan-login.js`). */
  chunks: () => string[];
  /** `fan-ready` events heard on document: tag and the element's id. */
  ready: () => Promise<{ tag: string; id: string }[]>;
  close: () => Promise<void>;
}

describe('the loader (embed.js) on a page', () => {
  let server: RunningServer;
  let browser: Browser;
  /** Another origin (`http://localhost:<port>`): the third-party case. Serves `html` at /page.html. */
  let site: Site;
  let html = '';

  beforeAll(async () => {
    [server, browser, site] = await Promise.all([startServer(), launchBrowser(), startSite({ '/page.html': () => html })]);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  /** Opens `body` (after the script tag) at `origin`, recording chunk requests and fan-ready events. */
  async function open(body: string, options: { origin?: string; script?: string } = {}): Promise<Loaded> {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1000, height: 700 } });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Embed</title></head><body>
${options.script ?? `<script src="${server.origin}/embed.js" async data-locale="pt-BR" data-creator="ana.lima"></script>`}
${body}</body></html>`;
    // The platform's own origin has no such page: the browser answers it itself.
    if (options.origin) await page.route(`${options.origin}/page.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
    const chunks: string[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.origin === server.origin && url.pathname.startsWith('/widgets/')) chunks.push(url.pathname);
    });
    await page.addInitScript(() => {
      const seen: { tag: string; id: string }[] = [];
      (window as unknown as { fanReady: typeof seen }).fanReady = seen;
      document.addEventListener('fan-ready', (event) => {
        const target = event.target as Element;
        seen.push({ tag: (event as CustomEvent<{ tag: string }>).detail.tag, id: target.id });
      });
    });
    await page.goto(`${options.origin ?? site.origin}/page.html`);
    return {
      page,
      chunks: () => [...chunks],
      ready: () => page.evaluate(() => (window as unknown as { fanReady: { tag: string; id: string }[] }).fanReady),
      close: () => context.close(),
    };
  }

  const farAway = '<div style="height: 3000px">content</div>';

  it('paints a placeholder at once, and loads nothing for an element far below the fold', async () => {
    const script = `<script src="${server.origin}/embed.js" data-locale="pt-BR"></script>
<fan-login id="far"></fan-login>
<script>window.paintedAtOnce = !!document.querySelector('#far > fan-placeholder');</script>`;
    const loaded = await open('', { script: `${farAway}${script}` });
    try {
      expect(await loaded.page.evaluate(() => (window as unknown as { paintedAtOnce: boolean }).paintedAtOnce)).toBe(true);
      const placeholder = await loaded.page.evaluate(() => {
        const box = document.querySelector('#far > fan-placeholder');
        return { label: box?.shadowRoot?.textContent ?? '', height: box?.getBoundingClientRect().height ?? 0 };
      });
      expect(placeholder.label).toContain('fan-login');
      expect(placeholder.height).toBe(380);
      // The loader has looked at the far element (its observer reported) and left it waiting.
      await loaded.page.locator('#far > fan-placeholder[data-near="false"]').waitFor({ state: 'attached' });
      expect(loaded.chunks()).toEqual([]);
      expect(await loaded.ready()).toEqual([]);

      await loaded.page.locator('#far').scrollIntoViewIfNeeded();
      await loaded.page.waitForFunction(() => (window as unknown as { fanReady: unknown[] }).fanReady.length === 1);
      expect(await loaded.ready()).toEqual([{ tag: 'fan-login', id: 'far' }]);
      expect(loaded.chunks()).toContain('/widgets/fan-login.js');
      expect(loaded.chunks().filter((path) => path === '/widgets/runtime.js')).toHaveLength(1);
      // The real element replaced the placeholder.
      expect(await loaded.page.locator('#far > fan-placeholder').count()).toBe(0);
      expect(await loaded.page.evaluate(() => !!document.querySelector('#far')?.shadowRoot?.querySelector('[part~="form"]'))).toBe(true);
    } finally {
      await loaded.close();
    }
  });

  it('loads an element near the viewport, with the shared runtime once for two elements', async () => {
    const loaded = await open('<fan-login id="one"></fan-login><fan-login id="two" locale="en"></fan-login>');
    try {
      await loaded.page.waitForFunction(() => (window as unknown as { fanReady: unknown[] }).fanReady.length === 2);
      expect((await loaded.ready()).map((event) => event.id).sort()).toEqual(['one', 'two']);
      expect(loaded.chunks().filter((path) => path === '/widgets/runtime.js')).toHaveLength(1);
      expect(loaded.chunks().filter((path) => path === '/widgets/fan-login.js')).toHaveLength(1);
      const headings = await loaded.page.evaluate(() =>
        ['one', 'two'].map((id) => document.getElementById(id)?.shadowRoot?.querySelector('[part="heading"]')?.textContent),
      );
      expect(headings).toEqual(['Entrar', 'Sign in']);
    } finally {
      await loaded.close();
    }
  });

  it('loads an element far away as soon as it is touched or focused', async () => {
    const touched = await open(`${farAway}<fan-login id="far"></fan-login>`);
    try {
      await touched.page.locator('#far > fan-placeholder[data-near="false"]').waitFor({ state: 'attached' });
      expect(touched.chunks()).toEqual([]);
      await touched.page.locator('#far').dispatchEvent('pointerdown');
      await touched.page.waitForFunction(() => (window as unknown as { fanReady: unknown[] }).fanReady.length === 1);
      expect(touched.chunks()).toContain('/widgets/fan-login.js');
    } finally {
      await touched.close();
    }
    const focused = await open(`${farAway}<fan-login id="far" tabindex="0"></fan-login>`);
    try {
      await focused.page.locator('#far > fan-placeholder[data-near="false"]').waitFor({ state: 'attached' });
      expect(focused.chunks()).toEqual([]);
      await focused.page.evaluate(() => (document.getElementById('far') as HTMLElement).focus({ preventScroll: true }));
      await focused.page.waitForFunction(() => (window as unknown as { fanReady: unknown[] }).fanReady.length === 1);
    } finally {
      await focused.close();
    }
  });

  it('picks up elements the page adds later, before and after the chunk arrived', async () => {
    const loaded = await open('<main id="app"></main>');
    try {
      // The loader is running (its placeholder element is defined) and, with no element on the page, loads nothing.
      await loaded.page.waitForFunction(() => customElements.get('fan-placeholder') !== undefined);
      expect(loaded.chunks()).toEqual([]);
      // Checked in the page, right after the loader's mutation callback (queued before this
      // continuation): a separate round trip could come after the chunk arrived and dropped it.
      const paintedAtOnce = await loaded.page.evaluate(async () => {
        const element = document.createElement('fan-login');
        element.id = 'added';
        document.getElementById('app')?.append(element);
        await Promise.resolve();
        return element.querySelectorAll(':scope > fan-placeholder').length;
      });
      expect(paintedAtOnce).toBe(1);
      await loaded.page.waitForFunction(() => (window as unknown as { fanReady: unknown[] }).fanReady.length === 1);
      await loaded.page.evaluate(() => {
        const wrapper = document.createElement('section');
        wrapper.innerHTML = '<fan-login id="later" data-theme="light"></fan-login>';
        document.getElementById('app')?.append(wrapper);
      });
      await loaded.page.waitForFunction(() => (window as unknown as { fanReady: unknown[] }).fanReady.length === 2);
      expect((await loaded.ready()).map((event) => event.id)).toEqual(['added', 'later']);
      expect(await loaded.page.evaluate(() => document.getElementById('later')?.shadowRoot?.querySelector('[part="root"]')?.getAttribute('data-theme'))).toBe(
        'light',
      );
      expect(loaded.chunks().filter((path) => path === '/widgets/fan-login.js')).toHaveLength(1);
    } finally {
      await loaded.close();
    }
  });

  it('asks for no password on a third-party page, and signs in with the form on the platform origin; socket.io-client comes only with the sign-in', async () => {
    const foreign = await open('<fan-login id="login"></fan-login>');
    try {
      await foreign.page.waitForFunction(() => (window as unknown as { fanReady: unknown[] }).fanReady.length === 1);
      const form = foreign.page.locator('#login').locator('[part~="form"]');
      expect(await form.getAttribute('data-mode')).toBe('popup');
      expect(await foreign.page.locator('#login').locator('input[type="password"]').count()).toBe(0);
      expect(foreign.chunks().filter((path) => /\/socket-[\w-]+\.js$/.test(path))).toEqual([]);
    } finally {
      await foreign.close();
    }

    const own = await open('<fan-login id="login"></fan-login>', { origin: server.origin });
    try {
      await own.page.waitForFunction(() => (window as unknown as { fanReady: unknown[] }).fanReady.length === 1);
      const element = own.page.locator('#login');
      await own.page.evaluate(() => {
        document.addEventListener('fan-login', (event) => {
          (window as unknown as { signedIn: unknown }).signedIn = (event as CustomEvent).detail;
        });
      });
      // Signed out, the page has no live connection, so it never fetched socket.io-client.
      expect(own.chunks().filter((path) => path.startsWith('/widgets/chunks/socket-'))).toEqual([]);
      const socketClient = own.page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/widgets/chunks/socket-'));
      await element.getByLabel('E-mail ou nome de usuário').fill('fan1@fandeck.local');
      await element.getByLabel('Senha').fill('fandeck-demo');
      await element.getByRole('button', { name: 'Entrar' }).click();
      await own.page.waitForFunction(() => (window as unknown as { signedIn?: unknown }).signedIn !== undefined);
      const detail = (await own.page.evaluate(() => (window as unknown as { signedIn: unknown }).signedIn)) as { user: Record<string, unknown> };
      expect(Object.keys(detail.user).sort()).toEqual(['_id', 'isPerformer', 'name', 'username']);
      expect(detail.user.isPerformer).toBe(false);
      await element.getByRole('button', { name: 'Sair' }).waitFor();
      // The session opens its live connection on sign-in, which fetches the client then.
      await socketClient;
    } finally {
      await own.close();
    }
  });
});
