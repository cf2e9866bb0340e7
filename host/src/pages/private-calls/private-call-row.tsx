import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { partyName, PartyName } from '../../components/party.js';
import { formatDateTime } from '../../format/date.js';
import { callRoomPath, CALL_DURATION, NOTE_MAX, readDuration, type PrivateCall } from './private-calls-api.js';

/** Where a call stands for the people reading it: the request's status, or `started` once it has a stream. */
export type CallState = 'pending' | 'approved' | 'rejected' | 'started';
export const callState = (call: PrivateCall): CallState => (call.streamId ? 'started' : call.status);

const stateKeys = {
  pending: 'privateCalls.states.pending',
  approved: 'privateCalls.states.approved',
  rejected: 'privateCalls.states.rejected',
  started: 'privateCalls.states.started',
} as const satisfies Record<CallState, string>;

/** What a row may ask of its page. */
export type RowAction = 'approve' | 'reject' | 'start' | 'pay' | 'remove';

export interface PrivateCallRowProps {
  call: PrivateCall;
  /** The signed-in user's id: whether they are this call's creator or its fan. */
  viewerId: string;
  /** An action of this page is running (on any row): the buttons wait. */
  busy: boolean;
  onAction: (call: PrivateCall, action: RowAction) => void;
  onEdit: (call: PrivateCall, changes: { duration: number; note: string }) => Promise<boolean>;
}

/** One request: the other party, status, minutes, price, note, dates, and what the viewer may do with it now. */
export function PrivateCallRow({ call, viewerId, busy, onAction, onEdit }: PrivateCallRowProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const asCreator = call.performerId === viewerId;
  const other = asCreator ? call.userInfo : call.performerInfo;
  const name = partyName(other) || t('privateCalls.thisPerson');
  const state = callState(call);
  const paid = call.paid;
  const label = (action: string) => t('privateCalls.actionFor', { action, name });

  const button = (action: RowAction, text: string, primary = false) => (
    <button type="button" className={primary ? 'button button--primary' : 'button'} disabled={busy} aria-label={label(text)} data-action={action} onClick={() => onAction(call, action)}>
      {text}
    </button>
  );

  const actions = (
    <>
      {state === 'started' ? (
        <Link to={callRoomPath(call._id)} className="button button--primary" aria-label={label(t('privateCalls.actions.join'))} data-action="join">
          {t('privateCalls.actions.join')}
        </Link>
      ) : null}
      {asCreator && state === 'pending' ? button('approve', t('privateCalls.actions.approve'), true) : null}
      {asCreator && state === 'pending' ? button('reject', t('privateCalls.actions.reject')) : null}
      {asCreator && state === 'approved' ? button('start', t('privateCalls.actions.start'), true) : null}
      {asCreator && (state === 'pending' || state === 'approved') && !editing ? (
        <button type="button" className="button" disabled={busy} aria-label={label(t('privateCalls.actions.edit'))} data-action="edit" onClick={() => setEditing(true)}>
          {t('privateCalls.actions.edit')}
        </button>
      ) : null}
      {!asCreator && state === 'approved' && call.price > 0 && !paid ? button('pay', t('privateCalls.actions.pay', { price: formatMoney(call.price, i18n.language) }), true) : null}
      {/* Before the start either side removes a request; cancelling a paid call refunds the fan. */}
      {state !== 'started' && !paid ? button('remove', t('privateCalls.actions.remove')) : null}
      {state === 'approved' && paid ? button('remove', t('privateCalls.actions.cancelPaid')) : null}
    </>
  );

  return (
    <tr data-private-call={call._id} data-state={state} data-role={asCreator ? 'creator' : 'fan'}>
      <th scope="row">
        <PartyName party={other} link={!asCreator} />
      </th>
      <td>{asCreator ? t('privateCalls.roles.creator') : t('privateCalls.roles.fan')}</td>
      <td>
        <span className="badge" data-testid="call-state">
          {t(stateKeys[state])}
        </span>
        {paid && state === 'approved' ? (
          <span className="badge" data-testid="call-paid">
            {t('privateCalls.paid')}
          </span>
        ) : null}
        {state === 'approved' && call.price > 0 && !paid && asCreator ? <small className="muted">{t('privateCalls.waitingPayment')}</small> : null}
        {state === 'approved' && (paid || call.price === 0) && !asCreator ? <small className="muted">{t('privateCalls.waitingStart')}</small> : null}
      </td>
      <td>{t('privateCalls.minutes', { count: call.duration })}</td>
      <td className="data-table__amount">{call.price > 0 ? formatMoney(call.price, i18n.language) : t('privateCalls.free')}</td>
      <td className="private-calls__note">{call.note ? call.note : <span className="muted">{t('privateCalls.noNote')}</span>}</td>
      <td>
        <small>{t('privateCalls.created', { date: formatDateTime(call.createdAt, i18n.language) })}</small>
        <br />
        <small className="muted">{t('privateCalls.updated', { date: formatDateTime(call.updatedAt, i18n.language) })}</small>
      </td>
      <td>
        <div className="form__actions">{actions}</div>
        {editing ? <EditForm call={call} busy={busy} onCancel={() => setEditing(false)} onSave={async (changes) => (await onEdit(call, changes)) && setEditing(false)} /> : null}
      </td>
    </tr>
  );
}

interface EditFormProps {
  call: PrivateCall;
  busy: boolean;
  onCancel: () => void;
  onSave: (changes: { duration: number; note: string }) => Promise<unknown>;
}

/** The creator's change of minutes and note while the call has not started. */
function EditForm({ call, busy, onCancel, onSave }: EditFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [duration, setDuration] = useState(String(call.duration));
  const [note, setNote] = useState(call.note);
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const minutes = readDuration(duration);
    setInvalid(minutes === null);
    if (minutes !== null) void onSave({ duration: minutes, note });
  }

  return (
    <form className="form stack" noValidate onSubmit={submit} aria-label={t('privateCalls.actions.edit')} data-testid="edit-call">
      <div className="form__field" data-invalid={invalid ? 'true' : undefined}>
        <label htmlFor={`${id}-duration`}>{t('privateCalls.request.duration')}</label>
        <input
          id={`${id}-duration`}
          type="number"
          min={CALL_DURATION.min}
          max={CALL_DURATION.max}
          step={1}
          value={duration}
          aria-invalid={invalid ? true : undefined}
          onChange={(event) => setDuration(event.target.value)}
        />
        {invalid ? (
          <p className="error" role="alert">
            {t('privateCalls.request.durationInvalid', { min: CALL_DURATION.min, max: CALL_DURATION.max })}
          </p>
        ) : null}
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-note`}>{t('privateCalls.request.note')}</label>
        <textarea id={`${id}-note`} rows={2} maxLength={NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('privateCalls.actions.save')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('privateCalls.actions.cancel')}
        </button>
      </div>
    </form>
  );
}
