import { useCallback, useEffect, useState } from 'react';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../components/page-status.js';
import type { PendingCreatorDto } from '@fandeck/contract';
import { session } from '../session/session.js';

type PendingCreator = PendingCreatorDto;

type State = { status: 'loading' } | { status: 'ready'; items: PendingCreator[] } | { status: 'failed'; message: string };
type Decision = 'approve' | 'reject';

/** /admin/creators/review: creators whose ID documents wait for an admin (issue 8, item 4). */
export function CreatorReviewPage() {
  useNamespaces('review');
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const outcome = await session.api.admin.performers.pendingReview.list();
    setState(outcome.ok ? { status: 'ready', items: outcome.value.data } : { status: 'failed', message: outcome.error.message });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function decide(creator: PendingCreator, decision: Decision) {
    setBusy(creator._id);
    setError(null);
    const outcome = await session.api.admin.performers.review({ id: creator._id }, { decision });
    setBusy(null);
    if (!outcome.ok) {
      setError(outcome.error.message);
      return;
    }
    setNotice(t(decision === 'approve' ? 'review.approved' : 'review.rejected', { name: creator.name || creator.username || creator.email }));
    if (decision === 'approve') setState((previous) => (previous.status === 'ready' ? { ...previous, items: previous.items.filter((item) => item._id !== creator._id) } : previous));
  }

  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

  return (
    <section className="stack" aria-labelledby="review-title">
      <h1 id="review-title">{t('review.title')}</h1>
      <p>{t('review.intro')}</p>
      {notice ? <p role="status">{notice}</p> : null}
      {error ? <p role="alert">{error}</p> : null}
      {state.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {state.status === 'failed' ? <PageStatus kind="error" message={state.message} onRetry={() => void load()} /> : null}
      {state.status === 'ready' && state.items.length === 0 ? <p data-testid="review-empty">{t('review.empty')}</p> : null}
      {state.status === 'ready' && state.items.length > 0 ? (
        <ul className="stack" data-testid="review-list">
          {state.items.map((creator) => (
            <li key={creator._id} className="card stack" data-creator={creator._id}>
              <strong>{creator.name || creator.username}</strong>
              <span>
                {creator.username ? `@${creator.username} · ` : ''}
                {creator.email}
              </span>
              <span>{t('review.registered', { date: date(creator.createdAt) })}</span>
              <span>
                {creator.documents.map((document) => (
                  <a key={document.side} href={document.url} target="_blank" rel="noopener noreferrer" className="link">
                    {t('review.document', { side: t(document.side === 'front' ? 'review.front' : 'review.back') })}
                  </a>
                ))}
              </span>
              <span className="list-controls__group">
                <button type="button" className="button" disabled={busy === creator._id} onClick={() => void decide(creator, 'approve')}>
                  {t('review.approve')}
                </button>
                <button type="button" className="button button--secondary" disabled={busy === creator._id} onClick={() => void decide(creator, 'reject')}>
                  {t('review.reject')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
