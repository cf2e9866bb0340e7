import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSession } from '../session/react.js';
import { FormError } from '../ui/index.js';

type Playback = 'idle' | 'loading' | 'playing' | 'failed';

/**
 * The live video: a play button first (hls.js is fetched only then), then the player on
 * the signed playlist. The link is signed for a few minutes: when the player gives up (an
 * expired link, the stream gone), `onExpired` reads the stream again and answers the new
 * link, which plays on without a click; no new link, and it says it failed. A new link
 * after a reconnect plays on the same way. Parts: `video`, `play`, `play-status`.
 */
export function LiveVideo({ url, name, onExpired }: { url: string; name: string; onExpired: () => Promise<string | null> }) {
  const { t } = useTranslation();
  const session = useSession();
  const element = useRef<HTMLVideoElement>(null);
  const stop = useRef<() => void>(() => undefined);
  const [playback, setPlayback] = useState<Playback>('idle');
  const started = playback !== 'idle';

  useEffect(() => () => stop.current(), []);
  useEffect(() => {
    if (!started) return;
    let current = true;
    void (async () => {
      // The <video> is rendered since 'loading'; wait for React to commit it.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const target = element.current;
      if (!current || !target) return;
      stop.current();
      const { playLive } = await import('./live-hls.js');
      if (!current) return;
      stop.current = await playLive(target, url, session.transport, () => {
        setPlayback('loading');
        void onExpired().then((next) => {
          if (current && (next === null || next === url)) setPlayback('failed');
        });
      });
      setPlayback((now) => (now === 'loading' ? 'playing' : now));
      void target.play().catch(() => undefined);
    })();
    return () => {
      current = false;
    };
    // Starts once the viewer asked, and again on a new link.
  }, [started, url, session.transport]);

  if (!started) {
    return (
      <div className="fan-live__poster" part="video" data-state="idle">
        <button type="button" className="fan-button fan-button--primary fan-live__play" part="play" onClick={() => setPlayback('loading')}>
          {t('live-player.play')}
        </button>
      </div>
    );
  }
  return (
    <div className="fan-live__screen" data-state={playback}>
      <video ref={element} className="fan-live__video" part="video" controls playsInline autoPlay muted={false} aria-label={t('live-player.videoLabel', { name })} />
      {playback === 'loading' ? (
        <p className="fan-live__muted" part="play-status" role="status">
          {t('live-player.playLoading')}
        </p>
      ) : null}
      {playback === 'failed' ? <FormError>{t('live-player.playFailed')}</FormError> : null}
    </div>
  );
}
