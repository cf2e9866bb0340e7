/**
 * The hostile page of hostile-bridge.ts with the tools of a clickjacker (issue 21): it
 * places the bridge's frame where it likes (top/left, transform, inside a page it
 * scrolls, anchored to the viewport's corner), adds a second frame to swap with it, and
 * opens and aborts pay dialogs of its own (`window.jack`). Each placement records when it
 * happened, so a test can time the fan's click from the move itself.
 */
import type { Page } from 'playwright-core';
import { BRIDGE_FRAME_CSS, hostileBridgePage } from './hostile-bridge.js';

/** Where the page puts things: the bridge frame's and the second frame's CSS, a scroll position, the viewport. */
export interface Placement {
  bridge?: string;
  other?: string;
  /** Makes the page 4000 px wide and tall, so it can scroll. */
  tall?: boolean;
  scroll?: [number, number];
  /** Not something a page can do; the fan's window (or its devtools) resizing. */
  viewport?: { width: number; height: number };
}

/** What `window.jack` offers inside page.evaluate. */
export interface ClickjackApi {
  /** Posts a call under `name` (its own ids, apart from `window.hostile`'s) and files the answer. */
  pay(name: string, call: object): void;
  abort(name: string): void;
  result(name: string): { ok: boolean; status: number; body?: { code?: string } } | undefined;
  place(placement: Omit<Placement, 'viewport'>): void;
  /** performance.now() of the last placement. */
  movedAt: number;
}

declare global {
  interface Window {
    /** The clickjacker's tools (inside page.evaluate only). */
    jack: ClickjackApi;
  }
}

const JACK_SCRIPT = (platform: string, frameCss: string) => `
(() => {
  const platform = ${JSON.stringify(platform)};
  const base = ${JSON.stringify(frameCss)};
  const bridge = document.getElementById('bridge');
  let other = null;
  let nextId = 700000;
  const ids = {};
  const results = {};
  addEventListener('message', (event) => {
    const data = event.data;
    if (event.origin !== platform || event.source !== bridge.contentWindow || !data || data.type !== 'reply') return;
    for (const name of Object.keys(ids)) if (ids[name] === data.id) results[name] = data.result;
  });
  const post = (message) => bridge.contentWindow.postMessage({ channel: 'fandeck-bridge', ...message }, platform);
  window.jack = {
    movedAt: 0,
    pay(name, call) {
      ids[name] = nextId++;
      results[name] = undefined;
      post({ id: ids[name], ...call });
    },
    abort(name) {
      post({ id: nextId++, type: 'abort', target: ids[name] });
    },
    result: (name) => results[name],
    place(placement) {
      // The body itself grows: a spacer painted above the frame would count as covering it.
      if (placement.tall) document.body.style.cssText = 'width:4000px;height:4000px';
      if (placement.other !== undefined && !other) {
        // Another frame of the platform's, the size of the bridge's: an ad, say.
        other = document.createElement('iframe');
        other.id = 'other';
        other.src = bridge.src;
        document.body.append(other);
      }
      if (placement.bridge !== undefined) bridge.setAttribute('style', base + placement.bridge);
      if (placement.other !== undefined) other.setAttribute('style', base + placement.other);
      if (placement.scroll) window.scrollTo(placement.scroll[0], placement.scroll[1]);
      window.jack.movedAt = performance.now();
    },
  };
})();`;

export function clickjackPage(platform: string, creator: string): string {
  return hostileBridgePage(platform, creator).replace('</body>', `<script>${JACK_SCRIPT(platform, BRIDGE_FRAME_CSS)}</script></body>`);
}

/** Applies a placement: the viewport first (the test's to change), then what the page does. */
export async function place(page: Page, placement: Placement): Promise<void> {
  const { viewport, ...onPage } = placement;
  if (viewport) await page.setViewportSize(viewport);
  await page.evaluate((value) => window.jack.place(value), onPage);
}
