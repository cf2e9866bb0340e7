/**
 * The bridge's `media` call: a page gets the bytes of a media file the platform signed for
 * the fan, fetched with the fan's credential, and nothing else. Anything but a `media.file`
 * link on the platform origin is refused before any fetch; what the server answers is
 * handed over only when it is a media type of at most 25 MB.
 */
import { matchRoute, PAGE_ORIGIN_HEADER, paths } from '@fandeck/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeHost } from './bridge-host.js';
import { allowedMedia, MEDIA_FILE_PATH, MEDIA_MAX_BYTES, STREAM_HLS_PATH } from './bridge-media.js';
import { PAGE_CHANNEL } from './protocol.js';

const platform = 'https://fandeck.example';
const query = 'v=0123456789abcdef01234567&e=1900000000&s=Zm9v-YmFy_c2ln';
const link = `/api/media/files/file-1/medium?${query}`;

describe('which links a page may have fetched', () => {
  const urlOf = (path: string) => {
    const target = allowedMedia(platform, path);
    return target.ok ? target.url.toString() : null;
  };

  it('is the contract route media.file, which the router takes every allowed link to', () => {
    expect(MEDIA_FILE_PATH).toBe(paths['media.file']);
    for (const path of [link, '/api/media/files/f%2D1/v360_00012.ts?v=public&e=1&s=x', '/api/media/files/a/master.m3u8?s=x&e=1&v=public']) {
      const target = allowedMedia(platform, path);
      expect(target.ok, path).toBe(true);
      const match = matchRoute('GET', (target as { url: URL }).url.pathname);
      expect(match.ok && match.name, path).toBe('media.file');
    }
  });

  it('also takes a live stream\'s signed HLS (contract streaming.hls), and nothing else under /streaming', () => {
    expect(STREAM_HLS_PATH).toBe(paths['streaming.hls']);
    for (const path of ['/api/streaming/hls/s1/index.m3u8?v=u1&e=1&s=x', '/api/streaming/hls/s1/seg_00001.m4s?v=u1&e=1&s=x']) {
      const target = allowedMedia(platform, path);
      expect(target.ok, path).toBe(true);
      const match = matchRoute('GET', (target as { url: URL }).url.pathname);
      expect(match.ok && match.name, path).toBe('streaming.hls');
    }
    for (const path of ['/api/streaming/join/s1?v=u1&e=1&s=x', '/api/streaming/hls/s1?v=u1&e=1&s=x', '/api/streaming/hls/s1/../../join/x?v=u1&e=1&s=x', '/api/streaming/hls/s1/a%2fb?v=u1&e=1&s=x']) {
      expect(allowedMedia(platform, path).ok, path).toBe(false);
    }
  });

  it('takes a link absolute on the platform or from the root, and sends it canonically with v, e and s only', () => {
    expect(urlOf(`${platform}${link}`)).toBe(`${platform}${link}`);
    expect(urlOf(link)).toBe(`${platform}${link}`);
    // A spelling that decodes to the same file is sent in the one canonical spelling, the query in its order.
    expect(urlOf(`/api/media/files/file%2D1/medium?s=Zm9v-YmFy_c2ln&e=1900000000&v=0123456789abcdef01234567`)).toBe(`${platform}${link}`);
  });

  it('refuses other routes, encoded tricks, other origins and any other query', () => {
    for (const path of [
      '/api/users/me',
      `${platform}/api/users/me`,
      `/api/users/me?${query}`,
      `/api/media/files/../../users/me?${query}`,
      `/api/media/files/file-1/../../../users/me?${query}`,
      `/api/media/files/%2e%2e/%2E%2E/users/me?${query}`,
      `/api/media/files/%252e%252e/me?${query}`,
      `/api/media/files/file-1%2fmedium?${query}`,
      `/api/media/files/file-1%2f..%2f..%2fusers/me?${query}`,
      `/api/media/files/file-1\\medium?${query}`,
      `/api/media/files/file-1/medium/extra?${query}`,
      `/api/media/files/file-1?${query}`,
      `/api/media/files//medium?${query}`,
      `/api/Media/files/file-1/medium?${query}`,
      `/media/files/file-1/medium?${query}`,
      `/api/api/media/files/file-1/medium?${query}`,
      `media/files/file-1/medium?${query}`,
      `//evil.example${link}`,
      `https://evil.example${link}`,
      `https://fandeck.example.evil.example${link}`,
      `https://fandeck.example@evil.example${link}`,
      `http://fandeck.example${link}`,
      `https://fandeck.example:443${link}`,
      `blob:${platform}/0d6f`,
      `data:image/png;base64,AAAA`,
      `${link}#top`,
      `${link}?v=1`,
      `${link}&token=secret`,
      `${link}&v=someone-else`,
      '/api/media/files/file-1/medium?v=x&e=1',
      '/api/media/files/file-1/medium',
      '/api/media/files/file-1/medium?v=a%2Fb&e=1&s=x',
      '/api/media/files/file-1/medium?v=a&e=-1&s=x',
      '/api/media/files/file-1/medium?v=a&e=1&s=x%3D',
      '/api/media/files/file-1/medium?v=a&e=1&constructor=x',
    ]) {
      expect(allowedMedia(platform, path), path).toMatchObject({ ok: false });
    }
  });
});

interface Sent {
  url: string;
  init: RequestInit;
}

