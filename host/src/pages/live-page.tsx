import { Suspense } from 'react';
import { useParams } from 'react-router';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { FanLivePlayer } from '@fandeck/widgets/live-player/fan-live-player';
import '@fandeck/widgets/kit/base.css';
import '@fandeck/widgets/ui/form-controls.css';
import '@fandeck/widgets/live-player/fan-live-player.css';
import '@fandeck/widgets/live-player/live-stage.css';
import { PageStatus } from '../components/page-status.js';
import { useRemoteValue } from '../components/remote-value.js';
import { fetchPerformer } from '../data/performers.js';
import { session, useSignalValue } from '../session/session.js';

/**
 * /live/:creator: a creator's live stream on the platform's own site, the same view as
 * `<fan-live-player creator>` (video, viewer count, stream chat with its tip and gift lines, tip, gifts), so the site plays
 * streams exactly as embeds do. The title names the creator as their profile does (the
 * address's username until the profile answers).
 */
export function LivePage() {
  const { t } = useTranslation();
  const theme = useSignalValue(session.theme.current);
  const { creator = '' } = useParams();
  const profile = useRemoteValue(() => fetchPerformer(creator), creator);
  const name = (profile.state.status === 'ready' ? profile.state.value.name : null) || creator;
  return (
    <section className="live-page" data-testid="live-page" aria-labelledby="live-title">
      <h1 id="live-title" className="page-title">
        {t('site.liveOf', { creator: name })}
      </h1>
      <div className="fan-root" data-theme={theme}>
        <Suspense fallback={<PageStatus kind="loading" />}>
          <PlayerView creator={creator} />
        </Suspense>
      </div>
    </section>
  );
}

function PlayerView({ creator }: { creator: string }) {
  // The element loads its texts before it renders; here the view waits for them itself.
  useNamespaces('live-player');
  return <FanLivePlayer key={creator} creator={creator} />;
}
