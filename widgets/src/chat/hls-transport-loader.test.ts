/**
 * The hls.js loader of a bridged page: every playlist and segment comes through the
 * transport (the fake plays the bridge), answered as hls.js asked (text or bytes), a
 * refusal as an error, an abort as an abort and nothing after it.
 */
import type { LoaderCallbacks, LoaderConfiguration, LoaderContext } from 'hls.js';
import { describe, expect, it, vi } from 'vitest';
import { createFakeTransport } from '../session/testing/fake-transport.js';
import { transportLoader } from './hls-transport-loader.js';

const platform = 'http://platform.test';
const master = `${platform}/api/media/files/v1/master.m3u8?v=fan-1&e=1900000000&s=a`;
const segment = `${platform}/api/media/files/v1/v360_00001.ts?v=fan-1&e=1900000000&s=b`;
const config = {} as LoaderConfiguration;

function callbacks() {
  return { onSuccess: vi.fn(), onError: vi.fn(), onTimeout: vi.fn(), onAbort: vi.fn() } satisfies LoaderCallbacks<LoaderContext>;
}
const context = (url: string, responseType: 'text' | 'arraybuffer', more: Partial<LoaderContext> = {}) => ({ url, responseType, type: 'manifest', ...more }) as LoaderContext;

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

  it('says a refused file is an error', async () => {
    const transport = createFakeTransport({ origin: platform });
    transport.respondMedia(master, null);
    const done = callbacks();
    new (transportLoader(transport))({}).load(context(master, 'text'), config, done);
    await vi.waitFor(() => expect(done.onError).toHaveBeenCalledTimes(1));
    expect(done.onSuccess).not.toHaveBeenCalled();
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
});
