/// <reference path="../ui/video/hls-light.d.ts" />
/**
 * Plays the live HLS playlist in a <video> with ui/video's player (hls-playback.ts, imported
 * by its path), tuned for low latency; a fatal media error is recovered rather than ending
 * the stream. On a third-party page every playlist and segment goes through the bridge,
 * never from the page's cache (the live playlist changes every second); natively played HLS
 * cannot be given such a loader, so there a bridged stream does not play. Answers the stop.
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
  // The player is imported, not bundled in: a static import would fold it into the ui chunk
  // every element loads. hls.js is asked for at once, so it does not wait for the player.
  const [{ playHls }] = await Promise.all([import('../ui/video/hls-playback.js'), import('hls.js/light')]);
  return playHls(video, url, onFatal, {
    config: LIVE_HLS_CONFIG,
    transport,
    loader: { cache: 'no-store', failure: 'The live stream could not be loaded' },
    recoverMediaErrors: true,
  });
}
