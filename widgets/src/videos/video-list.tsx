import { useEffect, type ReactNode } from 'react';
import { formatMoney } from '../format/money.js';
import { useNamespaces, useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, UnlockBox, useErrorText, useModel, VideoView } from '../ui/index.js';
import { locksForSubscribers, SubscribersOnlyBox, type OnSubscribe } from '../ui/subscribers-only-box.js';
import { ReelListModel, VideoListModel, type Loaded } from './videos.model.js';

export interface ReelListProps {
  /** The creator's id. */
  creatorId: string;
}

export interface VideoListProps extends ReelListProps {
  /** "Subscribe to see" on a subscribers-only video; without it, a link to the creator's profile on the platform. */
  onSubscribe?: OnSubscribe | undefined;
}

/**
 * A creator's videos: each with its poster and a play button, or its blurred poster, its
 * teaser and its price until the fan unlocks it from the wallet (the platform's confirm
 * dialog), or the way to subscribe when only subscribers may watch it. Videos still
 * transcoding show their progress.
 */
export function VideoList({ creatorId, onSubscribe }: VideoListProps) {
  useNamespaces('videos');
  const { t, i18n } = useTranslation();
  const session = useSession();
  const model = useModel(() => new VideoListModel(session));
  const videos = useSignalValue(model.videos);
  const unlocks = useSignalValue(model.unlocks);
  const loggedIn = useSignalValue(session.auth.loggedIn);
  useEffect(() => {
    void model.load(creatorId);
  }, [model, creatorId, loggedIn]);

  return (
    <ListStates state={videos} empty={t('videos.empty')} loading={t('videos.loading')} onRetry={() => void model.load(creatorId)}>
      {(items) => (
        <div className="feed-list" data-testid="video-list">
          {items.map((item) => {
            const price = formatMoney(item.price, i18n.language);
            const file = { id: item._id, fileId: item.video?._id ?? '' };
            return (
              <article key={item._id} className="feed-card" data-video={item._id} data-locked={item.locked}>
                <header className="feed-card__header">
                  <strong>{item.title}</strong>
                  {item.isBought ? <span className="badge">{t('videos.unlocked')}</span> : null}
                </header>
                {item.description ? <p className="feed-card__text">{item.description}</p> : null}
                {item.video ? (
                  <VideoView
                    video={item.video}
                    statusOf={(options) => session.api.videos.fileStatus(file, undefined, options)}
                    linkOf={() => session.api.videos.url(file)}
                    onReady={() => void model.refresh(item._id)}
                  />
                ) : null}
                {item.locked && item.video?.teaser ? (
                  <video className="feed-video__player" src={item.video.teaser} muted playsInline controls aria-label={t('videos.teaser')} />
                ) : null}
                {locksForSubscribers(item) ? (
                  <SubscribersOnlyBox creator={item.performer} onSubscribe={onSubscribe}>
                    <p>{t('videos.subscribersOnlyText', { name: item.performer.name ?? item.performer.username ?? '' })}</p>
                  </SubscribersOnlyBox>
                ) : item.locked ? (
                  <UnlockBox price={price} step={unlocks.get(item._id) ?? null} onUnlock={() => void model.unlock(item._id)}>
                    <p>{t('videos.lockedText', { price })}</p>
                  </UnlockBox>
                ) : null}
              </article>
            );
          })}
        </div>
      )}
    </ListStates>
  );
}

/** A creator's reels: short free videos, each playable once transcoded. */
export function ReelList({ creatorId }: ReelListProps) {
  useNamespaces('videos');
  const { t } = useTranslation();
  const session = useSession();
  const model = useModel(() => new ReelListModel(session));
  const reels = useSignalValue(model.reels);
  useEffect(() => {
    void model.load(creatorId);
  }, [model, creatorId]);
  return (
    <ListStates state={reels} empty={t('videos.noReels')} loading={t('videos.loadingReels')} onRetry={() => void model.load(creatorId)}>
      {(items) => (
        <ul className="media-grid media-grid--reels" data-testid="reel-list">
          {items.map((reel) => (
            <li key={reel._id} data-reel={reel._id}>
              {reel.video ? <VideoView video={reel.video} /> : null}
              <strong>{reel.title}</strong>
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}

function ListStates<T>({ state, empty, loading, onRetry, children }: { state: Loaded<T>; empty: string; loading: string; onRetry: () => void; children: (items: T[]) => ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (state.status === 'loading') {
    return (
      <p className="feed-list__status muted" role="status" aria-busy="true">
        {loading}
      </p>
    );
  }
  if (state.status === 'failed') return <Failed text={errorText(state.error)} retry={t('videos.retry')} onRetry={onRetry} />;
  if (state.items.length === 0) return <p className="feed-list__status muted">{empty}</p>;
  return <>{children(state.items)}</>;
}

function Failed({ text, retry, onRetry }: { text: string; retry: string; onRetry: () => void }) {
  return (
    <div className="feed-list__status">
      <FormError>{text}</FormError>
      <button type="button" className="button" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
