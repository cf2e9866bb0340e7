import { useEffect, useRef, useState } from 'react';
import type { MessageFileDto } from '@fandeck/contract';
import { useTranslation } from '../i18n/index.js';
import type { ActionError } from '../session/outcome.js';
import { useSession } from '../session/react.js';
import type { Transport } from '../session/transport.js';
import type { UnlockStep } from '../session/unlocks.js';
import { FormError, useErrorText } from '../ui/index.js';
import { useMediaUrl } from '../ui/use-media-url.js';

/**
 * A locked paid message: what it costs and the unlock (confirmed in the platform's own
 * dialog), with a declined confirm or a refusal said beside it. The words are the ui
 * layer's, as for locked posts. Parts: `unlock`, `unlock-button`.
 */
export function LockedMessage({ price, step, onUnlock }: { price: string; step: UnlockStep | null; onUnlock: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const confirming = step?.step === 'confirming';
  return (
    <div className="fan-chat__lock" part="unlock">
      <p className="fan-chat__locked">{t('chat.message.locked')}</p>
      <button type="button" className="fan-button fan-button--primary" part="unlock-button" disabled={confirming} aria-busy={confirming || undefined} onClick={onUnlock}>
        {confirming ? t('ui.unlockConfirming') : t('ui.unlock', { price })}
      </button>
      {step?.step === 'declined' ? (
        <p className="fan-chat__muted" role="status">
          {t('ui.unlockDeclined')}
        </p>
      ) : null}
      {step?.step === 'failed' ? <FormError>{errorText(step.error)}</FormError> : null}
    </div>
  );
}

/**
 * A message's photo (or a file's thumbnail) by its signed link, through the transport: on
 * a third-party page the bridge fetches it with the fan's credential. Hidden, its box
 * kept, until its bytes are here. Part: `photo`.
 */
export function MessagePhoto({ file }: { file: MessageFileDto }) {
  const { t } = useTranslation();
  const src = useMediaUrl(file.url ?? file.thumbnailUrl);
  return (
    <img part="photo" src={src ?? undefined} alt={t('chat.message.photo')} loading="lazy" width={file.width ?? undefined} height={file.height ?? undefined} />
  );
}

/** A message's audio by its signed link, as the photo. Part: `audio`. */
export function MessageAudio({ file }: { file: MessageFileDto }) {
  const { t } = useTranslation();
  const src = useMediaUrl(file.url);
  return <audio part="audio" controls preload="none" src={src ?? undefined} aria-label={t('chat.message.audio')} />;
}

type Playback = { step: 'poster' } | { step: 'loading' } | { step: 'playing' } | { step: 'failed'; error: ActionError | null };

/**
 * A message's video: its poster with a play button; playing asks the platform for a
 * fresh link for this reader (links are short-lived) and loads the HLS player only then.
 * While the server transcodes it, it says so. Part: `video`.
 */
export function MessageVideo({ messageId, file }: { messageId: string; file: MessageFileDto }) {
  const { t } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const element = useRef<HTMLVideoElement>(null);
  const stop = useRef<() => void>(() => undefined);
  const [playback, setPlayback] = useState<Playback>({ step: 'poster' });
  const poster = useMediaUrl(file.thumbnailUrl) ?? undefined;
  useEffect(() => () => stop.current(), []);

  if (file.status === 'processing') return <p className="fan-chat__muted">{t('chat.message.videoPending')}</p>;
  if (file.status === 'error') return <FormError>{t('ui.videoError')}</FormError>;

  async function play() {
    setPlayback({ step: 'loading' });
    const link = await session.api.post<{ url?: unknown }>(`/messages/${encodeURIComponent(messageId)}/videos/${encodeURIComponent(file._id)}/url`, {}, { unauthorized: 'ignore' });
    const url = link.ok && typeof link.value?.url === 'string' ? link.value.url : file.url;
    if (!url) return setPlayback({ step: 'failed', error: link.ok ? null : link.error });
    setPlayback({ step: 'playing' });
    // The <video> is rendered since 'loading'; wait for React to commit it.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const target = element.current;
    if (!target) return;
    stop.current();
    stop.current = await playStream(target, url, session.transport, () => setPlayback({ step: 'failed', error: null }));
    void target.play().catch(() => undefined);
  }

  if (playback.step === 'loading' || playback.step === 'playing') {
    return <video ref={element} part="video" controls playsInline poster={poster} aria-label={t('ui.videoLabel')} width={file.width ?? undefined} height={file.height ?? undefined} />;
  }
  return (
    <div className="fan-chat__video" part="video">
      {poster ? <img src={poster} alt="" loading="lazy" /> : null}
      <button type="button" className="fan-button" onClick={() => void play()}>
        {t('ui.play')}
      </button>
      {playback.step === 'failed' ? <FormError>{playback.error ? errorText(playback.error) : t('ui.playFailed')}</FormError> : null}
    </div>
  );
}

/**
 * Plays an HLS playlist: through hls.js's light build (fetched now, on play) where Media
 * Source Extensions exist, else natively (Safari on iOS). Answers the stop. The same steps
 * as ui/video's player, kept here: importing that module would put it in the ui chunk
 * every element loads. On a third-party page hls.js loads every playlist and segment
 * through the bridge (hls-transport-loader.ts): the links are the fan's alone. Natively
 * played HLS cannot be given such a loader, so there a bridged video does not play.
 */
async function playStream(video: HTMLVideoElement, url: string, transport: Transport, onFatal: () => void): Promise<() => void> {
  const bridged = transport.kind === 'bridge';
  const [{ default: Hls }, loader] = await Promise.all([
    import('hls.js/light'),
    bridged ? import('./hls-transport-loader.js').then(({ transportLoader }) => transportLoader(transport)) : null,
  ]);
  if (Hls.isSupported()) {
    const hls = new Hls({ enableWorker: true, ...(loader ? { loader } : {}) });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) onFatal();
    });
    hls.loadSource(url);
    hls.attachMedia(video);
    return () => hls.destroy();
  }
  if (!bridged && video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = url;
    video.addEventListener('error', onFatal, { once: true });
    return () => video.removeAttribute('src');
  }
  onFatal();
  return () => undefined;
}
