import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LIMITS, type PayoutAccountTypeWire, type PayoutCreateBody, type PayoutRequestDto } from '@fandeck/contract';
import { checkAmount, formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { useAmountMessage } from '@fandeck/widgets/ui';
import { Field } from '../creator-settings/settings-fields.js';
import { session } from '../../session/session.js';
import { PAYOUT_METHODS, usePayoutLabels, usePayoutRefusal } from './payout-parts.js';


export interface PayoutRequestFormProps {
  /** What may be requested now (the earnings balance). */
  available: number;
  /** The settings' `minimumPayoutAmount`. */
  minimum: number;
  /** A request is pending or approved: no second one until it is done or rejected. */
  open: boolean;
  /** Told once a request was made, and when the server says one already is open. */
  onChanged: () => void;
}

type Sent = { status: 'idle' } | { status: 'sending' } | { status: 'sent'; request: PayoutRequestDto } | { status: 'failed'; message: string };

/** Amount (at least the minimum, at most what is available), payout method and a note for the staff. */
export function PayoutRequestForm({ available, minimum, open, onChanged }: PayoutRequestFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const labels = usePayoutLabels();
  const refusal = usePayoutRefusal();
  const amountMessage = useAmountMessage();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PayoutAccountTypeWire>('pix');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<Sent>({ status: 'idle' });
  const money = (value: number) => formatMoney(value, i18n.language);
  const limits = { min: minimum, max: available };
  const tooLittle = available < minimum;
  const disabled = open || tooLittle || sent.status === 'sending';
  const check = checkAmount(amount, limits);
  const amountError = check.ok || (check.problem === 'empty' && !tried) ? null : amountMessage(check.problem, limits);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (disabled || !check.ok) return;
    setSent({ status: 'sending' });
    const body: PayoutCreateBody = { requestAmount: check.value, paymentAccountType: method, ...(note.trim() ? { requestNote: note.trim() } : {}) };
    const outcome = await session.api.payouts.create(body);
    if (!outcome.ok) {
      setSent({ status: 'failed', message: refusal(outcome.error, money(minimum)) });
      if (outcome.error.code === 'payouts.already_pending') onChanged();
      return;
    }
    setSent({ status: 'sent', request: outcome.value });
    setAmount('');
    setNote('');
    setTried(false);
    onChanged();
  }

  return (
    <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={sent.status === 'sending'} aria-labelledby={`${id}-title`} data-testid="payout-form">
      <h2 id={`${id}-title`}>{t('payoutPages.form.title')}</h2>
      {open ? (
        <p className="muted" data-testid="payout-open">
          {t('payoutPages.form.open')}
        </p>
      ) : null}
      {!open && tooLittle ? <p className="muted">{t('payoutPages.form.tooLittle', { minimum: money(minimum) })}</p> : null}
      <fieldset className="stack payout-form__fields" disabled={disabled}>
        <legend className="visually-hidden">{t('payoutPages.form.title')}</legend>
        <Field id={`${id}-amount`} label={t('payoutPages.form.amount')} hint={t('payoutPages.form.amountHint', { minimum: money(minimum), available: money(available) })} error={amountError}>
          {(control) => <input {...control} name="requestAmount" inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />}
        </Field>
        <Field id={`${id}-method`} label={t('payoutPages.form.method')}>
          {(control) => (
            <select {...control} name="paymentAccountType" value={method} onChange={(event) => setMethod(PAYOUT_METHODS.find((one) => one === event.target.value) ?? 'pix')}>
              {PAYOUT_METHODS.map((one) => (
                <option key={one} value={one}>
                  {labels.method(one)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-note`} label={t('payoutPages.form.note')}>
          {(control) => <textarea {...control} name="requestNote" rows={3} maxLength={LIMITS.payout.noteMax} value={note} onChange={(event) => setNote(event.target.value)} />}
        </Field>
        <button type="submit" className="button button--primary">
          {sent.status === 'sending' ? t('payoutPages.form.sending') : t('payoutPages.form.submit')}
        </button>
      </fieldset>
      {sent.status === 'sent' ? (
        <p className="success" role="status">
          {t('payoutPages.form.sent', { amount: money(sent.request.requestAmount) })}
        </p>
      ) : null}
      {sent.status === 'failed' ? (
        <p className="error" role="alert">
          {sent.message}
        </p>
      ) : null}
      <p className="muted">
        {t('payoutPages.form.settingsHint')} <Link to="/creator/account/payouts">{t('payoutPages.form.settingsLink')}</Link>
      </p>
    </form>
  );
}