describe('the bridge host answering a page’s media call', () => {
  const embedder = 'https://partner.example';
  const token = 'bridge-media-token-0123456789';
  const CREDENTIAL_KEY = 'fandeck.bridge.credential';
  const sent: Sent[] = [];
  const replies = new Map<number, { ok: boolean; status: number; data?: unknown; body?: unknown }>();
  let answer: () => Response | Promise<Response>;
  let nextId = 1;
  const own = (path: string) => `${location.origin}${path}`;

  beforeAll(() => {
    sessionStorage.setItem(CREDENTIAL_KEY, JSON.stringify({ token, remember: false }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL | string, init: RequestInit = {}) => {
        sent.push({ url: String(url), init });
        return answer();
      }),
    );
    // The bridge posts to its parent, for the embedder's origin only; the test reads what it posts.
    vi.spyOn(window.parent, 'postMessage').mockImplementation((message: unknown) => {
      const data = message as { channel?: string; type?: string; id?: number; result?: never };
      if (data.channel === PAGE_CHANNEL && data.type === 'reply') replies.set(data.id!, data.result!);
    });
    new BridgeHost({ embedder, platformOrigin: location.origin, locale: 'pt-BR' }).start();
  });

  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStorage.removeItem(CREDENTIAL_KEY);
  });

  beforeEach(() => {
    sent.length = 0;
    answer = () => new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46]), { status: 200, headers: { 'content-type': 'image/webp' } });
  });

  function post(message: object, origin = embedder): number {
    const id = nextId++;
    window.dispatchEvent(new MessageEvent('message', { data: { channel: PAGE_CHANNEL, id, ...message }, origin, source: window.parent }));
    return id;
  }
  const replyTo = (id: number) => vi.waitFor(() => replies.get(id) ?? Promise.reject(new Error('no reply yet')), { interval: 10 });

  it('fetches a media link with the credential and the page origin in the headers, no cookie, and answers the bytes as a Blob', async () => {
    const reply = await replyTo(post({ type: 'media', path: own(link) }));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(own(link));
    // With the page's origin, as the browser reported it: the server hands a page only its creators' files.
    expect(sent[0]!.init.headers).toEqual({ authorization: token, [PAGE_ORIGIN_HEADER]: embedder });
    expect(sent[0]!.init).toMatchObject({ credentials: 'omit', cache: 'no-store', redirect: 'error' });
    expect(reply).toMatchObject({ ok: true, status: 200 });
    const blob = reply.data as Blob;
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('image/webp');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x52, 0x49, 0x46, 0x46]);
  });

  it('refuses anything but a media link without fetching, whoever asks', async () => {
    for (const path of [own('/api/users/me'), own(`/api/media/files/../../users/me?${query}`), own(`/api/media/files/%2e%2e/users/me?${query}`), `https://evil.example${link}`, own(`${link}&token=x`)]) {
      expect(await replyTo(post({ type: 'media', path })), path).toMatchObject({ ok: false, status: 403, body: { code: 'bridge.route_not_allowed' } });
    }
    // Another origin's message is not even answered.
    post({ type: 'media', path: own(link) }, 'https://hostile.example');
    expect(await replyTo(post({ type: 'media', path: own('/api/users/me') }))).toMatchObject({ ok: false });
    expect(sent).toEqual([]);
  });

  it('hands over no answer that is not a media type, or is over 25 MB', async () => {
    for (const type of ['application/json', 'text/html; charset=utf-8', 'image', 'video/webm', '']) {
      answer = () => new Response('{"data":{}}', { status: 200, headers: { 'content-type': type } });
      expect(await replyTo(post({ type: 'media', path: own(link) })), type).toMatchObject({ ok: false, status: 415, body: { code: 'media.unsupported_type' } });
    }
    answer = () => new Response('x', { status: 200, headers: { 'content-type': 'video/mp4', 'content-length': String(MEDIA_MAX_BYTES + 1) } });
    expect(await replyTo(post({ type: 'media', path: own(link) }))).toMatchObject({ ok: false, status: 413, body: { code: 'media.too_large' } });
    // No length said: counted as it arrives.
    answer = () => {
      const chunk = new Uint8Array(4 * 1024 * 1024);
      let left = 7;
      const body = new ReadableStream<Uint8Array>({ pull: (controller) => (left-- > 0 ? controller.enqueue(chunk) : controller.close()) });
      return new Response(body, { status: 200, headers: { 'content-type': 'audio/mp4' } });
    };
    expect(await replyTo(post({ type: 'media', path: own(link) }))).toMatchObject({ ok: false, status: 413, body: { code: 'media.too_large' } });
    expect(sent).toHaveLength(7);
  });

  it('relays the server’s refusal by its code, with no trace of the token', async () => {
    answer = () => new Response(JSON.stringify({ statusCode: 403, code: 'media.link_invalid', message: `not for ${token}` }), { status: 403, headers: { 'content-type': 'application/json' } });
    const reply = await replyTo(post({ type: 'media', path: own(link) }));
    expect(reply).toMatchObject({ ok: false, status: 403, body: { code: 'media.link_invalid' } });
    expect(JSON.stringify(reply)).not.toContain(token);
  });

  it('stops the fetch when the page aborts the call', async () => {
    let release: () => void = () => undefined;
    answer = () => new Promise((resolve) => (release = () => resolve(new Response('x', { headers: { 'content-type': 'image/webp' } }))));
    const id = post({ type: 'media', path: own(link) });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    post({ type: 'abort', target: id });
    expect(sent[0]!.init.signal?.aborted).toBe(true);
    release();
    expect(await replyTo(id)).toMatchObject({ ok: false, status: -1, body: { code: 'request.cancelled' } });
  });
});
