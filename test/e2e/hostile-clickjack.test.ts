/**
 * A page cannot clickjack the pay dialog (issue 21, defect 1). A page on an origin the
 * creator lists asks for a 50.00 tip and moves the bridge's frame so that Confirm lies
 * under the fan's still cursor; the fan's next click, about 50 ms after the move, and
 * another 700 ms later, do not confirm: no charge reaches the server and the wallet is
 * unchanged. The attack of the issue: the dialog is first shown fully visible in a corner
 * for 700 ms (long enough to arm a rule that only waits), and, in half the variants, the
 * page first opens a throwaway dialog with the frame under the cursor and aborts it, so
 * that Chromium's `pointerover` for the new dialog carries the frame's previous offset,
 * the very one it is moved back to. The frame moves by top/left, by transform, by the
 * page scrolling, by the viewport being resized (frame anchored to its corner) and by
 * swapping places with a second frame; it stays fully on screen, so no observer fires.
 *
 * A still, visible dialog that the fan moves the mouse onto, rests on for a second and
 * clicks still confirms, and charges once.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOrigin, apiGet, signInApi } from '../support/api.js';
import { moveLikeAHand, type Point } from '../support/bridge-dialog.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { clickjackPage, place, type Placement } from '../support/clickjack-page.js';
import { recordApiRequests, signInBridge } from '../support/hostile-bridge.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { startSite, type Site } from '../support/third-party-site.js';

const creator = { email: 'creator1@fandeck.local', password: 'fandeck-demo', username: 'ana.lima' };
const fan = { email: 'fan1@fandeck.local', password: 'fandeck-demo' };
const PRICE = 50;
/** Where every variant finally puts the frame's top-left corner on screen (page coordinates). */
const FINAL = { x: 400, y: 120 };
/** How long the dialog shows, fully visible and still, before the page moves it. */
const SHOWN_MS = 700;
/** The fan's second click comes this long after the first. */
const LATE_CLICK_MS = 700;

interface Variant {
  name: string;
  viewport: { width: number; height: number };
  /** The frame with Confirm under the fan's cursor. */
  under: Placement;
  /** The frame fully visible, away from the cursor. */
  corner: Placement;
}

const variants: Variant[] = [
  {
    name: 'by top/left',
    viewport: { width: 1280, height: 720 },
    under: { bridge: `left:${FINAL.x}px;top:${FINAL.y}px;` },
    corner: { bridge: 'left:0;top:0;' },
  },
  {
    name: 'by transform',
    viewport: { width: 1280, height: 720 },
    under: { bridge: `left:0;top:0;transform:translate(${FINAL.x}px,${FINAL.y}px);` },
    corner: { bridge: 'left:0;top:0;transform:none;' },
  },
  {
    name: 'by the page scrolling',
    viewport: { width: 1280, height: 720 },
    under: { tall: true, bridge: 'position:absolute;left:1000px;top:1000px;', scroll: [1000 - FINAL.x, 1000 - FINAL.y] },
    corner: { tall: true, bridge: 'position:absolute;left:1000px;top:1000px;', scroll: [1000, 1000] },
  },
  {
    name: 'by resizing the viewport (frame anchored to its bottom-right corner)',
    viewport: { width: 1700, height: 1000 },
    under: { bridge: 'left:auto;top:auto;right:0;bottom:0;', viewport: { width: FINAL.x + 640, height: FINAL.y + 480 } },
    corner: { bridge: 'left:auto;top:auto;right:0;bottom:0;', viewport: { width: 1700, height: 1000 } },
  },
  {
    name: 'by swapping two frames',
    viewport: { width: 1700, height: 720 },
    under: { bridge: `left:${FINAL.x}px;top:${FINAL.y}px;`, other: `left:1050px;top:${FINAL.y}px;` },
    corner: { bridge: `left:1050px;top:${FINAL.y}px;`, other: `left:${FINAL.x}px;top:${FINAL.y}px;` },
  },
];

