/**
 * useMediaUrl: a signed media link as a src. On the platform's own origin the link itself,
 * in place before the first paint; on a third-party page (the fake plays the bridge) an
 * object URL of the bytes, null until they arrive, revoked and its fetch aborted when the
 * link changes or the view goes.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../session/session.js';
import { createFakeTransport, ok, type FakeTransport } from '../session/testing/fake-transport.js';
import { useMediaUrl } from './use-media-url.js';

const platform = 'http://platform.test';
const photo = `${platform}/api/media/files/f1/medium?v=fan-1&e=1900000000&s=sig1`;
const other = `${platform}/api/media/files/f2/medium?v=fan-1&e=1900000000&s=sig2`;
const soon = { interval: 10 };

let transport: FakeTransport;
let root: Root | null = null;
let host: HTMLElement;

function Shown({ url }: { url: string | null }) {
  const src = useMediaUrl(url);
  return <img alt="" src={src ?? undefined} />;
}

/** Renders (or re-renders) synchronously: layout effects and what they set are done on return. */
function show(url: string | null): HTMLImageElement {
  root ??= createRoot(host);
  flushSync(() => root!.render(<Shown url={url} />));
  return host.querySelector('img')!;
}

/** A reply the test settles when it likes. */
function deferred(): { promise: Promise<Blob | null>; resolve: (blob: Blob | null) => void } {
  let resolve: (blob: Blob | null) => void = () => undefined;
  const promise = new Promise<Blob | null>((done) => (resolve = done));
  return { promise, resolve };
}

beforeAll(() => {
  transport = createFakeTransport({ origin: platform });
  transport.respond('GET', '/settings/public', ok({}));
  getSession({ transport, lazy: true });
});

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  transport.mediaCalls.length = 0;
});

afterEach(() => {
  root?.unmount();
  root = null;
  host.remove();
  vi.restoreAllMocks();
});

describe('useMediaUrl', () => {
  it('answers a link the page loads itself at once, before the first paint', () => {
    const img = show(photo);
    expect(img.getAttribute('src')).toBe(photo);
    expect(transport.mediaCalls.map((call) => call.url)).toEqual([photo]);
    expect(show(null).hasAttribute('src')).toBe(false);
  });

  it('shows bytes the bridge fetched as an object URL once they arrive, and revokes it when the view goes', async () => {
    const reply = deferred();
    transport.respondMedia(photo, reply.promise);
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const img = show(photo);
    expect(img.hasAttribute('src')).toBe(false);

    reply.resolve(new Blob(['webp-bytes'], { type: 'image/webp' }));
    await vi.waitFor(() => expect(img.getAttribute('src')).toMatch(/^blob:/), soon);
    const src = img.getAttribute('src')!;
    expect(await (await fetch(src)).text()).toBe('webp-bytes');
    expect(transport.mediaCalls[0]!.signal?.aborted).toBe(false);

    root!.unmount();
    root = null;
    expect(revoke).toHaveBeenCalledWith(src);
    expect(transport.mediaCalls[0]!.signal?.aborted).toBe(true);
  });

  it('on a new link aborts the fetch under way, revokes what it showed, and never shows the old file for the new link', async () => {
    transport.respondMedia(photo, new Blob(['first'], { type: 'image/webp' }));
    const pending = deferred();
    transport.respondMedia(other, pending.promise);
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const img = show(photo);
    await vi.waitFor(() => expect(img.getAttribute('src')).toMatch(/^blob:/), soon);
    const first = img.getAttribute('src')!;

    expect(show(other).hasAttribute('src')).toBe(false);
    expect(revoke).toHaveBeenCalledWith(first);
    // Back to the first link before the second arrived: fetched again, the revoked URL not reused.
    show(photo);
    expect(transport.mediaCalls.map((call) => call.url)).toEqual([photo, other, photo]);
    expect(transport.mediaCalls[1]!.signal?.aborted).toBe(true);
    expect(img.getAttribute('src')).not.toBe(first);
    await vi.waitFor(() => expect(img.getAttribute('src')).toMatch(/^blob:/), soon);
    expect(img.getAttribute('src')).not.toBe(first);
    expect(await (await fetch(img.getAttribute('src')!)).text()).toBe('first');
    pending.resolve(new Blob(['late']));
  });

  it('falls back to the link itself when the bytes cannot be had, so the browser shows it as broken', async () => {
    transport.respondMedia(photo, null);
    const img = show(photo);
    await vi.waitFor(() => expect(img.getAttribute('src')).toBe(photo), soon);
  });
});
