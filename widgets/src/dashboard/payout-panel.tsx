import { useId, useState, type FormEvent } from 'react';
import type { PayoutAccountTypeWire } from '@fandeck/contract';
import { amountText, checkAmount, formatMoney } from '../format/money.js';
import { formatDate } from '../format/date.js';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, MoneyInput, SubmitButton, TextField, useErrorText } from '../ui/index.js';
import { PAYOUT_METHODS, type PayoutState } from './dashboard-api.js';
import type { DashboardModel } from './dashboard.model.js';
import type { FanPayoutRequestedDetail } from './dashboard-events.js';
import { LoadCard } from './load-card.js';
import { StatList } from './stat-list.js';

/** The platform's minimum payout (`minPayoutAmount`, spec default 50) until the server's calculation says it. */
function minimumOf(settings: Record<string, unknown> | null): number {
  const value = settings?.minPayoutAmount ?? settings?.minimumPayoutAmount;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 50;
}

export interface PayoutPanelProps {
  flow: DashboardModel;
  onPayoutRequested?: ((detail: FanPayoutRequestedDetail) => void) | undefined;
}

/**
 * The payout side: what may be requested now and the minimum, the open request when there
 * is one (the server allows one at a time), else the request form.
 */
export function PayoutPanel({ flow, onPayoutRequested }: PayoutPanelProps) {
  const { t } = useTranslation();
  const state = useSignalValue(flow.payout);
  return (
    <LoadCard part="payout" title={t('dashboard.payout.title')} state={state} onRetry={() => void flow.refresh()}>
      {(payout) => <PayoutBody flow={flow} payout={payout} onPayoutRequested={onPayoutRequested} />}
    </LoadCard>
  );
}

function PayoutBody({ flow, payout, onPayoutRequested }: PayoutPanelProps & { payout: PayoutState }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const id = useId();
  const settings = useSignalValue(session.settings.values);
  const step = useSignalValue(flow.payoutStep);
  const locale = i18n.language;
  const money = (value: number) => formatMoney(value, locale);
  const { calculation, pending } = payout;
  const available = calculation.availableAmount;
  const minimum = calculation.minimumPayout > 0 ? calculation.minimumPayout : minimumOf(settings);
  const limits = { min: minimum, max: available };
  const [text, setText] = useState(() => amountText(available, locale));
  const [method, setMethod] = useState<PayoutAccountTypeWire>('pix');
  const [note, setNote] = useState('');
  const [attempted, setAttempted] = useState(false);
  const check = checkAmount(text, limits);
  const busy = step.step === 'sending';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (!check.ok || busy) return;
    const outcome = await flow.requestPayout({ amount: check.value, method, note });
    if (outcome.ok) onPayoutRequested?.({ requestId: outcome.value._id, amount: outcome.value.requestAmount });
  }

  return (
    <>
      <p className="fan-dash__figure-line" part="available">
        {t('dashboard.payout.available', { amount: money(available) })}
      </p>
      <p className="fan-dash__muted" part="minimum">
        {t('dashboard.payout.minimum', { amount: money(minimum) })}
      </p>
      {step.step === 'sent' ? (
        <p className="fan-dash__success" part="sent" role="status">
          {t('dashboard.payout.sent')}
        </p>
      ) : null}
      {pending ? (
        <p className="fan-notice" part="pending" data-state={pending.status}>
          {t('dashboard.payout.pending', {
            amount: money(pending.requestAmount),
            date: formatDate(pending.createdAt, locale),
            status: t(`dashboard.payout.status.${pending.status}`),
          })}
        </p>
      ) : available < minimum ? (
        <p className="fan-dash__muted" part="below-minimum">
          {t('dashboard.payout.belowMinimum', { amount: money(minimum) })}
        </p>
      ) : (
        <form className="fan-dash__form" part="form" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
          <MoneyInput label={t('dashboard.payout.amount')} text={text} onText={setText} limits={limits} presets={[available]} showEmpty={attempted} disabled={busy} />
          <label className="fan-field" htmlFor={`${id}-method`}>
            <span className="fan-label">{t('dashboard.payout.method')}</span>
            <select id={`${id}-method`} className="fan-input" part="method" value={method} disabled={busy} onChange={(event) => setMethod(event.target.value as PayoutAccountTypeWire)}>
              {PAYOUT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {t(`dashboard.payout.${value as 'pix' | 'banking'}`)}
                </option>
              ))}
            </select>
          </label>
          <TextField label={t('dashboard.payout.note')} name="note" rows={2} value={note} onValue={setNote} disabled={busy} parts={{ input: 'note' }} />
          <FormError>{step.step === 'failed' ? errorText(step.error) : null}</FormError>
          <SubmitButton busy={busy}>{busy ? t('dashboard.payout.sending') : t('dashboard.payout.submit', { amount: check.ok ? money(check.value) : '' }).trim()}</SubmitButton>
        </form>
      )}
    </>
  );
}

/** The balance figures staff see instead of the request form, in order: each one's field and its label's key. */
const balances = [
  ['remainingPrice', 'available'],
  ['pendingPrice', 'pending'],
  ['paidPrice', 'paid'],
] as const;

/**
 * What staff see of the payout side: the creator's balances (from the totals, since the
 * payout routes are the creator's own) and who requests payouts. No form.
 */
export function ReadOnlyPayout({ flow }: { flow: DashboardModel }) {
  const { t } = useTranslation();
  const state = useSignalValue(flow.stats);
  return (
    <LoadCard part="payout" title={t('dashboard.payout.title')} state={state} onRetry={() => void flow.refresh()}>
      {(stats) => (
        <>
          <StatList stats={stats} figures={balances} part="balance" listPart="balances" />
          <p className="fan-notice" part="payout-by-creator">
            {t('dashboard.staff.payoutByCreator')}
          </p>
        </>
      )}
    </LoadCard>
  );
}
