/**
 * The HLS player the chat, the live player and ui/video share, with hls.js played by the
 * test: hls.js gets the settings asked for, and the transport's loader only on a bridged
 * page; a fatal error ends playback unless it is a media error the live player recovers;
 * native HLS is the fallback, never on a bridged page; the stop undoes what was started. A
 * play button's last steps stop what played before and start the <video> once it is there.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeTransport } from '../../session/testing/fake-transport.js';
import type { Transport } from '../../session/transport.js';
import { playHls, playRendered } from './hls-playback.js';

type ErrorData = { fatal: boolean; type: string };

const hls = vi.hoisted(() => ({
  supported: true,
  made: [] as { config: Record<string, unknown>; source: string | null; media: unknown; destroyed: boolean; recovered: number; onError: ((event: string, data: ErrorData) => void) | null }[],
}));

vi.mock('hls.js/light', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };
    static isSupported = () => hls.supported;
    private readonly made: (typeof hls.made)[number];
    constructor(config: Record<string, unknown>) {
      this.made = { config, source: null, media: null, destroyed: false, recovered: 0, onError: null };
      hls.made.push(this.made);
    }
    on(event: string, listener: (event: string, data: ErrorData) => void) {
      if (event === FakeHls.Events.ERROR) this.made.onError = listener;
    }
    loadSource(url: string) {
      this.made.source = url;
    }
    attachMedia(media: unknown) {
      this.made.media = media;
    }
    recoverMediaError() {
      this.made.recovered += 1;
    }
    destroy() {
      this.made.destroyed = true;
    }
  }
  return { default: FakeHls };
});

const url = 'http://platform.test/api/media/files/v1/master.m3u8?v=fan-1&e=1900000000&s=a';
const bridgeTransport = (): Transport => ({ ...createFakeTransport({ origin: 'http://platform.test' }), kind: 'bridge' });

afterEach(() => {
  hls.supported = true;
  hls.made.length = 0;
});

describe('playHls', () => {
  it('plays through hls.js with the settings asked for, without a loader off a bridged page, and stops it', async () => {
    const video = document.createElement('video');
    const onFatal = vi.fn();
    const stop = await playHls(video, url, onFatal, { config: { lowLatencyMode: true }, transport: createFakeTransport() });
    const [made] = hls.made;
    expect(made!.config).toEqual({ enableWorker: true, lowLatencyMode: true });
    expect(made!.source).toBe(url);
    expect(made!.media).toBe(video);
    stop();
    expect(made!.destroyed).toBe(true);
  });

  it('on a bridged page, gives hls.js the transport loader', async () => {
    await playHls(document.createElement('video'), url, () => undefined, { transport: bridgeTransport() });
    const loader = hls.made[0]!.config.loader;
    expect(typeof loader).toBe('function');
    expect(new (loader as new (config: unknown) => { load: unknown })({}).load).toBeTypeOf('function');
  });

  it('ends on a fatal error, ignores others, and recovers media errors only when asked', async () => {
    const ended = vi.fn();
    await playHls(document.createElement('video'), url, ended);
    const message = hls.made[0]!;
    message.onError!('hlsError', { fatal: false, type: 'networkError' });
    expect(ended).not.toHaveBeenCalled();
    message.onError!('hlsError', { fatal: true, type: 'mediaError' });
    expect(ended).toHaveBeenCalledOnce();
    expect(message.recovered).toBe(0);

    const liveEnded = vi.fn();
    await playHls(document.createElement('video'), url, liveEnded, { recoverMediaErrors: true });
    const live = hls.made[1]!;
    live.onError!('hlsError', { fatal: true, type: 'mediaError' });
    expect(live.recovered).toBe(1);
    expect(liveEnded).not.toHaveBeenCalled();
    live.onError!('hlsError', { fatal: true, type: 'networkError' });
    expect(liveEnded).toHaveBeenCalledOnce();
  });

  it('without Media Source Extensions, plays natively where the browser can, and the stop unloads it', async () => {
    hls.supported = false;
    const video = document.createElement('video');
    vi.spyOn(video, 'canPlayType').mockReturnValue('maybe');
    const load = vi.spyOn(video, 'load').mockImplementation(() => undefined);
    const onFatal = vi.fn();
    const stop = await playHls(video, url, onFatal, { transport: createFakeTransport() });
    expect(video.getAttribute('src')).toBe(url);
    video.dispatchEvent(new Event('error'));
    expect(onFatal).toHaveBeenCalledOnce();
    stop();
    expect(video.hasAttribute('src')).toBe(false);
    expect(load).toHaveBeenCalledOnce();
    expect(hls.made).toEqual([]);
  });

  it('on a bridged page without Media Source Extensions, does not try native HLS and says it cannot play', async () => {
    hls.supported = false;
    const video = document.createElement('video');
    vi.spyOn(video, 'canPlayType').mockReturnValue('maybe');
    const onFatal = vi.fn();
    await playHls(video, url, onFatal, { transport: bridgeTransport() });
    expect(video.hasAttribute('src')).toBe(false);
    expect(onFatal).toHaveBeenCalledOnce();
  });

  it('plays in the rendered <video> once it is there, after stopping what played before', async () => {
    const video = document.createElement('video');
    const started = vi.spyOn(video, 'play').mockResolvedValue(undefined);
    const before = vi.fn();
    const stop = { current: before };
    await playRendered({ current: video }, stop, url, () => undefined);
    expect(before).toHaveBeenCalledOnce();
    expect(hls.made[0]!.media).toBe(video);
    expect(started).toHaveBeenCalledOnce();
    stop.current();
    expect(hls.made[0]!.destroyed).toBe(true);

    const gone = vi.fn();
    await playRendered({ current: null }, { current: gone }, url, () => undefined);
    expect(gone).not.toHaveBeenCalled();
    expect(hls.made).toHaveLength(1);
  });
});
