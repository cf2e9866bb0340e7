/**
 * A hostile embedding page that skips the loader and talks to the bridge iframe itself:
 * it is the bridge's parent window on an allowed origin, so every message it posts is
 * one the bridge reads. It styles the frame as it likes (visible, 640x480 at the top
 * left) and exposes `window.hostile` for the test to post any call and collect answers.
 * Helpers here also capture, outside any page script, every API request the browser
 * makes to the platform, and open the fan's own live connection as the platform site would.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { WAIT_MS } from '../../testing/budgets.js';

export const BRIDGE_FRAME_CSS = 'position:fixed;left:0;top:0;width:640px;height:480px;border:0;margin:0;';

export function hostileBridgePage(platform: string, creator: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Prêmios grátis</title>
<style>html,body{margin:0;height:100%;font:16px sans-serif}#decoy{position:fixed;right:40px;bottom:40px;padding:24px}</style></head>
<body><button id="decoy" type="button">Ganhe um prêmio</button>
<script>
(() => {
  const platform = ${JSON.stringify(platform)};
  const frame = document.createElement('iframe');
  frame.id = 'bridge';
  frame.referrerPolicy = 'origin';
  frame.setAttribute('style', ${JSON.stringify(BRIDGE_FRAME_CSS)});
  frame.src = platform + '/embed/bridge.html?creator=' + encodeURIComponent(${JSON.stringify(creator)}) + '&locale=pt-BR';
  document.body.append(frame);
  let nextId = 1;
  const waiting = new Map();
  const results = {};
  let ready;
  const readyMessage = new Promise((resolve) => (ready = resolve));
  let signedIn = false;
  window.addEventListener('message', (event) => {
    if (event.origin !== platform || event.source !== frame.contentWindow) return;
    const data = event.data;
    if (!data || data.channel !== 'fandeck-bridge') return;
    if (data.type === 'ready') {
      signedIn = data.signedIn;
      ready(data);
    }
    if (data.type === 'credential') signedIn = data.signedIn;
    if (data.type === 'reply' && waiting.has(data.id)) {
      waiting.get(data.id)(data.result);
      waiting.delete(data.id);
    }
  });
  const send = (call) => {
    const id = nextId++;
    const answer = new Promise((resolve) => waiting.set(id, resolve));
    frame.contentWindow.postMessage({ channel: 'fandeck-bridge', id, ...call }, platform);
    return answer;
  };
  window.hostile = {
    ready: () => readyMessage,
    signedIn: () => signedIn,
    call: send,
    /** Starts a call and files its answer under \`name\` (a pay waits on the fan, so the test polls). */
    start(name, call) {
      results[name] = undefined;
      send(call).then((result) => (results[name] = result));
    },
    result: (name) => results[name],
    moveFrame(css) { frame.setAttribute('style', ${JSON.stringify(BRIDGE_FRAME_CSS)} + css); },
  };
})();
</script></body></html>`;
}

/** What `window.hostile` offers inside page.evaluate. */
export interface HostileApi {
  ready(): Promise<{ signedIn: boolean; nonce: string }>;
  signedIn(): boolean;
  call(call: object): Promise<BridgeResult>;
  start(name: string, call: object): void;
  result(name: string): BridgeResult | undefined;
  moveFrame(css: string): void;
}
export type BridgeResult = { ok: boolean; status: number; data?: unknown; body?: { code?: string; statusCode?: number; message?: string } };

declare global {
  interface Window {
    /** The hostile page's handle on the bridge (inside page.evaluate only). */
    hostile: HostileApi;
  }
}

/**
 * Signs the fan in to the bridge the way the sign-in popup does, without its UI: a
 * window on the platform origin, opened by the page, hands the token over with the
 * nonce the bridge announced. The test plays that platform window (Playwright scripts
 * it); the hostile page only opens it and never sees the token. The real popup is
 * covered by third-party.test.ts; this suite is about what a page can do with a
 * signed-in bridge.
 */
export async function signInBridge(page: Page, platform: string, token: string): Promise<void> {
  const { nonce } = await page.evaluate(() => window.hostile.ready());
  // A platform page that does nothing on its own when it is not framed.
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate((url) => void window.open(url, 'fandeck-login'), `${platform}/embed/bridge.html`)]);
  await popup.waitForLoadState();
  const handedOver = await popup.evaluate(
    ([origin, pairing, credential]) =>
      new Promise<boolean>((resolve) => {
        const bridge = window.opener?.frames[0] as Window | undefined;
        if (!bridge) return resolve(false);
        const timer = setTimeout(() => resolve(false), 10_000);
        window.addEventListener('message', (event) => {
          if (event.origin !== origin || event.data?.channel !== 'fandeck-login') return;
          if (event.data.type === 'accept') bridge.postMessage({ channel: 'fandeck-login', type: 'token', nonce: pairing, token: credential, remember: false }, origin!);
          if (event.data.type === 'done') {
            clearTimeout(timer);
            resolve(true);
          }
        });
        bridge.postMessage({ channel: 'fandeck-login', type: 'offer', nonce: pairing }, origin!);
      }),
    [platform, nonce, token],
  );
  await popup.close();
  if (!handedOver) throw new Error('the bridge did not take the token');
  await page.waitForFunction(() => window.hostile.signedIn());
}

export interface SeenRequest {
  method: string;
  /** Path and query as sent, e.g. `/api/users/me?x=1`. */
  path: string;
  body: string | null;
  headers: Record<string, string>;
  request: Request;
}

/** Every request the context sends to the platform's /api, as the network saw it (no page script can fake these). */
export function recordApiRequests(context: BrowserContext, platform: string): SeenRequest[] {
  const seen: SeenRequest[] = [];
  context.on('request', (request) => {
    if (!request.url().startsWith(`${platform}/api/`)) return;
    const url = new URL(request.url());
    seen.push({ method: request.method(), path: `${url.pathname}${url.search}`, body: request.postData(), headers: request.headers(), request });
  });
  return seen;
}

/** The fan's own live connection, as the platform site holds it: sees everything the server sends the fan. */
export async function fanSocket(platform: string, token: string): Promise<{ socket: Socket; heard: [string, Record<string, unknown>][] }> {
  const socket = io(platform, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false });
  const heard: [string, Record<string, unknown>][] = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => heard.push([event, payload]));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  const answer = (await socket.timeout(WAIT_MS).emitWithAck('auth/login', { token })) as { ok?: boolean };
  if (!answer?.ok) throw new Error('fan socket sign-in refused');
  return { socket, heard };
}
