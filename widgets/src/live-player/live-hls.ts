/// <reference path="../ui/video/hls-light.d.ts" />
/**
 * Plays the live HLS playlist in a <video>: hls.js's light build, fetched only now (on
 * play), tuned for low latency, where Media Source Extensions exist; else natively
 * (Safari on iOS). On a third-party page every playlist and segment goes through the
 * bridge (live-hls-loader.ts); natively played HLS cannot be given such a loader, so
 * there a bridged stream does not play. Answers the stop.
 */
import type { Transport } from '../session/transport.js';

/** Close to the live edge: two segments behind, catching up a little faster when it drifts. */
export const LIVE_HLS_CONFIG = {
  enableWorker: true,
  lowLatencyMode: true,
  liveSyncDurationCount: 2,
  liveMaxLatencyDurationCount: 6,
  maxLiveSyncPlaybackRate: 1.2,
  backBufferLength: 30,
} as const;

export async function playLive(video: HTMLVideoElement, url: string, transport: Transport, onFatal: () => void): Promise<() => void> {
  const bridged = transport.kind === 'bridge';
  const [{ default: Hls }, loader] = await Promise.all([
    import('hls.js/light'),
    bridged ? import('./live-hls-loader.js').then(({ liveTransportLoader }) => liveTransportLoader(transport)) : null,
  ]);
  if (Hls.isSupported()) {
    const hls = new Hls({ ...LIVE_HLS_CONFIG, ...(loader ? { loader } : {}) });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      // A live edge that moved on, or a network blip: hls.js may pick up again by itself.
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR) return hls.recoverMediaError();
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
