/**
 * `media` on a third-party page's transport: a platform media link becomes the bridge's
 * `media` call and its answer the file's bytes; any other link is the page's to load as
 * it is. The "bridge" is a same-origin blank frame the test scripts, as in bridge-frame.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridgeTransport, type BridgeTransport } from './bridge-transport.js';
import { PAGE_CHANNEL } from './protocol.js';

type Inside = Window & { eval(code: string): unknown; sent?: { type: string; id: number; path?: string; target?: number }[] };

const link = (origin: string) => `${origin}/api/media/files/f1/medium?v=fan-1&e=1900000000&s=sig`;
let transport: BridgeTransport | null = null;

afterEach(() => {
  transport?.dispose();
  transport = null;
});

/** A transport whose bridge answers `media` calls as `answer` (a script run in the frame) says. */
async function bridged(answer: string): Promise<{ transport: BridgeTransport; sent: NonNullable<Inside['sent']> }> {
  transport = createBridgeTransport({ origin: location.origin, creator: 'ana.lima', readyTimeoutMs: 5000 });
  const iframe = await vi.waitFor(() => document.querySelector<HTMLIFrameElement>('iframe[data-fandeck-bridge]') ?? Promise.reject(new Error('no frame yet')));
  await new Promise<void>((resolve) => {
    iframe.addEventListener('load', () => resolve(), { once: true });
    iframe.src = 'about:blank';
  });
  const inside = iframe.contentWindow as Inside;
  inside.eval(`window.sent = [];
    addEventListener('message', (event) => {
      window.sent.push(event.data);
      if (event.data.type !== 'media') return;
      const reply = (result) => parent.postMessage({ channel: '${PAGE_CHANNEL}', type: 'reply', id: event.data.id, result }, '*');
      ${answer}
    });
    parent.postMessage({ channel: '${PAGE_CHANNEL}', type: 'ready', version: 3, signedIn: true, nonce: 'n' }, '*');`);
  expect(await transport.whenReady()).toBe(true);
  return { transport, sent: inside.sent! };
}

describe('media on the bridge transport', () => {
  it('answers other links unchanged, at once, without asking the bridge', async () => {
    const { transport, sent } = await bridged(`reply({ ok: false, status: 500, body: {} });`);
    for (const url of ['https://cdn.example/a.jpg', `${location.origin}/files/defaults/avatar.svg`, `${location.origin}/api/users/me`, 'blob:https://partner.example/1']) {
      expect(transport.media(url)).toBe(url);
    }
    expect(sent).toEqual([]);
  });

  it('asks the bridge for a platform media link and answers the Blob it sends', async () => {
    const { transport, sent } = await bridged(`reply({ ok: true, status: 200, data: new Blob(['webp-bytes'], { type: 'image/webp' }) });`);
    const answer = transport.media(link(location.origin));
    expect(answer).toBeInstanceOf(Promise);
    const blob = await answer;
    expect(blob).toBeInstanceOf(Blob);
    expect(await (blob as Blob).text()).toBe('webp-bytes');
    expect(sent.map(({ type, path }) => ({ type, path }))).toEqual([{ type: 'media', path: link(location.origin) }]);
  });

  it('answers null for a refusal, and for a call the page aborts (which the bridge is told)', async () => {
    const { transport, sent } = await bridged(`if (!event.data.path.includes('wait')) reply({ ok: false, status: 403, body: { code: 'media.link_invalid' } });`);
    expect(await transport.media(link(location.origin))).toBeNull();

    const controller = new AbortController();
    const waiting = transport.media(`${link(location.origin)}&wait=1`, controller.signal);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    controller.abort();
    expect(await waiting).toBeNull();
    await vi.waitFor(() => expect(sent[2]).toMatchObject({ type: 'abort', target: sent[1]!.id }));
  });
});
