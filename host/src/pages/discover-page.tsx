import { LIMITS } from '@fandeck/contract';
import { Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FeedList } from '@fandeck/widgets/feeds/feed-list';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { CreatorCard } from '../components/creator-card.js';
import { PageStatus } from '../components/page-status.js';
import { topPerformers, type PerformerProfile } from '../data/performers.js';
import { popularKeywords, recordKeyword, type Keyword } from '../data/search.js';

const TOP_CREATORS = 8;
const KEYWORDS = 10;

/**
 * /discover: what is going on across the site. Searching posts (the text stays in the
 * URL as `?q=`), the words others search most, the most followed creators and the posts
 * that are trending this week.
 */
export function DiscoverPage() {
  useNamespaces('discover', 'feeds');
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    if (q) recordKeyword(q);
    setParams(q ? { q } : {});
  }

  return (
    <section className="stack" aria-labelledby="discover-title" data-testid="discover">
      <h1 id="discover-title">{t('discover.title')}</h1>
      <form role="search" className="list-controls__group" onSubmit={search}>
        <label htmlFor={`${id}-q`}>{t('discover.searchLabel')}</label>
        <input id={`${id}-q`} type="search" maxLength={LIMITS.search.keywordMax} value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="button">
          {t('discover.searchSubmit')}
        </button>
      </form>
      <PopularKeywords onPick={(keyword) => setParams({ q: keyword })} />
      {query ? (
        <section aria-labelledby={`${id}-results`}>
          <h2 id={`${id}-results`}>{t('discover.results', { query })}</h2>
          <Suspense fallback={<PageStatus kind="loading" />}>
            <FeedList source={{ search: query }} />
          </Suspense>
        </section>
      ) : (
        <>
          <TopCreators />
          <section aria-labelledby={`${id}-trending`}>
            <h2 id={`${id}-trending`}>{t('discover.trending')}</h2>
            <Suspense fallback={<PageStatus kind="loading" />}>
              <FeedList source={{ trending: true }} />
            </Suspense>
          </section>
        </>
      )}
    </section>
  );
}

function PopularKeywords({ onPick }: { onPick: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [keywords, setKeywords] = useState<Keyword[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void popularKeywords(KEYWORDS, controller.signal).then((outcome) => {
      if (!controller.signal.aborted && outcome.ok) setKeywords(outcome.value.data);
    });
    return () => controller.abort();
  }, []);
  // Nothing searched yet: no row of empty suggestions.
  if (keywords.length === 0) return null;
  return (
    <nav aria-label={t('discover.popular')} className="discover__keywords">
      {keywords.map((entry) => (
        <button key={entry.keyword} type="button" className="button button--chip" onClick={() => onPick(entry.keyword)}>
          {entry.keyword}
        </button>
      ))}
    </nav>
  );
}

function TopCreators() {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; creators: PerformerProfile[] } | { status: 'failed' }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    void topPerformers(TOP_CREATORS, controller.signal).then((outcome) => {
      if (controller.signal.aborted) return;
      setState(outcome.ok ? { status: 'ready', creators: outcome.value.data } : { status: 'failed' });
    });
    return () => controller.abort();
  }, [attempt]);
  return (
    <section aria-labelledby={`${id}-top`}>
      <h2 id={`${id}-top`}>{t('discover.topCreators')}</h2>
      {state.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {state.status === 'failed' ? <PageStatus kind="error" onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {state.status === 'ready' && state.creators.length === 0 ? <p className="muted">{t('discover.noCreators')}</p> : null}
      {state.status === 'ready' && state.creators.length > 0 ? (
        <ul className="creator-grid" data-testid="top-creators">
          {state.creators.map((performer) => (
            <CreatorCard key={performer._id} performer={performer} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
