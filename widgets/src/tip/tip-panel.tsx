import { useId, useRef, useState, type FormEvent } from 'react';
import { localizeServerMessage, useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { AmountField } from '../wallet/amount-field.js';
import { amountText, checkAmount, formatMoney, presetsWithin, tipLimits, toCents, topupLimits } from '../wallet/money.js';
import { WalletTopup } from '../wallet/wallet-topup.js';
import type { TopUpPolling } from '../wallet/use-top-up-status.js';
import { confirmTip, isInsufficientBalance, isRetryable, newIdempotencyKey, sendTip, TIP_MESSAGE_MAX, type TipCreator } from './tip-api.js';
import type { FanTipSentDetail } from './tip-events.js';

export interface TipPanelProps {
  creator: TipCreator;
  /** The amount chosen at first. */
  amount?: number | undefined;
  onTipSent?: ((detail: FanTipSentDetail) => void) | undefined;
  polling?: TopUpPolling | undefined;
}

type Step =
  | { step: 'form'; notice?: 'cancelled' | 'resumed' }
  | { step: 'confirming' }
  | { step: 'sending' }
  | { step: 'failed'; message: string; retryable: boolean }
  | { step: 'short' }
  | { step: 'sent'; amount: number };

/** A key kept for a retry: only the same tip (price and message) may reuse it. */
interface PendingKey {
  key: string;
  price: number;
  message: string;
}

/**
 * The tip itself: amount and message, the platform's confirm, the charge (with an
 * Idempotency-Key kept for retries), and, when the balance is short, the wallet top-up
 * inline, after which the same tip is ready to confirm again.
 */
export function TipPanel({ creator, amount, onTipSent, polling }: TipPanelProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const id = useId();
  const user = useSignalValue(session.user.current);
  const settings = useSignalValue(session.settings.values);
  const locale = i18n.language;
  const limits = tipLimits(settings);
  const [text, setText] = useState(() => amountText(amount !== undefined && Number.isFinite(amount) ? amount : limits.min, locale));
  const [message, setMessage] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [state, setState] = useState<Step>({ step: 'form' });
  const pendingKey = useRef<PendingKey | null>(null);
  // Right after a top-up the balance event may still be on its way: the server decides then.
  const justToppedUp = useRef(false);

  const check = checkAmount(text, limits);
  const price = check.ok ? check.value : null;
  const tooLong = message.length > TIP_MESSAGE_MAX;
  const busy = state.step === 'confirming' || state.step === 'sending';
  const balance = user?.balance;
  const money = (value: number) => formatMoney(value, locale);

  async function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    setAttempted(true);
    if (busy || price === null || tooLong) return;
    const trimmed = message.trim();
    if (!justToppedUp.current && balance !== undefined && toCents(balance) < toCents(price)) return setState({ step: 'short' });
    setState({ step: 'confirming' });
    const confirmed = await confirmTip(session, creator, price, t('tip.confirmTitle', { amount: money(price), name: creator.name }));
    if (!confirmed) return setState({ step: 'form', notice: 'cancelled' });
    const pending = pendingKey.current;
    const key = pending && pending.price === price && pending.message === trimmed ? pending.key : newIdempotencyKey();
    pendingKey.current = { key, price, message: trimmed };
    setState({ step: 'sending' });
    const outcome = await sendTip(session, { creatorId: creator._id, price, message: trimmed || undefined, idempotencyKey: key });
    justToppedUp.current = false;
    if (outcome.ok) {
      pendingKey.current = null;
      setState({ step: 'sent', amount: outcome.value.price });
      onTipSent?.({ chargeId: outcome.value._id, creatorId: outcome.value.performerId, amount: outcome.value.price });
      return;
    }
    const retryable = isRetryable(outcome.error);
    if (!retryable) pendingKey.current = null;
    if (isInsufficientBalance(outcome.error)) return setState({ step: 'short' });
    setState({ step: 'failed', message: localizeServerMessage(outcome.error.message), retryable });
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
          {t('tip.sent', { amount: money(state.amount), name: creator.name })}
        </p>
        {balanceLine}
        <button type="button" part="again" className="fan-wallet__secondary" onClick={() => setState({ step: 'form' })}>
          {t('tip.sendAnother')}
        </button>
      </div>
    );
  }

  if (state.step === 'short' && price !== null) {
    const missing = Math.max(0, price - (balance ?? 0));
    const topup = topupLimits(settings);
    const suggested = Math.min(topup.max, Math.max(topup.min, Math.ceil(missing * 100) / 100));
    return (
      <div className="fan-tip__body" data-state="short">
        <p className="fan-wallet__error" part="short" role="alert">
          {balance === undefined ? t('wallet.insufficientBalance') : t('tip.short', { balance: money(balance), missing: money(missing) })}
        </p>
        <div className="fan-tip__topup" part="topup">
          <WalletTopup
            amount={suggested}
            polling={polling}
            onToppedUp={() => {
              justToppedUp.current = true;
              setState({ step: 'form', notice: 'resumed' });
            }}
          />
        </div>
        <button type="button" part="back" className="fan-wallet__secondary" onClick={() => setState({ step: 'form' })}>
          {t('tip.backToTip')}
        </button>
      </div>
    );
  }

  return (
    <form className="fan-tip__body" part="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} data-state={state.step}>
      {balanceLine}
      {state.step === 'form' && state.notice === 'resumed' && price !== null ? (
        <p className="fan-tip__notice" part="notice" role="status">
          {t('tip.resume', { amount: money(price) })}
        </p>
      ) : null}
      <AmountField label={t('tip.amount')} text={text} onText={setText} limits={limits} presets={presetsWithin(limits, [10, 20, 50, 100])} showEmpty={attempted} disabled={busy} />
      <div className="fan-tip__message">
        <label className="fan-wallet__label" htmlFor={`${id}-message`}>
          {t('tip.message')}
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          part="message"
          rows={3}
          value={message}
          disabled={busy}
          aria-invalid={tooLong}
          aria-describedby={`${id}-count`}
          onChange={(event) => setMessage(event.target.value)}
        />
        <p id={`${id}-count`} className="fan-wallet__hint" part="message-count" data-over={tooLong}>
          {t('tip.messageCount', { count: message.length, max: TIP_MESSAGE_MAX })}
        </p>
        {tooLong ? (
          <p className="fan-wallet__error" part="message-error" role="alert">
            {t('tip.messageTooLong', { max: TIP_MESSAGE_MAX })}
          </p>
        ) : null}
      </div>
      {state.step === 'form' && state.notice === 'cancelled' ? (
        <p className="fan-tip__notice" part="notice" role="status">
          {t('tip.cancelled')}
        </p>
      ) : null}
      {state.step === 'failed' ? (
        <p className="fan-wallet__error" part="error" role="alert">
          {state.message}
        </p>
      ) : null}
      <button type="submit" part="submit" className="fan-wallet__primary" disabled={busy}>
        {busy ? <span className="fan-wallet__spinner" aria-hidden="true" /> : null}
        {state.step === 'confirming'
          ? t('tip.confirming')
          : state.step === 'sending'
            ? t('tip.sending')
            : state.step === 'failed' && state.retryable
              ? t('tip.retry')
              : t('tip.submit', { amount: price === null ? '' : money(price) }).trim()}
      </button>
    </form>
  );
}
