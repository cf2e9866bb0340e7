import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { CreatorSearchQuery } from '@fandeck/contract';
import { CreatorCard } from '../../components/creator-card.js';
import { Pager } from '../../components/list-controls.js';
import { PageStatus } from '../../components/page-status.js';
import type { ListPage, PerformerProfile } from '../../data/performers.js';
import { searchCreators } from '../../data/search.js';

type ResultState =
  | { status: 'loading' }
  // While the next page loads, the last one stays on screen, marked busy.
  | { status: 'ready'; page: ListPage<PerformerProfile>; refreshing: boolean }
  | { status: 'failed'; message: string };

export interface CreatorResultsProps {
  query: CreatorSearchQuery;
  current: number;
  pageSize: number;
  /** A text or filters narrow the list: the title says so and the empty state offers to clear them. */
  filtered: boolean;
  onClear(): void;
  onPage(current: number): void;
  onPageSize(pageSize: number): void;
}

const SKELETONS = 4;

/** The creators the search finds, as cards, a page at a time; loading, empty and failed states included. */
export function CreatorResults({ query, current, pageSize, filtered, onClear, onPage, onPageSize }: CreatorResultsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<ResultState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => (previous.status === 'ready' ? { ...previous, refreshing: true } : { status: 'loading' }));
    void searchCreators(JSON.parse(key) as CreatorSearchQuery, controller.signal).then((outcome) => {
      if (controller.signal.aborted) return;
      setState(outcome.ok ? { status: 'ready', page: outcome.value, refreshing: false } : { status: 'failed', message: outcome.error.message });
    });
    return () => controller.abort();
  }, [key, attempt]);

  return (
    <section aria-labelledby={`${id}-title`} className="stack">
      <h2 id={`${id}-title`}>{filtered ? t('discover.creatorsFound') : t('discover.topCreators')}</h2>
      {state.status === 'loading' ? (
        <ul className="creator-grid" aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: SKELETONS }, (_, index) => (
            <li key={index} className="creator-card creator-card--skeleton" />
          ))}
        </ul>
      ) : null}
      {state.status === 'failed' ? <PageStatus kind="error" message={state.message} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {state.status === 'ready' && state.page.data.length === 0 ? (
        <div className="discover__empty" data-testid="creator-results-empty">
          <p>{filtered ? t('discover.noMatch') : t('discover.noCreators')}</p>
          {filtered ? (
            <button type="button" className="button" onClick={onClear}>
              {t('discover.clearFilters')}
            </button>
          ) : null}
        </div>
      ) : null}
      {state.status === 'ready' && state.page.data.length > 0 ? (
        <>
          <p className="muted" data-testid="result-count">
            {t('list.total', { count: state.page.total })}
          </p>
          <ul className="creator-grid" data-testid="top-creators" aria-busy={state.refreshing}>
            {state.page.data.map((performer) => (
              <CreatorCard key={performer._id} performer={performer} />
            ))}
          </ul>
          {state.page.total > pageSize ? <Pager current={current} pageSize={pageSize} total={state.page.total} onPage={onPage} onPageSize={onPageSize} /> : null}
        </>
      ) : null}
    </section>
  );
}
