/// <reference path="./hls-light.d.ts" />
/**
 * Plays an HLS playlist in a <video>: through hls.js (its light build, loaded only now, on play) where the
 * browser has Media Source Extensions, else natively (Safari on iOS). Returns the stop.
 */
export async function playHls(video: HTMLVideoElement, url: string, onFatal: () => void): Promise<() => void> {
  const { default: Hls } = await import('hls.js/light');
  if (Hls.isSupported()) {
    const hls = new Hls({ enableWorker: true });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) onFatal();
    });
    hls.loadSource(url);
    hls.attachMedia(video);
    return () => hls.destroy();
  }
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
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
