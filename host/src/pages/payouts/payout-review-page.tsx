import { useId, useState } from 'react';
import { LIMITS, type PayoutRequestDto, type PayoutStatusWire } from '@fandeck/contract';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { FilterSelect, ListPager } from '../../components/list-controls.js';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { partyName, PartyName } from '../../components/party.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { formatDate } from '../../format/date.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session } from '../../session/session.js';
import { PAYOUT_STATUSES, PayoutDetails, PayoutStatusBadge, usePayoutLabels, usePayoutRefusal } from './payout-parts.js';

/**
 * A staff member without the payout permission gets a 403: this page says so rather than
 * signing them out (the page gate re-checks the token itself on entry).
 */
const STAFF_CALL = { unauthorized: 'ignore' } as const;

type Filter = PayoutStatusWire | 'all';
type Decision = Exclude<PayoutStatusWire, 'pending'>;

/** What staff may do next with a request in each state: earnings leave at `done` and return at `rejected`. */
const nextSteps: Record<PayoutStatusWire, readonly Decision[]> = {
  pending: ['approved', 'rejected'],
  approved: ['done', 'rejected'],
  rejected: [],
  done: [],
};

const decisionKeys = {
  approved: 'payoutPages.review.approve',
  rejected: 'payoutPages.review.reject',
  done: 'payoutPages.review.markDone',
} as const satisfies Record<Decision, string>;

/**
 * /admin/payouts: creators' payout requests for staff, filtered by status (pending first),
 * each with the creator, the amount and the masked details it is to be paid to; approve,
 * reject or mark as paid, with a note the creator reads.
 */
export function PayoutReviewPage() {
  useNamespaces('payoutPages');
  const { t, i18n } = useTranslation();
  const id = useId();
  const labels = usePayoutLabels();
  const refusal = usePayoutRefusal();
  const { query, setPage, setPageSize, setFilters } = useListQuery({ filters: ['status'], pageSize: 10 });
  const wanted = query.filters.status;
  const filter: Filter = wanted === 'all' ? 'all' : (PAYOUT_STATUSES.find((status) => status === wanted) ?? 'pending');
  const { state, reload } = useRemoteList((search) => session.api.admin.payouts.search.list(search, STAFF_CALL), {
    current: query.current,
    pageSize: query.pageSize,
    ...(filter === 'all' ? {} : { status: filter }),
  });
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  async function decide(request: PayoutRequestDto, status: Decision) {
    if (busy) return;
    setBusy(request._id);
    setNotice(null);
    const adminNote = (notes[request._id] ?? '').trim();
    // No note typed keeps the one the creator already reads (the server takes '' as a new, empty note).
    const body = { status, ...(adminNote ? { adminNote } : {}) };
    const outcome = await session.api.admin.payouts.status({ id: request._id }, body, STAFF_CALL);
    const who = partyName(request.performerInfo) || request.performerId;
    const amount = formatMoney(request.requestAmount, i18n.language);
    if (outcome.ok) {
      setNotice({ kind: 'done', text: t('payoutPages.review.decided', { name: who, amount, status: labels.status(status) }) });
      setNotes((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== request._id)));
    } else {
      setNotice({ kind: 'failed', text: refusal(outcome.error) });
    }
    await reload();
    setBusy(null);
  }

  return (
    <section className="card card--wide card--table stack" aria-labelledby="payout-review-title" data-testid="payout-review">
      <h1 id="payout-review-title">{t('payoutPages.review.title')}</h1>
      <p className="muted">{t('payoutPages.review.intro')}</p>
      <div className="list-controls">
        <FilterSelect label={t('payoutPages.review.filter')} name="status" value={filter} onChange={(value) => setFilters({ status: value })}>
          {PAYOUT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {labels.status(status)}
            </option>
          ))}
          <option value="all">{t('payoutPages.review.all')}</option>
        </FilterSelect>
      </div>
      <NoticeLine notice={notice} />
      <RemoteList state={state} empty={t('payoutPages.review.empty')} onRetry={() => void reload()} failureText={(failure) => refusal(failure)}>
        {(items) => (
          <ul className="stack payout-review__list">
            {items.map((request) => {
              const steps = nextSteps[request.status];
              const who = partyName(request.performerInfo) || request.performerId;
              return (
                <li key={request._id} className="card stack" data-payout={request._id} data-status={request.status}>
                  <div className="payout-review__head">
                    <PartyName party={request.performerInfo} link />
                    <strong className="payout-review__amount">{formatMoney(request.requestAmount, i18n.language)}</strong>
                    <PayoutStatusBadge status={request.status} />
                  </div>
                  <p className="muted">{t('payoutPages.review.requestedOn', { date: formatDate(request.createdAt, i18n.language), method: labels.method(request.paymentAccountType) })}</p>
                  <PayoutDetails info={request.paymentAccountInfo} />
                  {steps.length > 0 ? <DetailsToPay requestId={request._id} /> : null}
                  {request.requestNote ? <p>{t('payoutPages.review.creatorNote', { note: request.requestNote })}</p> : null}
                  {request.adminNote ? <p>{t('payoutPages.review.staffNote', { note: request.adminNote })}</p> : null}
                  {steps.length > 0 ? (
                    <div className="stack">
                      <div className="form__field">
                        <label htmlFor={`${id}-note-${request._id}`}>{t('payoutPages.review.note')}</label>
                        <textarea
                          id={`${id}-note-${request._id}`}
                          rows={2}
                          maxLength={LIMITS.payout.noteMax}
                          value={notes[request._id] ?? ''}
                          onChange={(event) => setNotes((current) => ({ ...current, [request._id]: event.target.value }))}
                        />
                      </div>
                      <span className="list-controls__group">
                        {steps.map((step) => (
                          <button
                            key={step}
                            type="button"
                            className={step === 'rejected' ? 'button' : 'button button--primary'}
                            disabled={busy !== null}
                            aria-label={t(`${decisionKeys[step]}For`, { name: who })}
                            onClick={() => void decide(request, step)}
                          >
                            {t(decisionKeys[step])}
                          </button>
                        ))}
                      </span>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </RemoteList>
      <ListPager state={state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </section>
  );
}

/**
 * An open request (pending or approved) is paid outside the platform: staff open the whole
 * details of the method it names to pay to (the list shows them masked), read from the
 * request's single view when asked for.
 */
function DetailsToPay({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const refusal = usePayoutRefusal();
  const [state, setState] = useState<{ status: 'closed' | 'loading' } | { status: 'shown'; details: Record<string, unknown> | null } | { status: 'failed'; text: string }>({ status: 'closed' });

  async function reveal() {
    setState({ status: 'loading' });
    const outcome = await session.api.admin.payouts.view({ id: requestId }, undefined, STAFF_CALL);
    setState(outcome.ok ? { status: 'shown', details: outcome.value.paymentDetails ?? null } : { status: 'failed', text: refusal(outcome.error) });
  }

  if (state.status === 'shown') {
    return (
      <section className="stack" data-part="details-to-pay" aria-label={t('payoutPages.review.detailsToPay')}>
        <strong>{t('payoutPages.review.detailsToPay')}</strong>
        <PayoutDetails info={state.details} />
      </section>
    );
  }
  return (
    <div className="stack">
      <button type="button" className="button" disabled={state.status === 'loading'} aria-busy={state.status === 'loading'} onClick={() => void reveal()}>
        {t('payoutPages.review.showDetailsToPay')}
      </button>
      {state.status === 'failed' ? <p role="alert">{state.text}</p> : null}
    </div>
  );
}
