import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FeedList } from '@fandeck/widgets/feeds/feed-list';
import { CreatorCard } from '../components/creator-card.js';
import { PageStatus } from '../components/page-status.js';
import { useTranslation } from '@fandeck/widgets/i18n';
import { topPerformers, type PerformerProfile } from '../data/performers.js';
import { displayName } from '../layouts/site-chrome.js';
import { session, useSignalValue } from '../session/session.js';

const SUGGESTIONS = 6;

/**
 * /home: the fan home. Says who is signed in and shows the posts of the creators they
 * follow or subscribe to, newest first; while there are none, creators to start with.
 */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSignalValue(session.user.current);
  if (!user) return null;
  return (
    <section aria-labelledby="home-title" className="stack">
      <h1 id="home-title">{t('home.title')}</h1>
      <p data-testid="signed-in-as">{t('home.signedInAs', { name: displayName(user) })}</p>
      <p>
        <Link to="/discover" className="button">
          {t('site.browseCreators')}
        </Link>
      </p>
      <h2>{t('home.feedTitle')}</h2>
      <div className="pending-region">
        <Suspense fallback={<PageStatus kind="loading" />}>
          <FeedList empty={<Suggestions />} />
        </Suspense>
      </div>
    </section>
  );
}

type SuggestionState = { status: 'loading' } | { status: 'ready'; creators: PerformerProfile[] } | { status: 'failed' };

/** An empty home feed: why it is empty, and the most popular creators to follow or subscribe to. */
function Suggestions() {
  const { t } = useTranslation();
  const [state, setState] = useState<SuggestionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    void topPerformers(SUGGESTIONS, controller.signal).then((outcome) => {
      if (!controller.signal.aborted) setState(outcome.ok ? { status: 'ready', creators: outcome.value.data } : { status: 'failed' });
    });
    return () => controller.abort();
  }, [attempt]);
  return (
    <div className="stack" data-testid="home-suggestions">
      <p>{t('feeds.emptyFollowing')}</p>
      <h3>{t('home.suggestionsTitle')}</h3>
      {state.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {state.status === 'failed' ? <PageStatus kind="error" onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {state.status === 'ready' && state.creators.length === 0 ? <p className="muted">{t('home.noSuggestions')}</p> : null}
      {state.status === 'ready' && state.creators.length > 0 ? (
        <ul className="creator-grid">
          {state.creators.map((performer) => (
            <CreatorCard key={performer._id} performer={performer} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
