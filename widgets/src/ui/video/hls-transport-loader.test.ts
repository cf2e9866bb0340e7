/**
 * The hls.js loader of a bridged page, as the chat's videos and the live player use it:
 * every playlist and segment comes through the transport (the fake plays the bridge),
 * answered as hls.js asked (text or bytes, a byte range cut), a refusal as an error, an
 * abort as an abort and nothing after it; a link the page may load itself is fetched with
 * the cache mode asked for.
 */
import type { LoaderCallbacks, LoaderConfiguration, LoaderContext } from 'hls.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeTransport } from '../../session/testing/fake-transport.js';
import { transportLoader } from './hls-transport-loader.js';

const platform = 'http://platform.test';
const master = `${platform}/api/media/files/v1/master.m3u8?v=fan-1&e=1900000000&s=a`;
const segment = `${platform}/api/media/files/v1/v360_00001.ts?v=fan-1&e=1900000000&s=b`;
const liveIndex = `${platform}/api/streaming/hls/stream-1/index.m3u8?v=fan-1&e=1900000000&s=x`;
const liveInit = `${platform}/api/streaming/hls/stream-1/init.mp4?v=fan-1&e=1900000000&s=x`;
const config = {} as LoaderConfiguration;

function callbacks() {
  return { onSuccess: vi.fn(), onError: vi.fn(), onTimeout: vi.fn(), onAbort: vi.fn() } satisfies LoaderCallbacks<LoaderContext>;
}
const context = (url: string, responseType: 'text' | 'arraybuffer', more: Partial<LoaderContext> = {}) => ({ url, responseType, type: 'manifest', ...more }) as LoaderContext;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the hls.js loader over the transport', () => {
  it('loads playlists as text and segments as bytes, through the transport', async () => {
    const transport = createFakeTransport({ origin: platform });
    transport.respondMedia(master, new Blob(['#EXTM3U\n'], { type: 'application/vnd.apple.mpegurl' }));
    transport.respondMedia(segment, new Blob([new Uint8Array([0x47, 1, 2, 3])], { type: 'video/mp2t' }));
    const Loader = transportLoader(transport);

    const text = callbacks();
    new Loader({}).load(context(master, 'text'), config, text);
    await vi.waitFor(() => expect(text.onSuccess).toHaveBeenCalledTimes(1));
    const [response, stats] = text.onSuccess.mock.calls[0]!;
    expect(response).toEqual({ url: master, data: '#EXTM3U\n', code: 200 });
    expect(stats).toMatchObject({ loaded: 8, total: 8, aborted: false });

    const bytes = callbacks();
    new Loader({}).load(context(segment, 'arraybuffer', { rangeStart: 1, rangeEnd: 3 }), config, bytes);
    await vi.waitFor(() => expect(bytes.onSuccess).toHaveBeenCalledTimes(1));
    expect([...new Uint8Array(bytes.onSuccess.mock.calls[0]![0].data as ArrayBuffer)]).toEqual([1, 2]);
    expect(transport.mediaCalls.map((call) => call.url)).toEqual([master, segment]);
    expect(text.onError).not.toHaveBeenCalled();
  });

  it('answers a live playlist as text and a byte range of an fMP4 segment as bytes', async () => {
    const transport = createFakeTransport({ origin: platform });
    transport.respondMedia(liveIndex, new Blob(['#EXTM3U\n#EXT-X-TARGETDURATION:1\n']));
    transport.respondMedia(liveInit, new Blob([new Uint8Array([9, 8, 7, 6, 5])]));
    const Loader = transportLoader(transport, { cache: 'no-store', failure: 'The live stream could not be loaded' });

    const playlist = callbacks();
    new Loader({}).load(context(liveIndex, 'text'), config, playlist);
    await vi.waitFor(() => expect(playlist.onSuccess).toHaveBeenCalledOnce());
    expect(playlist.onSuccess.mock.calls[0]![0]).toEqual({ url: liveIndex, data: '#EXTM3U\n#EXT-X-TARGETDURATION:1\n', code: 200 });

    const init = callbacks();
    new Loader({}).load(context(liveInit, 'arraybuffer', { rangeStart: 2, rangeEnd: 4 }), config, init);
    await vi.waitFor(() => expect(init.onSuccess).toHaveBeenCalledOnce());
    expect([...new Uint8Array(init.onSuccess.mock.calls[0]![0].data as ArrayBuffer)]).toEqual([7, 6]);
    expect(init.onSuccess.mock.calls[0]![1]).toMatchObject({ loaded: 2, aborted: false });
    expect(transport.mediaCalls.map((call) => call.url)).toEqual([liveIndex, liveInit]);
  });

  it('cuts a byte range that only starts, to the end of the file', async () => {
    const transport = createFakeTransport({ origin: platform });
    transport.respondMedia(segment, new Blob([new Uint8Array([0x47, 1, 2, 3])]));
    const bytes = callbacks();
    new (transportLoader(transport))({}).load(context(segment, 'arraybuffer', { rangeStart: 2 }), config, bytes);
    await vi.waitFor(() => expect(bytes.onSuccess).toHaveBeenCalledOnce());
    expect([...new Uint8Array(bytes.onSuccess.mock.calls[0]![0].data as ArrayBuffer)]).toEqual([2, 3]);
  });

  it('says a refused file is an error, in the words it was given', async () => {
    const transport = createFakeTransport({ origin: platform });
    transport.respondMedia(master, null);
    transport.respondMedia(liveIndex, null);

    const message = callbacks();
    new (transportLoader(transport))({}).load(context(master, 'text'), config, message);
    await vi.waitFor(() => expect(message.onError).toHaveBeenCalledTimes(1));
    expect(message.onError.mock.calls[0]![0]).toEqual({ code: 0, text: 'The media file could not be loaded' });
    expect(message.onSuccess).not.toHaveBeenCalled();

    const live = callbacks();
    new (transportLoader(transport, { failure: 'The live stream could not be loaded' }))({}).load(context(liveIndex, 'text'), config, live);
    await vi.waitFor(() => expect(live.onError).toHaveBeenCalledOnce());
    expect(live.onError.mock.calls[0]![0]).toEqual({ code: 0, text: 'The live stream could not be loaded' });
    expect(live.onSuccess).not.toHaveBeenCalled();
  });

  it('fetches a link the transport lets the page load itself, with the cache mode asked for', async () => {
    const transport = createFakeTransport({ origin: platform });
    const fetched = vi.fn(async (_url: string, _init?: RequestInit) => new Response('#EXTM3U\n'));
    vi.stubGlobal('fetch', fetched);

    const live = callbacks();
    new (transportLoader(transport, { cache: 'no-store' }))({}).load(context(liveIndex, 'text'), config, live);
    await vi.waitFor(() => expect(live.onSuccess).toHaveBeenCalledOnce());
    expect(live.onSuccess.mock.calls[0]![0]).toEqual({ url: liveIndex, data: '#EXTM3U\n', code: 200 });
    expect(fetched.mock.calls[0]![0]).toBe(liveIndex);
    expect(fetched.mock.calls[0]![1]).toMatchObject({ cache: 'no-store' });

    const message = callbacks();
    new (transportLoader(transport))({}).load(context(master, 'text'), config, message);
    await vi.waitFor(() => expect(message.onSuccess).toHaveBeenCalledOnce());
    expect(fetched.mock.calls[1]![1]).not.toHaveProperty('cache');

    fetched.mockResolvedValueOnce(new Response('gone', { status: 404 }));
    const refused = callbacks();
    new (transportLoader(transport))({}).load(context(segment, 'arraybuffer'), config, refused);
    await vi.waitFor(() => expect(refused.onError).toHaveBeenCalledOnce());
    expect(refused.onSuccess).not.toHaveBeenCalled();
  });

  it('aborts the transport call, says so once, and answers nothing after', async () => {
    const transport = createFakeTransport({ origin: platform });
    let release: (blob: Blob) => void = () => undefined;
    transport.respondMedia(segment, new Promise<Blob>((resolve) => (release = resolve)));
    const done = callbacks();
    const loader = new (transportLoader(transport))({});
    loader.load(context(segment, 'arraybuffer'), config, done);
    loader.abort();
    loader.abort();
    expect(transport.mediaCalls[0]!.signal?.aborted).toBe(true);
    expect(done.onAbort).toHaveBeenCalledTimes(1);
    expect(loader.stats.aborted).toBe(true);
    const late = new Blob(['late']);
    const read = vi.spyOn(late, 'arrayBuffer');
    release(late);
    // What follows the reply is promise reactions only: a task later they have all run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(read).not.toHaveBeenCalled();
    expect(done.onSuccess).not.toHaveBeenCalled();
    expect(done.onError).not.toHaveBeenCalled();
    loader.destroy();
  });

  it('says nothing of a load that a later load on the same loader replaced', async () => {
    const transport = createFakeTransport({ origin: platform });
    let release: (blob: Blob) => void = () => undefined;
    transport.respondMedia(liveIndex, new Promise<Blob>((resolve) => (release = resolve)));
    transport.respondMedia(master, new Blob(['#EXTM3U\n']));
    const loader = new (transportLoader(transport))({});
    const first = callbacks();
    const second = callbacks();
    loader.load(context(liveIndex, 'text'), config, first);
    loader.load(context(master, 'text'), config, second);
    await vi.waitFor(() => expect(second.onSuccess).toHaveBeenCalledOnce());
    release(new Blob(['#EXTM3U\n#stale\n']));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(first.onSuccess).not.toHaveBeenCalled();
    expect(first.onError).not.toHaveBeenCalled();
  });
});
