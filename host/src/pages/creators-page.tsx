import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { CreatorCard } from '../components/creator-card.js';
import { Pager, SortControls } from '../components/list-controls.js';
import { PageStatus } from '../components/page-status.js';
import { performerSortFields, searchPerformers, type ListPage, type PerformerProfile } from '../data/performers.js';
import { useListQuery } from '../routing/use-list-query.js';

const filters = ['q', 'gender'] as const;
const genders = ['female', 'male', 'trans'] as const;
const genderKeys = { female: 'creators.genderFemale', male: 'creators.genderMale', trans: 'creators.genderTrans' } as const;
const sortKeys = {
  updatedAt: 'list.sortUpdatedAt',
  createdAt: 'list.sortCreatedAt',
  name: 'list.sortName',
  username: 'list.sortUsername',
  subscribers: 'list.sortSubscribers',
} as const;

type ResultState =
  | { status: 'loading' }
  // While the next page loads, the last one stays on screen, marked busy.
  | { status: 'ready'; page: ListPage<PerformerProfile>; refreshing: boolean }
  | { status: 'failed'; message: string };

/** /creators: find creators, with paging, sorting and filters kept in the URL. */
export function CreatorsPage() {
  const { t } = useTranslation();
  const id = useId();
  const list = useListQuery({ filters, pageSize: 12, sortable: performerSortFields });
  const [state, setState] = useState<ResultState>({ status: 'loading' });
  const [text, setText] = useState(list.query.filters.q ?? '');

  useEffect(() => setText(list.query.filters.q ?? ''), [list.query.filters.q]);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => (previous.status === 'ready' ? { ...previous, refreshing: true } : { status: 'loading' }));
    void searchPerformers(list.apiQuery, controller.signal).then((outcome) => {
      if (controller.signal.aborted) return;
      setState(outcome.ok ? { status: 'ready', page: outcome.value, refreshing: false } : { status: 'failed', message: outcome.error.message });
    });
    return () => controller.abort();
  }, [list.apiQuery]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    list.setFilters({ q: text.trim() });
  }

  const sortFields = performerSortFields.map((value) => ({ value, label: t(sortKeys[value]) }));

  return (
    <section className="stack" aria-labelledby="creators-title">
      <h1 id="creators-title">{t('creators.title')}</h1>
      <div className="list-controls">
        <form role="search" className="list-controls__group" onSubmit={search}>
          <label htmlFor={`${id}-q`}>{t('creators.search')}</label>
          <input id={`${id}-q`} name="q" type="search" value={text} onChange={(event) => setText(event.target.value)} />
          <button type="submit" className="button">
            {t('creators.searchSubmit')}
          </button>
        </form>
        <div className="list-controls__group">
          <label htmlFor={`${id}-gender`}>{t('creators.gender')}</label>
          <select id={`${id}-gender`} name="gender" value={list.query.filters.gender ?? ''} onChange={(event) => list.setFilters({ gender: event.target.value })}>
            <option value="">{t('creators.genderAny')}</option>
            {genders.map((gender) => (
              <option key={gender} value={gender}>
                {t(genderKeys[gender])}
              </option>
            ))}
          </select>
        </div>
        <SortControls sortBy={list.query.sortBy} sort={list.query.sort} fields={sortFields} onChange={list.setSort} />
      </div>
      {state.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {state.status === 'failed' ? <PageStatus kind="error" message={state.message} /> : null}
      {state.status === 'ready' ? (
        <>
          <p className="muted" data-testid="result-count">
            {t('list.total', { count: state.page.total })}
          </p>
          {state.page.data.length === 0 ? <p>{t('creators.empty')}</p> : null}
          <ul className="creator-grid" data-testid="creator-list" aria-busy={state.refreshing}>
            {state.page.data.map((performer) => (
              <CreatorCard key={performer._id} performer={performer} />
            ))}
          </ul>
          <Pager
            current={list.query.current}
            pageSize={list.query.pageSize}
            total={state.page.total}
            onPage={list.setPage}
            onPageSize={list.setPageSize}
          />
        </>
      ) : null}
    </section>
  );
}
