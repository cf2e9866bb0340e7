/// <reference path="./hls-light.d.ts" />
import type { HlsConfig } from 'hls.js';
import type { Transport } from '../../session/transport.js';
import type { TransportLoaderOptions } from './hls-transport-loader.js';

export interface PlayHlsOptions {
  /** hls.js settings beyond `enableWorker` (the live player's low-latency tuning). */
  config?: Partial<HlsConfig>;
  /**
   * The session's transport. When it is the bridge (a third-party page), hls.js loads every
   * playlist and segment through it (hls-transport-loader.ts, fetched only then): the links are
   * the fan's alone. Natively played HLS cannot be given such a loader, so there it is not tried.
   */
  transport?: Transport;
  /** How that loader fetches and words a failure. */
  loader?: TransportLoaderOptions;
  /** A fatal media error (a live edge that moved on) is recovered by hls.js instead of ending playback. */
  recoverMediaErrors?: boolean;
}

/**
 * Plays an HLS playlist in a <video>: through hls.js (its light build, loaded only now, on play) where the
 * browser has Media Source Extensions, else natively (Safari on iOS). Returns the stop. Features import
 * this module by its path, never through ui/index.ts: only the players need it.
 */
export async function playHls(video: HTMLVideoElement, url: string, onFatal: () => void, options: PlayHlsOptions = {}): Promise<() => void> {
  const { transport, recoverMediaErrors = false } = options;
  const bridged = transport?.kind === 'bridge';
  const [{ default: Hls }, loader] = await Promise.all([
    import('hls.js/light'),
    bridged ? import('./hls-transport-loader.js').then(({ transportLoader }) => transportLoader(transport, options.loader)) : null,
  ]);
  if (Hls.isSupported()) {
    const hls = new Hls({ enableWorker: true, ...options.config, ...(loader ? { loader } : {}) });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      // A live edge that moved on, or a network blip: hls.js may pick up again by itself.
      if (recoverMediaErrors && data.type === Hls.ErrorTypes.MEDIA_ERROR) return hls.recoverMediaError();
      onFatal();
    });
    hls.loadSource(url);
    hls.attachMedia(video);
    return () => hls.destroy();
  }
  if (!bridged && video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = url;
    video.addEventListener('error', onFatal, { once: true });
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  }
  onFatal();
  return () => undefined;
}

/**
 * A play button's last steps, the same in every view that has one: waits for React to commit
 * the <video> (rendered since the view said it is loading), stops what played before, plays
 * `url` in it and starts it.
 */
export async function playRendered(
  video: { readonly current: HTMLVideoElement | null },
  stop: { current: () => void },
  url: string,
  onFatal: () => void,
  options?: PlayHlsOptions,
): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const target = video.current;
  if (!target) return;
  stop.current();
  stop.current = await playHls(target, url, onFatal, options);
  void target.play().catch(() => undefined);
}
