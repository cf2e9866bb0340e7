import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, useErrorText, useModel } from '../ui/index.js';
import type { ActionError } from '../session/outcome.js';
import type { FeedPhoto } from './feeds-api.js';
import { playHls } from './hls-playback.js';
import { VideoStatusModel } from './video.model.js';

export interface FeedVideoProps {
  postId: string;
  video: FeedPhoto;
  /** Told once a video in processing is ready, so the post is read again (its poster and links). */
  onReady?: () => void;
}

/**
 * A post's video: its progress while the server transcodes it, its blurred poster while
 * locked, else its poster with a play button. Playing asks for a fresh link for this
 * viewer and loads the HLS player only then.
 */
export function FeedVideo({ postId, video, onReady }: FeedVideoProps) {
  const { t } = useTranslation();
  if (video.status === 'processing') return <VideoProcessing postId={postId} video={video} onReady={onReady} />;
  if (video.status === 'error') return <FormError>{t('feeds.videoError')}</FormError>;
  if (!video.url) {
    return <img className="feed-card__blurred" src={video.placeholder ?? undefined} alt={t('feeds.lockedVideoAlt')} aria-hidden={video.placeholder ? undefined : true} />;
  }
  return <VideoPlayer postId={postId} video={video} />;
}

export function VideoProcessing({ postId, video, onReady }: FeedVideoProps) {
  const { t } = useTranslation();
  const session = useSession();
  const model = useModel(() => new VideoStatusModel(session, postId, video._id, { status: 'processing', progress: video.progress ?? 0 }));
  const state = useSignalValue(model.state);
  const told = useRef(false);
  useEffect(() => {
    if (state.status !== 'finished' || told.current) return;
    told.current = true;
    onReady?.();
  }, [state.status, onReady]);
  if (state.status === 'error') return <FormError>{t('feeds.videoError')}</FormError>;
  const percent = state.status === 'finished' ? 100 : state.progress;
  return (
    <div className="feed-video__processing" role="status" data-video-status={state.status}>
      <span>{t('feeds.videoProcessing', { percent })}</span>
      <progress max={100} value={percent} />
    </div>
  );
}

type Playback = { step: 'poster' } | { step: 'loading' } | { step: 'playing' } | { step: 'failed'; error: ActionError | null };

function VideoPlayer({ postId, video }: { postId: string; video: FeedPhoto }) {
  const { t } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const element = useRef<HTMLVideoElement>(null);
  const [playback, setPlayback] = useState<Playback>({ step: 'poster' });
  const stop = useRef<() => void>(() => undefined);
  useEffect(() => () => stop.current(), []);
  const poster = video.sizes?.medium?.url ?? video.sizes?.large?.url ?? undefined;

  async function play() {
    setPlayback({ step: 'loading' });
    const link = await session.api.post<{ url: string }>(`/feeds/file/${encodeURIComponent(postId)}/videos/${encodeURIComponent(video._id)}/url`, {});
    if (!link.ok) return setPlayback({ step: 'failed', error: link.error });
    setPlayback({ step: 'playing' });
    // The <video> is rendered by now (the state above); wait for React to commit it.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const target = element.current;
    if (!target) return;
    stop.current();
    stop.current = await playHls(target, link.value.url, () => setPlayback({ step: 'failed', error: null }));
    void target.play().catch(() => undefined);
  }

  if (playback.step === 'playing' || playback.step === 'loading') {
    return (
      <div className="feed-video">
        <video ref={element} className="feed-video__player" controls playsInline poster={poster} aria-label={t('feeds.videoLabel')} width={video.width ?? undefined} height={video.height ?? undefined} />
        {playback.step === 'loading' ? (
          <p className="muted" role="status">
            {t('feeds.playLoading')}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="feed-video">
      {poster ? <img src={poster} alt="" loading="lazy" /> : null}
      <button type="button" className="button button--primary feed-video__play" onClick={() => void play()}>
        {t('feeds.play')}
      </button>
      {playback.step === 'failed' ? <FormError>{playback.error ? errorText(playback.error) : t('feeds.playFailed')}</FormError> : null}
    </div>
  );
}
