import { Suspense, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { loadNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { FeedList } from '@fandeck/widgets/feeds/feed-list';
import { GalleryList } from '@fandeck/widgets/galleries/gallery-list';
import { ReelList, VideoList } from '@fandeck/widgets/videos/video-list';
import { PageLoading, PageStatus } from '../components/page-status.js';
import { fetchPerformer, type PerformerProfile } from '../data/performers.js';
import { RequestPrivateCall } from './private-calls/request-call-form.js';
import { ProfileAbout } from './profile/profile-about.js';
import { ProfileHeader } from './profile/profile-header.js';
import { ProfileSubscribe, showSubscribe } from './profile-subscribe.js';

type ProfileState =
  | { status: 'loading' }
  | { status: 'ready'; performer: PerformerProfile }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

/** /{profileId}: a creator's public page, by username or id. */
export function ProfilePage() {
  const { profileId = '' } = useParams();
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    // The texts the about and plans sections wait for come with the creator, so neither
    // grows after the page has painted (which would push everything below it down).
    const texts = loadNamespaces(['creatorSettings', 'subscribe']).catch(() => undefined);
    void Promise.all([fetchPerformer(profileId, controller.signal), texts]).then(([outcome]) => {
      if (controller.signal.aborted) return;
      if (outcome.ok) setState({ status: 'ready', performer: outcome.value });
      // An id or username that cannot exist (400) is as absent as one that does not (404).
      else if (outcome.error.status === 404 || outcome.error.status === 400) setState({ status: 'not-found' });
      else setState({ status: 'failed', message: outcome.error.message });
    });
    return () => controller.abort();
  }, [profileId, attempt]);

  // Screen tall while the creator loads: the footer stays below the fold instead of being pushed down in view.
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'not-found') return <ProfileNotFound />;
  if (state.status === 'failed') return <PageStatus kind="error" onRetry={() => setAttempt((n) => n + 1)} />;
  return <ProfileView performer={state.performer} />;
}

function ProfileNotFound() {
  const { t } = useTranslation();
  return (
    <section data-testid="profile-not-found" className="stack">
      <h1>{t('profile.notFoundTitle')}</h1>
      <p className="muted">{t('profile.notFoundBody')}</p>
      <Link to="/creators">{t('site.browseCreators')}</Link>
    </section>
  );
}

const TABS = ['posts', 'photos', 'videos', 'reels'] as const;
type Tab = (typeof TABS)[number];
const tabLabels = { posts: 'profile.posts', photos: 'profile.photos', videos: 'profile.videos', reels: 'profile.reels' } as const;

/**
 * The creator's content by kind; the tab is kept in the URL (`?tab=videos`) so it can be
 * shared. A new `version` reads the lists again (after subscribing, what was locked opens).
 * "Subscribe to see" on a subscribers-only item brings the page's own subscribe forward.
 */
function ContentTabs({ performer, version }: { performer: PerformerProfile; version: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: Tab = TABS.find((name) => name === wanted) ?? 'posts';
  return (
    <section id="posts" aria-label={t('profile.content')}>
      <div role="tablist" className="profile__tabs" aria-label={t('profile.content')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="profile-tabpanel"
            className={tab === name ? 'button button--primary' : 'button'}
            onClick={() => setParams(name === 'posts' ? {} : { tab: name }, { replace: true, preventScrollReset: true })}
          >
            {t(tabLabels[name])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="profile-tabpanel" className="pending-region" aria-labelledby={`tab-${tab}`}>
        <Suspense key={version} fallback={<PageStatus kind="loading" />}>
          {tab === 'posts' ? <FeedList creator={performer.username ?? performer._id} onSubscribe={showSubscribe} /> : null}
          {tab === 'photos' ? <GalleryList creatorId={performer._id} onSubscribe={showSubscribe} /> : null}
          {tab === 'videos' ? <VideoList creatorId={performer._id} onSubscribe={showSubscribe} /> : null}
          {tab === 'reels' ? <ReelList creatorId={performer._id} /> : null}
        </Suspense>
      </div>
    </section>
  );
}

function ProfileView({ performer }: { performer: PerformerProfile }) {
  const { t } = useTranslation();
  // Bumped when the fan subscribes here: the content tabs read the lists again.
  const [contentVersion, setContentVersion] = useState(0);
  const [subscribedHere, setSubscribedHere] = useState(false);
  // Bumped by the header's "Request a call": the request form below opens.
  const [callRequest, setCallRequest] = useState(0);

  return (
    <article className="profile" data-testid="profile" data-profile-id={performer._id}>
      <ProfileHeader performer={performer} subscribed={performer.isSubscribed === true || subscribedHere} onRequestCall={() => setCallRequest((n) => n + 1)} />
      <nav className="profile__sections" aria-label={t('profile.sections')}>
        <a href="#about">{t('profile.about')}</a>
        <a href="#plans">{t('profile.plans')}</a>
        <a href="#posts">{t('profile.posts')}</a>
      </nav>
      <ProfileAbout performer={performer} />
      <ProfileSubscribe
        performer={performer}
        onSubscribed={() => {
          setSubscribedHere(true);
          setContentVersion((n) => n + 1);
        }}
      />
      <RequestPrivateCall performer={performer} openRequest={callRequest} />
      <ContentTabs performer={performer} version={contentVersion} />
    </article>
  );
}
