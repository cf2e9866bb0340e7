import { useEffect, useRef, useState } from 'react';
import type { MessageFileDto } from '@fandeck/contract';
import { useTranslation } from '../i18n/index.js';
import type { ActionError } from '../session/outcome.js';
import { useSession } from '../session/react.js';
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
 * While the server transcodes it, it says so. On a third-party page hls.js loads every
 * playlist and segment through the bridge (ui/video's player, imported by its path, on
 * play); natively played HLS cannot be given such a loader, so there a bridged video does
 * not play. Part: `video`.
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
    // The player is a chunk of its own (a static import would fold it into the ui chunk every
    // element loads): fetched while the link is asked for.
    const player = import('../ui/video/hls-playback.js');
    player.catch(() => undefined);
    const link = await session.api.messages.videoUrl({ id: messageId, fileId: file._id }, {}, { unauthorized: 'ignore' });
    const url = link.ok && typeof link.value?.url === 'string' ? link.value.url : file.url;
    if (!url) return setPlayback({ step: 'failed', error: link.ok ? null : link.error });
    setPlayback({ step: 'playing' });
    const { playRendered } = await player;
    await playRendered(element, stop, url, () => setPlayback({ step: 'failed', error: null }), { transport: session.transport });
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
