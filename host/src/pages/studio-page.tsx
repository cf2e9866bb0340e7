import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { useSearchParams } from 'react-router';
import { useRemoteValue } from '../components/remote-value.js';
import { session } from '../session/session.js';
import { StudioBlocked } from './studio/studio-blocked.js';
import { StudioGalleries } from './studio/studio-galleries.js';
import { StudioPosts } from './studio/studio-posts.js';
import { StudioVideos } from './studio/studio-videos.js';

const STUDIO_TABS = ['posts', 'galleries', 'videos', 'reels', 'blocked'] as const;
type StudioTab = (typeof STUDIO_TABS)[number];
const studioTabLabels = { posts: 'studio.tabPosts', galleries: 'studio.tabGalleries', videos: 'studio.tabVideos', reels: 'studio.tabReels', blocked: 'studio.tabBlocked' } as const;

/**
 * /creator/posts: the creator's studio. Posts (write, schedule, draft), galleries and their
 * photos, videos and reels, and the fans the creator blocked, one tab each; the tab is
 * kept in the URL (`?tab=videos`). A creator whose documents are still under review is
 * told, up front, that she may post free content meanwhile.
 */
export function StudioPage() {
  useNamespaces('studio', 'feeds');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: StudioTab = STUDIO_TABS.find((name) => name === wanted) ?? 'posts';
  // Read again on each tab, so the notice goes once staff approve her.
  const { state: me } = useRemoteValue(() => session.api.performers.me(), tab);
  return (
    <section className="studio" aria-labelledby="studio-title" data-testid="studio">
      <header className="studio__header">
        <h1 id="studio-title">{t('studio.title')}</h1>
        <p className="muted">{t('studio.intro')}</p>
      </header>
      {me.status === 'ready' && !me.value.verifiedDocument ? (
        <p className="studio__pending" role="note" data-testid="studio-pending">
          {t('studio.pendingNotice')}
        </p>
      ) : null}
      <div role="tablist" className="studio__tabs" aria-label={t('studio.tabs')}>
        {STUDIO_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`studio-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="studio-tabpanel"
            className="studio__tab"
            onClick={() => setParams(name === 'posts' ? {} : { tab: name }, { replace: true })}
          >
            {t(studioTabLabels[name])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="studio-tabpanel" aria-labelledby={`studio-tab-${tab}`} className="studio__panel">
        {tab === 'posts' ? <StudioPosts /> : null}
        {tab === 'galleries' ? <StudioGalleries /> : null}
        {tab === 'videos' ? <StudioVideos kind="video" /> : null}
        {tab === 'reels' ? <StudioVideos kind="reel" /> : null}
        {tab === 'blocked' ? <StudioBlocked /> : null}
      </div>
    </section>
  );
}
