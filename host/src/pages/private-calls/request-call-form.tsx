import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../components/page-status.js';
import { session, useSignalValue } from '../../session/session.js';
import { CALL_DURATION, NOTE_MAX, readDuration, requestCall } from './private-calls-api.js';
import { refusalText } from './refusal-text.js';

export interface RequestCallProps {
  performer: { _id: string; name: string; username: string | null; privateCallPrice?: number };
  /** Bumped by the profile header's "Request a call": the form opens, scrolled into view, the keyboard on its first field. */
  openRequest?: number;
}

/** The section's id, which the profile header's button points at. */
export const REQUEST_CALL_ID = 'private-call';

/**
 * A creator's profile, for a signed-in fan: "Request a private call", opening a small form
 * (minutes, an optional note, the price) that sends `POST /streaming/private/request`.
 * Nothing for visitors, creators or the creator themself.
 */
export function RequestPrivateCall(props: RequestCallProps) {
  const user = useSignalValue(session.user.current);
  if (!user || user.isPerformer || user._id === props.performer._id) return null;
  return (
    <Suspense fallback={<PageStatus kind="loading" />}>
      <RequestCallSection {...props} />
    </Suspense>
  );
}

type SendState = { status: 'idle' } | { status: 'sending' } | { status: 'sent' } | { status: 'failed'; message: string; field?: 'duration' };

function RequestCallSection({ performer, openRequest = 0 }: RequestCallProps) {
  useNamespaces('privateCalls');
  const { t, i18n } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [duration, setDuration] = useState(String(CALL_DURATION.default));
  const [note, setNote] = useState('');
  const [state, setState] = useState<SendState>({ status: 'idle' });
  const opener = useRef<HTMLButtonElement>(null);
  const price = performer.privateCallPrice ?? 0;
  const name = performer.name || performer.username || '';
  const sending = state.status === 'sending';
  const durationInput = useRef<HTMLInputElement>(null);
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    if (openRequest === 0) return;
    setOpen(true);
    setState((current) => (current.status === 'sending' ? current : { status: 'idle' }));
  }, [openRequest]);
  useEffect(() => {
    if (openRequest === 0 || !open) return;
    section.current?.scrollIntoView({ block: 'start' });
    durationInput.current?.focus({ preventScroll: true });
  }, [openRequest, open]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const minutes = readDuration(duration);
    if (minutes === null) {
      return setState({ status: 'failed', field: 'duration', message: t('privateCalls.request.durationInvalid', { min: CALL_DURATION.min, max: CALL_DURATION.max }) });
    }
    setState({ status: 'sending' });
    const outcome = await requestCall({ performerId: performer._id, duration: minutes, note });
    if (outcome.ok) {
      setState({ status: 'sent' });
      setOpen(false);
      setNote('');
      setDuration(String(CALL_DURATION.default));
    } else {
      setState({ status: 'failed', message: refusalText(t, outcome.error) });
    }
  }

  function close() {
    setOpen(false);
    if (state.status === 'failed') setState({ status: 'idle' });
    opener.current?.focus();
  }

  const durationError = state.status === 'failed' && state.field === 'duration' ? state.message : null;
  return (
    <section ref={section} id={REQUEST_CALL_ID} className="profile__private-call stack" aria-labelledby={`${id}-title`} data-testid="request-private-call">
      <h2 id={`${id}-title`}>{t('privateCalls.request.open')}</h2>
      <p className="muted" data-testid="private-call-price">
        {price > 0 ? t('privateCalls.request.price', { price: formatMoney(price, i18n.language) }) : t('privateCalls.request.free')}
      </p>
      {state.status === 'sent' ? (
        <p className="success" role="status">
          {t('privateCalls.request.sent')} <Link to="/private-calls">{t('privateCalls.request.seeCalls')}</Link>
        </p>
      ) : null}
      {open ? (
        <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending} aria-label={t('privateCalls.request.title', { name })} data-state={state.status}>
          <div className="form__field" data-invalid={durationError ? 'true' : undefined}>
            <label htmlFor={`${id}-duration`}>{t('privateCalls.request.duration')}</label>
            <input
              ref={durationInput}
              id={`${id}-duration`}
              name="duration"
              type="number"
              min={CALL_DURATION.min}
              max={CALL_DURATION.max}
              step={1}
              value={duration}
              aria-invalid={durationError ? true : undefined}
              aria-describedby={`${id}-duration-hint${durationError ? ` ${id}-duration-error` : ''}`}
              onChange={(event) => setDuration(event.target.value)}
            />
            <small id={`${id}-duration-hint`} className="muted">
              {t('privateCalls.request.durationHint', { min: CALL_DURATION.min, max: CALL_DURATION.max })}
            </small>
            {durationError ? (
              <p id={`${id}-duration-error`} className="error" role="alert">
                {durationError}
              </p>
            ) : null}
          </div>
          <div className="form__field">
            <label htmlFor={`${id}-note`}>{t('privateCalls.request.note')}</label>
            <textarea id={`${id}-note`} name="note" rows={3} maxLength={NOTE_MAX} value={note} aria-describedby={`${id}-note-hint`} onChange={(event) => setNote(event.target.value)} />
            <small id={`${id}-note-hint`} className="muted">
              {t('privateCalls.request.noteHint', { max: NOTE_MAX })}
            </small>
          </div>
          {price > 0 ? <p className="muted">{t('privateCalls.request.payLater')}</p> : null}
          {state.status === 'failed' && !state.field ? (
            <p className="error" role="alert">
              {state.message}
            </p>
          ) : null}
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={sending}>
              {sending ? t('privateCalls.request.sending') : t('privateCalls.request.send')}
            </button>
            <button type="button" className="button" onClick={close} disabled={sending}>
              {t('privateCalls.request.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <p>
          <button
            ref={opener}
            type="button"
            className="button button--primary"
            onClick={() => {
              setOpen(true);
              setState({ status: 'idle' });
            }}
          >
            {t('privateCalls.request.open')}
          </button>
        </p>
      )}
    </section>
  );
}
