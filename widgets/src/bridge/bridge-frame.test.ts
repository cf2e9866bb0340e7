import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeFrame } from './bridge-frame.js';
import { PAGE_CHANNEL } from './protocol.js';

/**
 * The page side's checks, in a real browser. The "bridge" here is a same-origin
 * about:blank frame we script from inside (so `event.source` is that frame), which
 * lets the test play a bridge, an impostor in the same window, or another origin.
 */
const frames: BridgeFrame[] = [];
afterEach(() => {
  for (const frame of frames.splice(0)) frame.dispose();
  document.querySelectorAll('iframe').forEach((iframe) => iframe.remove());
});

async function open(readyTimeoutMs = 30_000): Promise<{ frame: BridgeFrame; inside: Window & { eval(code: string): unknown }; sent: unknown[] }> {
  const frame = new BridgeFrame({ origin: location.origin, creator: 'ana.lima', readyTimeoutMs });
  frames.push(frame);
  // The frame is added in a task after the constructor's, so whatever made it is not held up.
  expect(document.querySelector('iframe[data-fandeck-bridge]')).toBeNull();
  const iframe = await vi.waitFor(() => {
    const found = document.querySelector<HTMLIFrameElement>('iframe[data-fandeck-bridge]');
    expect(found).not.toBeNull();
    return found!;
  });
  expect(new URL(iframe.src).pathname).toBe('/embed/bridge.html');
  expect(new URL(iframe.src).searchParams.get('creator')).toBe('ana.lima');
  // Swap the real page for a blank same-origin one we can script.
  await new Promise<void>((resolve) => {
    iframe.addEventListener('load', () => resolve(), { once: true });
    iframe.src = 'about:blank';
  });
  const inside = iframe.contentWindow as Window & { eval(code: string): unknown; sent?: unknown[] };
  inside.eval(`window.sent = []; addEventListener('message', (e) => window.sent.push(e.data));`);
  return { frame, inside, sent: inside.sent! };
}

const post = (from: Window & { eval(code: string): unknown }, message: object) =>
  from.eval(`parent.postMessage(${JSON.stringify({ channel: PAGE_CHANNEL, ...message })}, '*')`);
/**
 * Resolves once every message `from` posted to this window before it has been handled:
 * a window's posted messages arrive in order, so a marker posted after them arrives last.
 */
function handled(from: Window & { eval(code: string): unknown } = window): Promise<void> {
  const marker = `handled-${Math.random()}`;
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.data !== marker) return;
      removeEventListener('message', onMessage);
      resolve();
    };
    addEventListener('message', onMessage);
    if (from === window) window.postMessage(marker, '*');
    else from.eval(`parent.postMessage(${JSON.stringify(marker)}, '*')`);
  });
}

describe('the page side of the bridge', () => {
  it('takes `ready` only from its own frame, then sends the queued calls', async () => {
    const { frame, inside, sent } = await open();
    const call = frame.call({ type: 'logout' }, { ok: false });
    // The same message from the page's own window (any script could send it) is ignored.
    window.postMessage({ channel: PAGE_CHANNEL, type: 'ready', version: 1, signedIn: true, nonce: 'n1' }, '*');
    await handled();
    expect(frame.state.status).toBe('connecting');
    expect(sent).toEqual([]);

    post(inside, { type: 'ready', version: 1, signedIn: true, nonce: 'n1' });
    expect(await frame.whenReady()).toBe(true);
    expect(frame.signedIn).toBe(true);
    expect(frame.nonce).toBe('n1');
    await vi.waitFor(() => expect(sent).toEqual([{ channel: PAGE_CHANNEL, type: 'logout', id: call.id }]));

    // A forged reply from the page's window does not settle the call; the frame's does.
    window.postMessage({ channel: PAGE_CHANNEL, type: 'reply', id: call.id, result: { ok: 'forged' } }, '*');
    post(inside, { type: 'reply', id: call.id, result: { ok: true } });
    expect(await call.result).toEqual({ ok: true });
  });

  it('ignores a frame that navigated to another origin', async () => {
    const { frame } = await open(600);
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-fandeck-bridge]')!;
    const ready = JSON.stringify({ channel: PAGE_CHANNEL, type: 'ready', version: 1, signedIn: true, nonce: 'x' });
    // An opaque-origin document in our frame: right source, wrong origin.
    iframe.src = `data:text/html,<script>parent.postMessage(${encodeURIComponent(ready)}, '*')</script>`;
    expect(await frame.whenReady()).toBe(false);
    expect(frame.state).toMatchObject({ status: 'failed', reason: 'timeout' });
  });

  it('reports a timeout, answers pending calls with their fallback and removes the frame', async () => {
    const { frame } = await open(300);
    const call = frame.call({ type: 'request', method: 'GET', path: '/users/me' }, 'unavailable');
    expect(await call.result).toBe('unavailable');
    expect(frame.state).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(document.querySelector('iframe[data-fandeck-bridge]')).toBeNull();
    expect(await frame.call({ type: 'logout' }, 'later').result).toBe('later');
  });

  it('fails at once without a creator or with a bad origin', () => {
    const noCreator = new BridgeFrame({ origin: location.origin });
    const badOrigin = new BridgeFrame({ origin: 'not a url', creator: 'ana' });
    frames.push(noCreator, badOrigin);
    expect(noCreator.state).toMatchObject({ status: 'failed', reason: 'no-creator' });
    expect(badOrigin.state).toMatchObject({ status: 'failed', reason: 'bad-origin' });
    expect(document.querySelector('iframe[data-fandeck-bridge]')).toBeNull();
  });

  it('follows credential changes and forwards live events from its frame only', async () => {
    const { frame, inside } = await open();
    post(inside, { type: 'ready', version: 1, signedIn: false, nonce: 'n1' });
    await frame.whenReady();
    const changes: boolean[] = [];
    const events: [string, unknown][] = [];
    frame.onCredential((signedIn) => changes.push(signedIn));
    frame.onLiveEvent((event, payload) => events.push([event, payload]));
    window.postMessage({ channel: PAGE_CHANNEL, type: 'credential', signedIn: true, nonce: 'forged' }, '*');
    post(inside, { type: 'credential', signedIn: true, nonce: 'n2' });
    post(inside, { type: 'live-event', event: 'update_balance', payload: { token: -5 } });
    await Promise.all([handled(), handled(inside)]);
    expect(changes).toEqual([true]);
    expect(frame.nonce).toBe('n2');
    expect(events).toEqual([['update_balance', { token: -5 }]]);
  });

  it('shows its frame as an overlay only while asked', async () => {
    const { frame } = await open();
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-fandeck-bridge]')!;
    expect(getComputedStyle(iframe).visibility).toBe('hidden');
    frame.setOverlay(true);
    expect(getComputedStyle(iframe).visibility).toBe('visible');
    expect(getComputedStyle(iframe).position).toBe('fixed');
    expect(iframe.getBoundingClientRect().width).toBe(window.innerWidth);
    frame.setOverlay(false);
    expect(getComputedStyle(iframe).visibility).toBe('hidden');
  });
});
