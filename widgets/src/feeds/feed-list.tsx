import { useEffect, type ReactNode } from 'react';
import { useNamespaces, useTranslation } from '../i18n/index.js';
import { formatMoney } from '../format/money.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, UnlockBox, useErrorText, useModel, VideoView } from '../ui/index.js';
import { locksForSubscribers, SubscribersOnlyBox, type OnSubscribe } from '../ui/subscribers-only-box.js';
import type { FeedPost } from './feeds-api.js';
import { AudioView, PostExtras } from './post-extras.js';
import { FeedListModel, type FeedSource, type UnlockStep } from './feeds.model.js';
import { PostSocial } from './post-social.js';

export interface FeedListProps {
  /** The creator whose posts are shown (id or username); without it (and without `source`), the creators the fan follows. */
  creator?: string;
  /** Another list: trending posts, a search, or the signed-in user's bookmarks. */
  source?: FeedSource;
  /** "Subscribe to see" on a subscribers-only post; without it, a link to the creator's profile on the platform. */
  onSubscribe?: OnSubscribe | undefined;
  /** What an empty list shows instead of its one line (the fan's home: suggestions whom to follow). */
  empty?: ReactNode;
}

/**
 * A creator's posts, newest first. A paid post shows its text, its price and its photos
 * blurred; unlocking goes through the platform's pay action (its confirm dialog), then
 * the photos appear. A subscribers-only post shows them blurred with the way to subscribe.
 * Empty, loading and failed states included; more posts on demand.
 */
export function FeedList({ creator, source: given, onSubscribe, empty: emptyView }: FeedListProps) {
  useNamespaces('feeds');
  const { t } = useTranslation();
  const session = useSession();
  const model = useModel(() => new FeedListModel(session));
  const state = useSignalValue(model.state);
  const unlocks = useSignalValue(model.unlocks);
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const errorText = useErrorText();

  const source: FeedSource = given ?? (creator ? { creator } : { following: true });
  const sourceKey = JSON.stringify(source);
  useEffect(() => {
    void model.load(JSON.parse(sourceKey) as FeedSource);
    // A sign-in or sign-out changes what is locked: read the posts again.
  }, [model, sourceKey, loggedIn]);

  if (state.status === 'loading') {
    return (
      <p className="feed-list__status muted" role="status" aria-busy="true">
        {t('feeds.loading')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="feed-list__status">
        <FormError>{errorText(state.error)}</FormError>
        <button type="button" className="button" onClick={() => void model.load(source)}>
          {t('feeds.retry')}
        </button>
      </div>
    );
  }
  if (state.posts.length === 0) {
    if (emptyView !== undefined) return <>{emptyView}</>;
    const empty = 'following' in source ? t('feeds.emptyFollowing') : 'search' in source ? t('feeds.emptySearch') : 'bookmarks' in source ? t('feeds.emptyBookmarks') : t('feeds.empty');
    return <p className="feed-list__status muted">{empty}</p>;
  }
  return (
    <div className="feed-list" data-testid="feed-list">
      {state.posts.map((post) => (
        <FeedCard
          key={post._id}
          post={post}
          unlock={unlocks.get(post._id) ?? null}
          onUnlock={() => void model.unlock(post)}
          onVideoReady={() => void model.refresh(post._id)}
          onRefresh={() => model.refresh(post._id)}
          onSubscribe={onSubscribe}
        />
      ))}
      {state.posts.length < state.total ? (
        <button type="button" className="button feed-list__more" disabled={state.loadingMore} onClick={() => void model.more()}>
          {state.loadingMore ? t('feeds.loadingMore') : t('feeds.more')}
        </button>
      ) : null}
    </div>
  );
}

interface FeedCardProps {
  post: FeedPost;
  unlock: UnlockStep | null;
  onUnlock: () => void;
  onVideoReady: () => void;
  /** Reads the post again (after a contribution). */
  onRefresh: () => Promise<unknown>;
  onSubscribe: OnSubscribe | undefined;
}

function FeedCard({ post, unlock, onUnlock, onVideoReady, onRefresh, onSubscribe }: FeedCardProps) {
  const { api } = useSession();
  const { t, i18n } = useTranslation();
  const price = formatMoney(post.price, i18n.language);
  const date = new Date(post.createdAt).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <article className="feed-card" data-feed={post._id} data-locked={post.locked}>
      <header className="feed-card__header">
        <img className="feed-card__avatar" src={post.performer.avatar} alt="" width={32} height={32} />
        <strong>{post.performer.name ?? post.performer.username}</strong>
        <time className="muted" dateTime={post.createdAt}>
          {date}
        </time>
        {post.isBought ? <span className="badge">{t('feeds.unlocked')}</span> : null}
      </header>
      {post.text ? <p className="feed-card__text">{post.text}</p> : null}
      {post.files.length > 0 ? (
        <div className="feed-card__photos">
          {post.files.map((photo, index) =>
            photo.type === 'audio' ? (
              <AudioView key={photo._id} postId={post._id} audio={photo} onReady={onVideoReady} />
            ) : photo.type === 'video' ? (
              <VideoView
                key={photo._id}
                video={photo}
                statusOf={(options) => api.feeds.fileStatus({ id: post._id, fileId: photo._id }, undefined, options)}
                linkOf={() => api.feeds.videoUrl({ id: post._id, fileId: photo._id })}
                onReady={onVideoReady}
              />
            ) : photo.url ? (
              <img key={photo._id} src={photo.sizes?.medium?.url ?? photo.url} alt={t('feeds.photoAlt', { index: index + 1, count: post.files.length })} loading="lazy" />
            ) : (
              <img key={photo._id} className="feed-card__blurred" src={photo.placeholder ?? undefined} alt={t('feeds.lockedPhotoAlt')} aria-hidden={photo.placeholder ? undefined : true} />
            ),
          )}
        </div>
      ) : null}
      <PostExtras post={post} onChanged={onRefresh} />
      {locksForSubscribers(post) ? (
        <SubscribersOnlyBox creator={post.performer} onSubscribe={onSubscribe}>
          <p>{t('feeds.subscribersOnlyText', { name: post.performer.name ?? post.performer.username ?? '' })}</p>
        </SubscribersOnlyBox>
      ) : post.locked ? (
        <UnlockBox price={price} step={unlock} onUnlock={onUnlock}>
          <p>{post.type === 'video' ? t('feeds.lockedVideoText', { price }) : post.type === 'photo' ? t('feeds.lockedText', { price }) : t('feeds.lockedAnyText', { price })}</p>
        </UnlockBox>
      ) : null}
      <PostSocial post={post} />
    </article>
  );
}
export type { FeedPost, FeedPhoto } from './feeds-api.js';
export type { FeedSource } from './feeds.model.js';
