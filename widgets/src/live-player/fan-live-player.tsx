import type { StreamJoinDto } from '@fandeck/contract';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
// By their paths, not the ui index: through it the player's first chunks would hold the money
// input and the other forms' pieces (with the money helpers), which only the stage's tip needs.
import { useErrorText } from '../ui/error-text.js';
import { FormError } from '../ui/form-error.js';
import { SignInPrompt } from '../ui/sign-in-prompt.js';
import { SubscribersOnlyBox } from '../ui/subscribers-only-box.js';
import { useModel } from '../ui/use-model.js';
import { LivePlayerModel, type PlayerState } from './live-player.model.js';
import { StreamHeading } from './stream-heading.js';

// The live stage (video, chat, tip) is fetched once a stream is on screen: an offline or
// locked player loads only this shell.
const LiveBody = lazy(() => import('./live-body.js').then((module) => ({ default: module.LiveBody })));

export interface FanLivePlayerProps {
  /** The creator whose live stream to show (id or username). */
  creator?: string | undefined;
}

/** The creator's name as the stream names them, else the reference the page gave. */
function nameOf(join: StreamJoinDto | null, creator: string): string {
  const info = join?.stream.performerInfo;
  return info?.name || info?.username || creator;
}

/**
 * A creator's live stream: offline (updated by itself when it starts), not for this viewer
 * (subscribers only, or sign in first), the live video with its viewer count, the stream
 * chat and a tip, or ended. A lost connection is said in a banner; after it comes back the
 * stream is read again. A host page rendering this view calls `useNamespaces('live-player')`.
 */
export function FanLivePlayer({ creator = '' }: FanLivePlayerProps) {
  const session = useSession();
  const model = useModel(() => new LivePlayerModel(session));
  const state = useSignalValue(model.state);
  useEffect(() => {
    void model.setCreator(creator);
  }, [model, creator]);

  return (
    <div className="fan-live" part="player" data-state={state.status}>
      <LiveBanner />
      <PlayerBody model={model} state={state} creator={creator} />
    </div>
  );
}

/** Shown while the live connection is down. Part: `live-status` (`data-state`). */
function LiveBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const status = useSignalValue(session.live.status);
  const loggedIn = useSignalValue(session.auth.loggedIn);
  if (!loggedIn || (status !== 'reconnecting' && status !== 'disconnect' && status !== 'failed')) return null;
  return (
    <p className="fan-live__banner" part="live-status" role="status" data-state={status}>
      {status === 'failed' ? t('live-player.connectionFailed') : t('live-player.reconnecting')}
    </p>
  );
}

function PlayerBody({ model, state, creator }: { model: LivePlayerModel; state: PlayerState; creator: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  switch (state.status) {
    case 'loading':
      return (
        <p className="fan-live__muted" part="loading" aria-busy="true">
          {t('live-player.loading')}
        </p>
      );
    case 'failed':
      return (
        <div className="fan-live__box">
          <FormError>{errorText(state.error)}</FormError>
          <button type="button" className="fan-button" part="retry" onClick={() => void model.refresh()}>
            {t('live-player.retry')}
          </button>
        </div>
      );
    case 'offline':
      return (
        <div className="fan-live__box" part="offline">
          <p className="fan-live__headline" part="status">
            {t('live-player.offline', { name: nameOf(state.join, creator) })}
          </p>
          <p className="fan-live__muted">{t('live-player.offlineHint')}</p>
        </div>
      );
    case 'ended':
      return (
        <div className="fan-live__box" part="ended">
          <p className="fan-live__headline" part="status">
            {t('live-player.ended', { name: nameOf(state.join, creator) })}
          </p>
          <p className="fan-live__muted">{t('live-player.endedHint')}</p>
        </div>
      );
    case 'not-entitled': {
      const name = nameOf(state.join, creator);
      const { stream } = state.join;
      return (
        <div className="fan-live__box" part="not-entitled" data-reason={state.reason}>
          <StreamHeading title={stream.title} live />
          {state.reason === 'sign_in' ? (
            <SignInPrompt text={t('live-player.signIn', { name })} />
          ) : (
            <SubscribersOnlyBox creator={{ _id: stream.performerId, username: stream.performerInfo?.username ?? null }}>
              <p>{t('live-player.subscribersOnly', { name })}</p>
            </SubscribersOnlyBox>
          )}
        </div>
      );
    }
    case 'live':
      return (
        <Suspense
          fallback={
            <p className="fan-live__muted" part="loading" aria-busy="true">
              {t('live-player.loading')}
            </p>
          }
        >
          <LiveBody model={model} join={state.join} name={nameOf(state.join, creator)} />
        </Suspense>
      );
  }
}
