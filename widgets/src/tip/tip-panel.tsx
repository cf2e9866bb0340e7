import { LIMITS } from '@fandeck/contract';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/index.js';
import { amountText, checkAmount, formatMoney, presetsWithin, tipLimits } from '../format/money.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, MoneyInput, SubmitButton, TextField, useErrorText } from '../ui/index.js';
import type { InlineTopUpPolling } from '../ui/inline-top-up.js';
import type { TipCreator } from './tip-api.js';
import type { FanTipSentDetail } from './tip-events.js';
import type { TipModel } from './tip.model.js';

export type { InlineTopUpPolling } from '../ui/inline-top-up.js';

// Fetched when a tip first runs short, not with the button.
const InlineTopUp = lazy(() => import('../ui/inline-top-up.js').then((module) => ({ default: module.InlineTopUp })));

export interface TipPanelProps {
  flow: TipModel;
  creator: TipCreator;
  /** The amount chosen at first. */
  amount?: number | undefined;
  onTipSent?: ((detail: FanTipSentDetail) => void) | undefined;
  polling?: InlineTopUpPolling | undefined;
}

/**
 * The tip form: amount and message, then the flow's steps (sending, sent, failed, short
 * balance with the top-up inline, declined). The view reads the flow's signals and calls
 * its actions; what is typed stays here until it is sent.
 */
export function TipPanel({ flow, creator, amount, onTipSent, polling }: TipPanelProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const user = useSignalValue(session.user.current);
  const settings = useSignalValue(session.settings.values);
  const state = useSignalValue(flow.step);
  const locale = i18n.language;
  const limits = tipLimits(settings);
  const [text, setText] = useState(() => amountText(amount !== undefined && Number.isFinite(amount) ? amount : limits.min, locale));
  const [message, setMessage] = useState('');
  const [attempted, setAttempted] = useState(false);

  const check = checkAmount(text, limits);
  const price = check.ok ? check.value : null;
  const tooLong = message.length > LIMITS.tip.messageMax;
  const busy = state.step === 'sending';
  const balance = user?.balance;
  const money = (value: number) => formatMoney(value, locale);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (busy || price === null || tooLong) return;
    const outcome = await flow.send({ price, message });
    if (outcome.ok) onTipSent?.({ chargeId: outcome.value._id, creatorId: outcome.value.performerId, amount: outcome.value.price });
  }

  const balanceLine =
    balance === undefined ? null : (
      <p className="fan-tip__balance" part="balance" aria-live="polite">
        {t('tip.balance', { amount: money(balance) })}
      </p>
    );

  if (state.step === 'sent') {
    return (
      <div className="fan-tip__body" data-state="sent">
        <p className="fan-tip__done" part="sent" role="status">
          {t('tip.sent', { amount: money(state.charge.price), name: creator.name })}
        </p>
        {balanceLine}
        <SubmitButton type="button" part="again" variant="secondary" onClick={() => flow.back()}>
          {t('tip.sendAnother')}
        </SubmitButton>
      </div>
    );
  }

  if (state.step === 'short') {
    const missing = Math.max(0, state.price - (balance ?? 0));
    return (
      <div className="fan-tip__body" data-state="short">
        <FormError part="short">
          {balance === undefined ? t('tip.insufficientBalance') : t('tip.short', { balance: money(balance), missing: money(missing) })}
        </FormError>
        <Suspense fallback={null}>
          <InlineTopUp price={state.price} polling={polling} onToppedUp={() => flow.toppedUp()} />
        </Suspense>
        <SubmitButton type="button" part="back" variant="secondary" onClick={() => flow.back()}>
          {t('tip.backToTip')}
        </SubmitButton>
      </div>
    );
  }

  return (
    <form className="fan-tip__body" part="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} data-state={state.step}>
      {balanceLine}
      {state.step === 'form' && state.notice === 'resumed' && price !== null ? (
        <p className="fan-notice" part="notice" role="status">
          {t('tip.resume', { amount: money(price) })}
        </p>
      ) : null}
      <MoneyInput label={t('tip.amount')} text={text} onText={setText} limits={limits} presets={presetsWithin(limits, [10, 20, 50, 100])} showEmpty={attempted} disabled={busy} />
      <TextField
        label={t('tip.message')}
        name="message"
        rows={3}
        value={message}
        onValue={setMessage}
        disabled={busy}
        hint={t('tip.messageCount', { count: message.length, max: LIMITS.tip.messageMax })}
        hintOver={tooLong}
        error={tooLong ? t('tip.messageTooLong', { max: LIMITS.tip.messageMax }) : null}
        parts={{ input: 'message', hint: 'message-count', error: 'message-error' }}
      />
      {state.step === 'declined' ? (
        <p className="fan-notice" part="notice" role="status">
          {t('tip.cancelled')}
        </p>
      ) : null}
      <FormError>{state.step === 'failed' ? errorText(state.error) : null}</FormError>
      <SubmitButton busy={busy}>
        {busy
          ? t('tip.sending')
          : state.step === 'failed' && state.retryable
            ? t('tip.retry')
            : t('tip.submit', { amount: price === null ? '' : money(price) }).trim()}
      </SubmitButton>
    </form>
  );
}