const inside = (box: { x: number; y: number; width: number; height: number } | null, point: Point) =>
  box !== null && point.x > box.x && point.x < box.x + box.width && point.y > box.y && point.y < box.y + box.height;

describe('a hostile page cannot clickjack the pay dialog', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: Site;
  let fanToken: string;
  let creatorId: string;
  /** Confirm's centre inside the 640x480 frame, measured once on a dialog of the same price. */
  let confirmInFrame: Point;

  const balance = async () => (await apiGet<{ balance: number }>(server.origin, '/users/me', fanToken)).body?.data?.balance;
  const tipPay = (idempotencyKey: string) => ({
    type: 'pay',
    request: { action: 'charge:tip', params: { id: creatorId }, body: { price: PRICE, message: 'Ganhe um prêmio' }, idempotencyKey },
  });
  const chargePath = () => `/api/wallet/charges/tip/${creatorId}`;

  /** A fresh page of the hostile site with the fan signed in to its bridge. */
  async function hostilePage(viewport: { width: number; height: number }) {
    const opened = await openPage(browser, site.origin);
    const seen = recordApiRequests(opened.context, server.origin);
    await opened.page.setViewportSize(viewport);
    await opened.page.goto('/');
    await signInBridge(opened.page, server.origin, fanToken);
    return { ...opened, seen };
  }
  const pay = (page: Page, name: string, key: string) => page.evaluate(([n, call]) => window.jack.pay(n as string, call as object), [name, tipPay(key)] as const);
  const resultOf = (page: Page, name: string) => page.evaluate((n) => window.jack.result(n), name);
  const dialogShown = (page: Page) => page.frameLocator('#bridge').locator('[role="alertdialog"][data-visible="true"]').waitFor();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    site = await startSite({ '/': () => clickjackPage(server.origin, creator.username) });
    const creatorToken = await signInApi(server.origin, creator.email, creator.password);
    await allowOrigin(server.origin, creatorToken, site);
    fanToken = await signInApi(server.origin, fan.email, fan.password);
    creatorId = (await apiGet<{ _id: string }>(server.origin, `/performers/${creator.username}`)).body?.data?._id ?? '';
    expect(creatorId).not.toBe('');

    // Where Confirm sits in the frame (the page can know its layout as well as the test).
    const { context, page } = await hostilePage({ width: 1280, height: 720 });
    try {
      await pay(page, 'measure', 'clickjack-measure');
      await dialogShown(page);
      const frameBox = (await page.locator('#bridge').boundingBox())!;
      const box = (await page.frameLocator('#bridge').getByRole('button', { name: 'Confirmar' }).boundingBox())!;
      confirmInFrame = { x: box.x + box.width / 2 - frameBox.x, y: box.y + box.height / 2 - frameBox.y };
      await page.evaluate(() => window.jack.abort('measure'));
      await page.waitForFunction(() => window.jack.result('measure')?.ok === false);
    } finally {
      await context.close();
    }
  });

  afterAll(async () => {
    await site?.close();
    await browser?.close();
    await server?.stop();
  });

  for (const [index, variant] of variants.entries()) {
    for (const throwaway of [false, true]) {
      it(`does not confirm when the page moves the frame under the still cursor ${variant.name}${throwaway ? ', after a throwaway dialog' : ''}`, async () => {
        const { context, page, seen } = await hostilePage(variant.viewport);
        try {
          const bridge = page.frameLocator('#bridge');
          const dialog = bridge.getByRole('alertdialog');
          const confirm = bridge.getByRole('button', { name: 'Confirmar' });
          const balanceBefore = (await balance())!;
          expect(balanceBefore).toBeGreaterThanOrEqual(PRICE);
          // The fan's cursor comes to rest where the page will bring Confirm, and stays there.
          const cursor = { x: FINAL.x + confirmInFrame.x, y: FINAL.y + confirmInFrame.y };
          await page.mouse.move(cursor.x - 200, cursor.y + 150);
          await page.mouse.move(cursor.x, cursor.y, { steps: 8 });

          if (throwaway) {
            // A first dialog whose frame sits under the cursor; the page aborts it.
            await place(page, variant.under);
            await pay(page, 'throwaway', `clickjack-throwaway-${index}`);
            await dialogShown(page);
            await page.evaluate(() => window.jack.abort('throwaway'));
            await expect.poll(() => resultOf(page, 'throwaway')).toMatchObject({ ok: false });
            await dialog.waitFor({ state: 'detached' });
          }

          // The real dialog, fully visible in a corner away from the cursor, for SHOWN_MS.
          await place(page, variant.corner);
          await pay(page, 'attack', `clickjack-attack-${index}-${throwaway ? 'after-throwaway' : 'alone'}`);
          await dialogShown(page);
          expect(inside(await confirm.boundingBox(), cursor)).toBe(false);
          const shownAt = await page.evaluate(() => performance.now());
          await page.waitForFunction(([since, ms]) => performance.now() - since! >= ms!, [shownAt, SHOWN_MS]);

          // The page moves the frame, which stays fully on screen, so that Confirm lies under the cursor.
          await place(page, variant.under);
          expect(inside(await confirm.boundingBox(), cursor)).toBe(true);
          expect(await bridge.locator('[role="alertdialog"][data-visible="true"]').count()).toBe(1);
          await page.mouse.down();
          await page.mouse.up();
          // A confirming click closes the dialog in its own handler, before the input call returns.
          expect(await dialog.count()).toBe(1);
          // The next click comes LATE_CLICK_MS after that one (so after the move too), the cursor still unmoved.
          const firstClickAt = await page.evaluate(() => performance.now());
          await page.waitForFunction(([since, ms]) => performance.now() - since! >= ms!, [firstClickAt, LATE_CLICK_MS]);
          await page.mouse.down();
          await page.mouse.up();
          expect(await dialog.count()).toBe(1);

          // The fan then cancels; had either click confirmed, the charge would already be on its way.
          await bridge.getByRole('button', { name: 'Cancelar' }).click();
          await expect.poll(() => resultOf(page, 'attack')).toMatchObject({ ok: false, body: { code: 'bridge.not_confirmed' } });
          expect(seen.filter((request) => request.path === chargePath())).toEqual([]);
          expect(await balance()).toBe(balanceBefore);
        } finally {
          await context.close();
        }
      });
    }
  }

  it('confirms a still, visible dialog the fan moved the mouse onto, rested on for a second and clicked', async () => {
    const { context, page, seen } = await hostilePage({ width: 1280, height: 720 });
    try {
      const bridge = page.frameLocator('#bridge');
      const balanceBefore = (await balance())!;
      await page.mouse.move(1200, 650);
      await place(page, { bridge: `left:${FINAL.x}px;top:${FINAL.y}px;` });
      await pay(page, 'honest', 'clickjack-honest');
      await dialogShown(page);
      await bridge.locator('button.fd-confirm[data-state="armed"]').waitFor();
      const target = { x: FINAL.x + confirmInFrame.x, y: FINAL.y + confirmInFrame.y };
      await moveLikeAHand(page, target);
      const restingSince = await page.evaluate(() => performance.now());
      await bridge.locator('button.fd-confirm[data-pointer="armed"]').waitFor();
      await page.waitForFunction((since) => performance.now() - since >= 1_000, restingSince);
      await page.mouse.down();
      await page.mouse.up();
      await expect.poll(() => resultOf(page, 'honest')).toMatchObject({ ok: true });
      expect(seen.filter((request) => request.path === chargePath()).length).toBe(1);
      expect(await balance()).toBe(balanceBefore - PRICE);
    } finally {
      await context.close();
    }
  });
});
