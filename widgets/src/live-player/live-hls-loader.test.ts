/**
 * The live player's hls.js loader on a bridged page: the live playlist and its fMP4
 * segments come through the transport (the fake plays the bridge), as text or bytes as
 * hls.js asked; a refusal is an error; an aborted load answers only its abort.
 */
import type { LoaderCallbacks, LoaderConfiguration, LoaderContext } from 'hls.js';
import { describe, expect, it, vi } from 'vitest';
import { createFakeTransport } from '../session/testing/fake-transport.js';
import { liveTransportLoader } from './live-hls-loader.js';

const origin = 'http://platform.test';
const index = `${origin}/api/streaming/hls/stream-1/index.m3u8?v=fan-1&e=1900000000&s=x`;
const init = `${origin}/api/streaming/hls/stream-1/init.mp4?v=fan-1&e=1900000000&s=x`;
const noConfig = {} as LoaderConfiguration;
const spies = () => ({ onSuccess: vi.fn(), onError: vi.fn(), onTimeout: vi.fn(), onAbort: vi.fn() }) satisfies LoaderCallbacks<LoaderContext>;
const asked = (url: string, responseType: 'text' | 'arraybuffer', more: Partial<LoaderContext> = {}) => ({ url, responseType, type: 'level', ...more }) as LoaderContext;

describe('live hls loader over the transport', () => {
  it('answers the playlist as text and a byte range of a segment as bytes', async () => {
    const transport = createFakeTransport({ origin });
    transport.respondMedia(index, new Blob(['#EXTM3U\n#EXT-X-TARGETDURATION:1\n']));
    transport.respondMedia(init, new Blob([new Uint8Array([9, 8, 7, 6, 5])]));
    const Loader = liveTransportLoader(transport);

    const playlist = spies();
    new Loader({}).load(asked(index, 'text'), noConfig, playlist);
    await vi.waitFor(() => expect(playlist.onSuccess).toHaveBeenCalledOnce());
    expect(playlist.onSuccess.mock.calls[0]![0]).toEqual({ url: index, data: '#EXTM3U\n#EXT-X-TARGETDURATION:1\n', code: 200 });

    const segment = spies();
    new Loader({}).load(asked(init, 'arraybuffer', { rangeStart: 2, rangeEnd: 4 }), noConfig, segment);
    await vi.waitFor(() => expect(segment.onSuccess).toHaveBeenCalledOnce());
    expect([...new Uint8Array(segment.onSuccess.mock.calls[0]![0].data as ArrayBuffer)]).toEqual([7, 6]);
    expect(segment.onSuccess.mock.calls[0]![1]).toMatchObject({ loaded: 2, aborted: false });
    expect(transport.mediaCalls.map((call) => call.url)).toEqual([index, init]);
  });

  it('reports a refused link as an error', async () => {
    const transport = createFakeTransport({ origin });
    transport.respondMedia(index, null);
    const done = spies();
    new (liveTransportLoader(transport))({}).load(asked(index, 'text'), noConfig, done);
    await vi.waitFor(() => expect(done.onError).toHaveBeenCalledOnce());
    expect(done.onSuccess).not.toHaveBeenCalled();
  });

  it('aborts the transport call once and answers nothing after it', async () => {
    const transport = createFakeTransport({ origin });
    let deliver: (blob: Blob) => void = () => undefined;
    transport.respondMedia(index, new Promise<Blob>((resolve) => (deliver = resolve)));
    const done = spies();
    const loader = new (liveTransportLoader(transport))({});
    loader.load(asked(index, 'text'), noConfig, done);
    loader.abort();
    loader.abort();
    expect(transport.mediaCalls[0]!.signal?.aborted).toBe(true);
    expect(done.onAbort).toHaveBeenCalledOnce();
    deliver(new Blob(['#EXTM3U']));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done.onSuccess).not.toHaveBeenCalled();
    expect(done.onError).not.toHaveBeenCalled();
  });
});
