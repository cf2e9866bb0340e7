import { useEffect } from 'react';
import { Link } from 'react-router';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { liveStreams, type StreamDto } from '../data/live-streams.js';
import { shortCount } from '../format/short-count.js';
import { profilePath } from '../routing/redirects.js';
import { useRemoteList } from '../components/remote-list.js';

/** How many streams the page shows, the most watched first. */
const SHOWN = 48;
/** Streams start and end by themselves: the list is read again this often while the page is in sight. */
const REFRESH_MS = 30_000;

/**
 * /live: who is live now, the most watched first: each stream's creator, title and viewer
 * count, linking to its watch page. Read again every half minute while the tab is visible
 * and when it comes back into view; loading, failed and empty states of its own.
 */
export function LiveNowPage() {
  useNamespaces('liveNow');
  const { t } = useTranslation();
  const { state, reload } = useRemoteList<StreamDto>(() => liveStreams(SHOWN), {});
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    const timer = setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [reload]);

  return (
    <section aria-labelledby="live-now-title" className="stack live-now" data-testid="live-now">
      <h1 id="live-now-title">{t('liveNow.title')}</h1>
      <p className="muted">{t('liveNow.intro')}</p>
      {state.status === 'loading' ? (
        <ul className="live-grid" aria-hidden="true">
          {Array.from({ length: 4 }, (_, index) => (
            <li key={index} className="live-card live-card--skeleton" />
          ))}
        </ul>
      ) : null}
      {state.status === 'failed' ? (
        <div className="live-now__state" role="alert">
          <p>{t('liveNow.failed')}</p>
          <button type="button" className="button" onClick={() => void reload()}>
            {t('site.retry')}
          </button>
        </div>
      ) : null}
      {state.status === 'ready' && state.items.length === 0 ? (
        <div className="live-now__state" data-testid="live-now-empty">
          <p>{t('liveNow.empty')}</p>
          <Link to="/creators">{t('liveNow.browse')}</Link>
        </div>
      ) : null}
      {state.status === 'ready' && state.items.length > 0 ? (
        <ul className="live-grid">
          {state.items.map((stream) => (
            <LiveStreamCard key={stream._id} stream={stream} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** A stream broadcasting now: the creator's picture with the live badge, their name, the title and how many watch. */
function LiveStreamCard({ stream }: { stream: StreamDto }) {
  const { t } = useTranslation();
  const creator = stream.performerInfo;
  const name = creator?.name || creator?.username || t('liveNow.someone');
  const slug = creator ? profilePath(creator).slice(1) : stream.performerId;
  return (
    <li className="live-card" data-username={creator?.username ?? ''}>
      <Link to={`/live/${slug}`} aria-label={t('liveNow.watch', { name })}>
        <span className="live-card__picture">
          {creator?.avatar ? <img src={creator.avatar} alt="" width={96} height={96} /> : null}
          <span className="live-badge">{t('liveNow.badge')}</span>
        </span>
        <span className="live-card__name">{name}</span>
        {stream.title ? <span className="live-card__title">{stream.title}</span> : null}
        <span className="muted live-card__viewers">{t('liveNow.viewers', { count: shortCount(stream.viewerCount) })}</span>
      </Link>
    </li>
  );
}
