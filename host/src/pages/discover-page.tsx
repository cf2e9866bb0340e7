import { CREATOR_SEARCH_SORTS, LIMITS, type CreatorSearchQuery, type CreatorSearchSort } from '@fandeck/contract';
import { Suspense, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { FeedList } from '@fandeck/widgets/feeds/feed-list';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../components/page-status.js';
import { popularKeywords, recordKeyword, type Keyword } from '../data/search.js';
import { useListQuery } from '../routing/use-list-query.js';
import { CREATOR_FILTERS, CreatorFilters, type FilterValues } from './discover/creator-filters.js';
import { CreatorResults } from './discover/creator-results.js';

const KEYWORDS = 10;
const PAGE_SIZE = 12;
const LIST_FILTERS = ['q', ...CREATOR_FILTERS] as const;

/**
 * /discover: finding creators and posts. The creator search sorts by popularity (the
 * default), newest or live now, and filters by gender, country, body attributes, free
 * subscription and live; a text searches creators' names and posts. Everything (text,
 * filters, sort, page) stays in the address, so a search can be shared and reloaded. Without
 * a text, the posts trending this week; the words others search most are offered.
 */
export function DiscoverPage() {
  useNamespaces('discover', 'feeds', 'creatorSettings');
  const { t } = useTranslation();
  const id = useId();
  const list = useListQuery({ filters: LIST_FILTERS, pageSize: PAGE_SIZE, sortBy: 'popular', sortable: CREATOR_SEARCH_SORTS });
  const query = list.query.filters.q ?? '';
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);

  const values = Object.fromEntries(CREATOR_FILTERS.flatMap((name) => (list.query.filters[name] ? [[name, list.query.filters[name]]] : []))) as FilterValues;
  const filtered = query !== '' || Object.keys(values).length > 0;
  const sortBy = list.query.sortBy as CreatorSearchSort;
  const creatorQuery = useMemo(() => ({ ...list.apiQuery, sort: 'desc', sortBy }) as CreatorSearchQuery, [list.apiQuery, sortBy]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    if (q) recordKeyword(q);
    list.setFilters({ q });
  }

  return (
    <section className="stack" aria-labelledby="discover-title" data-testid="discover">
      <h1 id="discover-title">{t('discover.title')}</h1>
      <form role="search" className="list-controls__group discover__search" onSubmit={search}>
        <label htmlFor={`${id}-q`}>{t('discover.searchLabel')}</label>
        <input id={`${id}-q`} type="search" maxLength={LIMITS.search.keywordMax} value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="button">
          {t('discover.searchSubmit')}
        </button>
      </form>
      <PopularKeywords onPick={(keyword) => list.setFilters({ q: keyword })} />
      <CreatorFilters values={values} sortBy={sortBy} onFilters={list.setFilters} onSort={(next) => list.setSort(next, 'desc')} />
      <CreatorResults
        query={creatorQuery}
        current={list.query.current}
        pageSize={list.query.pageSize}
        filtered={filtered}
        onClear={() => list.setFilters(Object.fromEntries(LIST_FILTERS.map((name) => [name, ''])) as Partial<Record<(typeof LIST_FILTERS)[number], string>>)}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
      {query ? (
        <section aria-labelledby={`${id}-results`}>
          <h2 id={`${id}-results`}>{t('discover.results', { query })}</h2>
          <Suspense fallback={<PageStatus kind="loading" />}>
            <FeedList source={{ search: query }} />
          </Suspense>
        </section>
      ) : (
        <section aria-labelledby={`${id}-trending`}>
          <h2 id={`${id}-trending`}>{t('discover.trending')}</h2>
          <Suspense fallback={<PageStatus kind="loading" />}>
            <FeedList source={{ trending: true }} />
          </Suspense>
        </section>
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
