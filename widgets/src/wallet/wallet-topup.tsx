import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { localizeServerMessage, useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { AmountField } from './amount-field.js';
import { CouponField } from './coupon-field.js';
import { amountText, checkAmount, formatMoney, presetsWithin, topupLimits } from './money.js';
import { PixPayment } from './pix-payment.js';
import { SignInPrompt } from './sign-in-prompt.js';
import type { TopUpPolling } from './use-top-up-status.js';
import { createTopUp, gatewayName, type CouponPreview, type Gateway, type TopUpTransaction } from './wallet-api.js';
import type { FanToppedUpDetail } from './wallet-events.js';

export interface WalletTopupProps {
  /** The amount chosen at first (a preset or any amount within the limits). */
  amount?: number | undefined;
  /** Title above the form; the translated "Top up your wallet" when absent. */
  heading?: string | undefined;
  /** The top-up was paid and the wallet credited. */
  onToppedUp?: ((detail: FanToppedUpDetail) => void) | undefined;
  /** Status polling (tests shorten it); the live channel usually answers first. */
  polling?: TopUpPolling | undefined;
}

type Step = { step: 'form' } | { step: 'submitting' } | { step: 'failed'; message: string } | { step: 'paying'; transaction: TopUpTransaction };

/**
 * Wallet top-up: amount presets or a free amount within the platform's limits, a coupon,
 * the payment method, then the PIX to pay (QR code and copy-and-paste code) with a status
 * that turns to paid by itself. The balance shown is the session's, updated live.
 */
export function WalletTopup({ amount, heading, onToppedUp, polling }: WalletTopupProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const id = useId();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const user = useSignalValue(session.user.current);
  const settings = useSignalValue(session.settings.values);
  const settingsStatus = useSignalValue(session.settings.status);
  const locale = i18n.language;
  const limits = topupLimits(settings);
  const [text, setText] = useState(() => (amount !== undefined && Number.isFinite(amount) ? amountText(amount, locale) : ''));
  const [coupon, setCoupon] = useState<CouponPreview | null>(null);
  const [gateway, setGateway] = useState<Gateway>('pix');
  const [attempted, setAttempted] = useState(false);
  const [state, setState] = useState<Step>({ step: 'form' });

  // Only a new `amount` attribute replaces what the fan typed (React's "adjust state when a prop changes").
  const [givenAmount, setGivenAmount] = useState(amount);
  if (amount !== givenAmount) {
    setGivenAmount(amount);
    if (amount !== undefined && Number.isFinite(amount)) setText(amountText(amount, locale));
  }

  useEffect(() => {
    if (!settings && settingsStatus === 'idle') void session.settings.ensure();
  }, [session, settings, settingsStatus]);

  const paid = useCallback(
    (transaction: TopUpTransaction) => onToppedUp?.({ transactionId: transaction._id, amount: transaction.tokens }),
    [onToppedUp],
  );

  if (!loggedIn) return <Frame heading={heading}><SignInPrompt text={t('wallet.signInPrompt')} /></Frame>;
  if (!settings && settingsStatus === 'failed') {
    return (
      <Frame heading={heading}>
        <p className="fan-wallet__error" part="error" role="alert">
          {t('wallet.loadFailed')}
        </p>
        <button type="button" part="retry" className="fan-wallet__secondary" onClick={() => void session.settings.load()}>
          {t('wallet.retry')}
        </button>
      </Frame>
    );
  }
  if (!settings) {
    return (
      <div className="fan-wallet fan-wallet--loading" part="loading" data-state="loading" aria-busy="true">
        {t('common.loading')}
      </div>
    );
  }

  if (state.step === 'paying') {
    return (
      <Frame heading={heading} balance={user?.balance}>
        <PixPayment key={state.transaction._id} transaction={state.transaction} polling={polling} onPaid={paid} onRestart={() => setState({ step: 'form' })} />
      </Frame>
    );
  }

  const check = checkAmount(text, limits);
  const value = check.ok ? check.value : null;
  const cardsOn = typeof settings.stripePublishableKey === 'string' && settings.stripePublishableKey.trim() !== '';
  const submitting = state.step === 'submitting';
  const toPay = coupon ? coupon.amountToPay : value;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (submitting || value === null || gateway !== 'pix') return;
    setState({ step: 'submitting' });
    const outcome = await createTopUp(session, {
      amount: value,
      couponCode: coupon?.code,
      paymentGateway: gatewayName(gateway, settings?.paymentGateway),
      title: t('wallet.confirmTitle', { amount: formatMoney(value, locale) }),
    });
    if (outcome.ok) setState({ step: 'paying', transaction: outcome.value });
    else if (outcome.error.status === -1) setState({ step: 'form' });
    else setState({ step: 'failed', message: localizeServerMessage(outcome.error.message) });
  }

  return (
    <Frame heading={heading} balance={user?.balance}>
      <form className="fan-wallet__form" part="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
        <AmountField
          label={t('wallet.amount')}
          text={text}
          onText={setText}
          limits={limits}
          presets={presetsWithin(limits)}
          showEmpty={attempted}
          disabled={submitting}
        />
        <CouponField amount={value} applied={coupon} onApplied={setCoupon} disabled={submitting} />
        <fieldset className="fan-wallet__gateways" part="gateways" disabled={submitting}>
          <legend className="fan-wallet__label">{t('wallet.gateway')}</legend>
          <label className="fan-wallet__choice" part="gateway">
            <input type="radio" name={`${id}-gateway`} value="pix" checked={gateway === 'pix'} onChange={() => setGateway('pix')} />
            {t('wallet.gatewayPix')}
          </label>
          <label className="fan-wallet__choice" part="gateway" data-disabled={!cardsOn}>
            <input type="radio" name={`${id}-gateway`} value="card" disabled={!cardsOn} checked={gateway === 'card'} onChange={() => setGateway('card')} />
            {t('wallet.gatewayCard')}
          </label>
          {cardsOn ? null : <p className="fan-wallet__hint">{t('wallet.cardUnavailable')}</p>}
        </fieldset>
        {gateway === 'card' ? (
          <p className="fan-wallet__notice" part="card-form" data-state="unavailable">
            {t('wallet.cardNeedsStripe')}
          </p>
        ) : null}
        {state.step === 'failed' ? (
          <p className="fan-wallet__error" part="error" role="alert">
            {state.message}
          </p>
        ) : null}
        <button type="submit" part="submit" className="fan-wallet__primary" disabled={submitting || gateway !== 'pix'}>
          {submitting ? <span className="fan-wallet__spinner" aria-hidden="true" /> : null}
          {submitting ? t('wallet.submitting') : toPay === null ? t('wallet.submitNoAmount') : t('wallet.submit', { amount: formatMoney(toPay, locale) })}
        </button>
      </form>
    </Frame>
  );
}

/** The heading and the live balance above every state of the top-up. */
function Frame({ heading, balance, children }: { heading?: string | undefined; balance?: number | undefined; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="fan-wallet" part="wallet">
      <header className="fan-wallet__header">
        <h2 className="fan-wallet__title" part="heading">
          {heading || t('wallet.title')}
        </h2>
        {balance === undefined ? null : (
          <p className="fan-wallet__balance" part="balance" aria-live="polite">
            {t('wallet.balance', { amount: formatMoney(balance, i18n.language) })}
          </p>
        )}
      </header>
      {children}
    </div>
  );
}
