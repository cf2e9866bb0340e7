import { createElement, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { FollowButton, useFollowersShown } from '../../components/follow-button.js';
import type { PerformerProfile } from '../../data/performers.js';
import { pictureSize, pictureSrcSet } from '../../format/picture-size.js';
import { shortCount } from '../../format/short-count.js';
import { loginPathFrom } from '../../routing/redirects.js';
import { session, useSignalValue } from '../../session/session.js';
import { showSubscribe } from '../profile-subscribe.js';

export interface ProfileHeaderProps {
  performer: PerformerProfile;
  /** Whether the viewer subscribes now (the profile's answer, or a subscription made on this page). */
  subscribed: boolean;
  /** Opens the private-call request below (signed-in fans only). */
  onRequestCall: () => void;
}

/** Where the creator's public stream plays. */
export const livePath = (performer: PerformerProfile) => `/live/${encodeURIComponent(performer.username ?? performer._id)}`;

/**
 * The top of a creator's page: cover, avatar, name, "live now" with the way to the stream,
 * the figures (subscribers, followers, posts, photos, videos) and one row of what a fan
 * does here: subscribe, tip, message, request a call, follow. Subscribe brings the plans
 * forward; tip is the platform's `<fan-tip-button>` (its panel, then the platform's
 * confirm); message opens or starts the conversation with the creator; the call opens the
 * request form. Visitors are sent to sign in where an action needs it; the creator sees
 * none of them on their own page.
 */
export function ProfileHeader({ performer, subscribed, onRequestCall }: ProfileHeaderProps) {
  const { t } = useTranslation();
  const user = useSignalValue(session.user.current);
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const { pathname } = useLocation();
  const own = user?._id === performer._id;
  const followers = useFollowersShown(performer._id, performer.isFollowed === true, performer.stats.followers);
  const handle = performer.username ?? performer._id;
  const figures: [string, number | undefined][] = [
    // A subscription made on this page counts at once.
    ['profile.subscribers', performer.stats.subscribers + (subscribed && performer.isSubscribed !== true ? 1 : 0)],
    ['profile.followers', followers],
    ['profile.posts', performer.stats.totalFeeds],
    ['profile.photos', performer.stats.totalPhotos],
    ['profile.videos', performer.stats.totalVideos],
  ];

  return (
    <>
      {performer.cover ? (
        <img
          className="profile__cover"
          src={pictureSize(performer.cover, 'medium')}
          srcSet={pictureSrcSet(performer.cover, { small: 640, medium: 1280, large: 1920 })}
          sizes="(max-width: 1200px) 100vw, 1200px"
          alt=""
          width={1280}
          height={260}
          fetchPriority="high"
        />
      ) : (
        <div className="profile__cover" aria-hidden="true" />
      )}
      <header className="profile__header">
        <span className="profile__avatar-ring" data-live={performer.live === true ? 'true' : undefined}>
          <img
            className="profile__avatar"
            src={pictureSize(performer.avatar, 'small')}
            srcSet={pictureSrcSet(performer.avatar, { small: 96, medium: 256 })}
            sizes="96px"
            alt=""
            width={96}
            height={96}
          />
        </span>
        <div className="profile__identity">
          <h1 className="profile__name">
            {performer.name}
            {performer.verifiedDocument ? (
              <span className="profile__verified" role="img" aria-label={t('profile.verified')} title={t('profile.verified')}>
                ✓
              </span>
            ) : null}
          </h1>
          {performer.username ? <p className="muted profile__handle">@{performer.username}</p> : null}
          {performer.live ? (
            <Link className="profile__live" to={livePath(performer)} data-testid="profile-live">
              <span className="profile__live-dot" aria-hidden="true" />
              {t('profile.liveNow')} · {t('profile.watchLive')}
            </Link>
          ) : performer.isOnline ? (
            <span className="badge">{t('profile.online')}</span>
          ) : null}
        </div>
      </header>
      <dl className="profile__stats" aria-label={t('profile.stats')} data-testid="profile-stats">
        {figures.map(([label, value]) => (
          <div key={label} data-stat={label.slice('profile.'.length)}>
            <dt>{t(label as 'profile.posts')}</dt>
            <dd>{shortCount(value ?? 0)}</dd>
          </div>
        ))}
      </dl>
      {own ? null : (
        <div className="profile__actions" role="group" aria-label={t('profile.actions')} data-testid="profile-actions">
          <button type="button" className={subscribed ? 'button' : 'button button--primary'} onClick={showSubscribe}>
            {subscribed ? t('profile.subscribed') : t('profile.subscribe')}
          </button>
          <ProfileTip creator={handle} label={t('profile.tip')} />
          <Link className="button" to={`/messages?creator=${encodeURIComponent(handle)}`} data-testid="profile-message">
            {t('profile.message')}
          </Link>
          {!loggedIn ? (
            <Link className="button" to={loginPathFrom(pathname)}>
              {t('profile.requestCall')}
            </Link>
          ) : user && !user.isPerformer ? (
            <button type="button" className="button" onClick={onRequestCall}>
              {t('profile.requestCall')}
            </button>
          ) : null}
          <FollowButton creatorId={performer._id} followed={performer.isFollowed === true} followers={performer.stats.followers} hideCount />
        </div>
      )}
    </>
  );
}

/**
 * The platform's tip element, as any page embeds it: its own button, its panel (amount,
 * message, live balance, the inline top-up when short) and the platform's confirm. Its
 * module is fetched once the header is on screen, not with the profile's first code.
 */
function ProfileTip({ creator, label }: { creator: string; label: string }) {
  const [ready, setReady] = useState(() => customElements.get('fan-tip-button') !== undefined);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void import('@fandeck/widgets/tip/fan-tip-button.element').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  if (!ready) {
    return (
      <button type="button" className="button" disabled aria-busy="true">
        {label}
      </button>
    );
  }
  return createElement('fan-tip-button', { creator, label, className: 'profile__tip', 'data-testid': 'profile-tip' });
}
