import type { SignedUrlDto, VideoFile } from '@fandeck/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.js';
import type { ActionError, Outcome } from '../../session/outcome.js';
import { useSignalValue } from '../../session/react.js';
import { useErrorText } from '../error-text.js';
import { FormError } from '../form-error.js';
import { useModel } from '../use-model.js';
import { VideoStatusModel, type VideoStatus, type VideoStatusCall } from './video-status.model.js';

export type { VideoFile };

/** Asks for a fresh playback link for this viewer (a post's, a video's or a message's `videoUrl` route). */
export type VideoLinkCall = () => Promise<Outcome<SignedUrlDto>>;

export interface VideoViewProps {
  video: VideoFile;
  /** How its status is polled while it is processing; without it, the progress shown is the one given. */
  statusOf?: VideoStatusCall;
  /** How a fresh playback link for this viewer is asked for; without it, `video.url` is played. */
  linkOf?: VideoLinkCall;
  /** Told once a video in processing is ready, so its owner reads it again (poster, links). */
  onReady?: () => void;
}

/**
 * A video in a post, a gallery of videos or a reel: its progress while the server
 * transcodes it, its blurred poster while locked, else its poster with a play button.
 * Playing asks for a fresh link for this viewer and loads the HLS player only then.
 */
export function VideoView({ video, statusOf, linkOf, onReady }: VideoViewProps) {
  const { t } = useTranslation();
  if (video.status === 'processing') {
    return statusOf ? <VideoProcessing statusOf={statusOf} progress={video.progress ?? 0} onReady={onReady} /> : <ProcessingBar status="processing" percent={video.progress ?? 0} />;
  }
  if (video.status === 'error') return <FormError>{t('ui.videoError')}</FormError>;
  if (!video.url) {
    return <img className="feed-card__blurred" src={video.placeholder ?? undefined} alt={t('ui.lockedVideoAlt')} aria-hidden={video.placeholder ? undefined : true} />;
  }
  return <VideoPlayer video={video} linkOf={linkOf} />;
}

/** The transcode's progress, polled; tells `onReady` once, when it is done. */
export function VideoProcessing({ statusOf, progress, onReady }: { statusOf: VideoStatusCall; progress: number; onReady?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const model = useModel(() => new VideoStatusModel(statusOf, { status: 'processing', progress }));
  const state = useSignalValue(model.state);
  const told = useRef(false);
  useEffect(() => {
    if (state.status !== 'finished' || told.current) return;
    told.current = true;
    onReady?.();
  }, [state.status, onReady]);
  if (state.status === 'error') return <FormError>{t('ui.videoError')}</FormError>;
  return <ProcessingBar status={state.status} percent={state.status === 'finished' ? 100 : state.progress} />;
}

function ProcessingBar({ status, percent }: { status: VideoStatus; percent: number }) {
  const { t } = useTranslation();
  return (
    <div className="feed-video__processing" role="status" data-video-status={status}>
      <span>{t('ui.videoProcessing', { percent })}</span>
      <progress max={100} value={percent} />
    </div>
  );
}

type Playback = { step: 'poster' } | { step: 'loading' } | { step: 'playing' } | { step: 'failed'; error: ActionError | null };

function VideoPlayer({ video, linkOf }: { video: VideoFile; linkOf?: VideoLinkCall | undefined }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const element = useRef<HTMLVideoElement>(null);
  const [playback, setPlayback] = useState<Playback>({ step: 'poster' });
  const stop = useRef<() => void>(() => undefined);
  useEffect(() => () => stop.current(), []);
  const poster = video.sizes?.medium?.url ?? video.sizes?.large?.url ?? undefined;

  async function play() {
    setPlayback({ step: 'loading' });
    // Imported on play, while the link is asked for: statically imported here, the player would
    // sit in the ui chunk every element loads (this view is in ui/index.ts).
    const player = import('./hls-playback.js');
    player.catch(() => undefined);
    let url = video.url!;
    if (linkOf) {
      // Links are short-lived: a page left open for a while still plays.
      const link = await linkOf();
      if (!link.ok) return setPlayback({ step: 'failed', error: link.error });
      url = link.value.url;
    }
    setPlayback({ step: 'playing' });
    const { playRendered } = await player;
    await playRendered(element, stop, url, () => setPlayback({ step: 'failed', error: null }));
  }

  if (playback.step === 'playing' || playback.step === 'loading') {
    return (
      <div className="feed-video">
        <video ref={element} className="feed-video__player" controls playsInline poster={poster} aria-label={t('ui.videoLabel')} width={video.width ?? undefined} height={video.height ?? undefined} />
        {playback.step === 'loading' ? (
          <p className="muted" role="status">
            {t('ui.playLoading')}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="feed-video">
      {poster ? <img src={poster} alt="" loading="lazy" /> : null}
      <button type="button" className="button button--primary feed-video__play" onClick={() => void play()}>
        {t('ui.play')}
      </button>
      {playback.step === 'failed' ? <FormError>{playback.error ? errorText(playback.error) : t('ui.playFailed')}</FormError> : null}
    </div>
  );
}
