import { useEffect, useState } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session, useSignalValue } from '../session/session.js';

/** The followers count as the fan's own follow moves it: what the server said, plus or minus the change made here. */
export function useFollowersShown(creatorId: string, followed: boolean, followers: number): number {
  const ids = useSignalValue(session.follows.followedIds);
  const following = ids.includes(creatorId);
  return Math.max(0, followers + (following ? 1 : 0) - (followed ? 1 : 0));
}

/**
 * Follow or unfollow a creator. The session's follows model changes at once and reverts
 * if the server refuses; the count shown moves with it (`hideCount` where the page shows it
 * already, through useFollowersShown). Signed out, it asks to sign in.
 */
export function FollowButton({ creatorId, followed, followers, hideCount = false }: { creatorId: string; followed: boolean; followers: number; hideCount?: boolean }) {
  const { t } = useTranslation();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const user = useSignalValue(session.user.current);
  const ids = useSignalValue(session.follows.followedIds);
  const pending = useSignalValue(session.follows.pending);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    // What the profile said is the truth for this creator until the fan changes it.
    const known = session.follows.followedIds.value;
    if (followed && !known.includes(creatorId)) session.follows.replace([...known, creatorId]);
    if (!followed && known.includes(creatorId)) session.follows.replace(known.filter((id) => id !== creatorId));
  }, [creatorId, followed]);

  if (!loggedIn || user?._id === creatorId) return null;
  const following = ids.includes(creatorId);
  const shown = Math.max(0, followers + (following ? 1 : 0) - (followed ? 1 : 0));
  async function toggle() {
    setFailure(null);
    const outcome = following ? await session.follows.unfollow(creatorId) : await session.follows.follow(creatorId);
    if (!outcome.ok) setFailure(outcome.error.message);
  }
  return (
    <div className="follow" data-testid="follow">
      <button type="button" className={following ? 'button' : 'button button--primary'} aria-pressed={following} disabled={pending.includes(creatorId)} onClick={() => void toggle()}>
        {following ? t('profile.unfollow') : t('profile.follow')}
      </button>
      {hideCount ? null : (
        <span className="muted" data-testid="followers-count">
          {t('profile.followersCount', { count: shown })}
        </span>
      )}
      {failure ? (
        <span className="error" role="alert">
          {failure}
        </span>
      ) : null}
    </div>
  );
}
