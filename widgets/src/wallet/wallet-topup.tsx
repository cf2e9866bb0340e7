import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../i18n/index.js';
import { amountText, checkAmount, formatMoney, presetsWithin, topupLimits } from '../format/money.js';
import { useFeature, useSession, useSignalValue } from '../session/react.js';
import { FormError, MoneyInput, SignInPrompt, SubmitButton, useErrorText, useModel } from '../ui/index.js';
import { CouponField } from './coupon-field.js';
import { TopUpModel, type TopUpPolling } from './top-up.model.js';
import { gatewayName, type Gateway } from './wallet-api.js';
import type { FanToppedUpDetail } from './wallet-events.js';
import { walletFeature } from './wallet.model.js';

// The PIX code, the server's QR drawing and the payment status come once a payment starts (fetched
// as the fan submits), not with the form: the element's own bytes stay within budget.
const loadPixPayment = () => import('./pix-payment.js');
const PixPayment = lazy(() => loadPixPayment().then((module) => ({ default: module.PixPayment })));

export interface WalletTopupProps {
  /** The amount chosen at first (a preset or any amount within the limits). */
  amount?: number | undefined;
  /** Title above the form; the translated "Top up your wallet" when absent. */
  heading?: string | undefined;
  /** The top-up was paid and the wallet credited. */
  onToppedUp?: ((detail: FanToppedUpDetail) => void) | undefined;
  /** Status polling (tests shorten it); the live channel usually answers first. */
  polling?: TopUpPolling | undefined;
  /** Offers PIX alone, for a page that shows its own card form beside it (the site's wallet). */
  pixOnly?: boolean | undefined;
  /** A token package to buy, whose price is `amount` (the site's wallet; the server refuses another amount). */
  packageId?: string | undefined;
}

/**
 * Wallet top-up: amount presets or a free amount within the platform's limits, a coupon,
 * the payment method, then the PIX to pay (QR code and copy-and-paste code) with a status
 * that turns to paid by itself. The flow is a TopUpModel; the balance, the wallet model's.
 */
export function WalletTopup({ amount, heading, onToppedUp, polling, pixOnly, packageId }: WalletTopupProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const wallet = useFeature(walletFeature);
  const flow = useModel(() => new TopUpModel(session, wallet, polling));
  const id = useId();
  const errorText = useErrorText();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const balance = useSignalValue(wallet.balance);
  const settings = useSignalValue(session.settings.values);
  const settingsStatus = useSignalValue(session.settings.status);
  const state = useSignalValue(flow.state);
  useSignalValue(flow.coupon);
  const locale = i18n.language;
  const limits = topupLimits(settings);
  const [text, setText] = useState(() => (amount !== undefined && Number.isFinite(amount) ? amountText(amount, locale) : ''));
  const [gateway, setGateway] = useState<Gateway>('pix');
  const [attempted, setAttempted] = useState(false);

  // Only a new `amount` attribute replaces what the fan typed (React's "adjust state when a prop changes").
  const [givenAmount, setGivenAmount] = useState(amount);
  if (amount !== givenAmount) {
    setGivenAmount(amount);
    if (amount !== undefined && Number.isFinite(amount)) setText(amountText(amount, locale));
  }

  const check = checkAmount(text, limits);
  const value = check.ok ? check.value : null;

  useEffect(() => {
    if (!settings && settingsStatus === 'idle') void session.settings.ensure();
  }, [session, settings, settingsStatus]);

  useEffect(() => flow.amountChanged(value), [flow, value]);

  // Announced once per paid transaction, whichever way (poll or live event) the status arrived.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (state.step !== 'paying' || state.status !== 'paid' || announced.current === state.transaction._id) return;
    announced.current = state.transaction._id;
    onToppedUp?.({ transactionId: state.transaction._id, amount: state.transaction.tokens });
  }, [state, onToppedUp]);

  if (!loggedIn) return <Frame heading={heading}><SignInPrompt text={t('wallet.signInPrompt')} /></Frame>;
  if (!settings && settingsStatus === 'failed') {
    return (
      <Frame heading={heading}>
        <FormError>{t('wallet.loadFailed')}</FormError>
        <SubmitButton type="button" part="retry" variant="secondary" onClick={() => void session.settings.load()}>
          {t('wallet.retry')}
        </SubmitButton>
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
      <Frame heading={heading} balance={balance}>
        <Suspense
          fallback={
            <p className="fan-wallet__status" part="status" data-state="loading" role="status">
              {t('common.loading')}
            </p>
          }
        >
          <PixPayment transaction={state.transaction} status={state.status} onCheckAgain={() => flow.checkAgain()} onRestart={() => flow.restart()} />
        </Suspense>
      </Frame>
    );
  }

  const cardsOn = typeof settings.stripePublishableKey === 'string' && settings.stripePublishableKey.trim() !== '';
  const sending = state.step === 'sending';
  const toPay = flow.toPay(value);
  const paymentGateway = gatewayName(gateway, settings.paymentGateway);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (sending || value === null || gateway !== 'pix') return;
    // Fetched while the server creates the payment; a failure shows when it renders.
    void loadPixPayment().catch(() => undefined);
    void flow.topUp({ amount: value, paymentGateway, packageId });
  }

  return (
    <Frame heading={heading} balance={balance}>
      <form className="fan-wallet__form" part="form" noValidate onSubmit={submit} aria-busy={sending} data-state={state.step}>
        <MoneyInput label={t('wallet.amount')} text={text} onText={setText} limits={limits} presets={presetsWithin(limits)} showEmpty={attempted} disabled={sending} />
        <CouponField flow={flow} amount={value} disabled={sending} />
        {pixOnly ? null : (
        <fieldset className="fan-fieldset" part="gateways" disabled={sending}>
          <legend>{t('wallet.gateway')}</legend>
          <label className="fan-check" part="gateway">
            <input type="radio" name={`${id}-gateway`} value="pix" checked={gateway === 'pix'} onChange={() => setGateway('pix')} />
            {t('wallet.gatewayPix')}
          </label>
          <label className="fan-check" part="gateway" data-disabled={!cardsOn}>
            <input type="radio" name={`${id}-gateway`} value="card" disabled={!cardsOn} checked={gateway === 'card'} onChange={() => setGateway('card')} />
            {t('wallet.gatewayCard')}
          </label>
          {cardsOn ? null : <p className="fan-hint">{t('wallet.cardUnavailable')}</p>}
        </fieldset>
        )}
        {gateway === 'card' ? (
          <p className="fan-notice" part="card-form" data-state="unavailable">
            {t('wallet.cardNeedsStripe')}
          </p>
        ) : null}
        <FormError>{state.step === 'failed' ? errorText(state.error) : null}</FormError>
        <SubmitButton busy={sending} disabled={gateway !== 'pix'}>
          {sending ? t('wallet.submitting') : toPay === null ? t('wallet.submitNoAmount') : t('wallet.submit', { amount: formatMoney(toPay, locale) })}
        </SubmitButton>
      </form>
    </Frame>
  );
}

/** The heading and the live balance above every state of the top-up. */
function Frame({ heading, balance, children }: { heading?: string | undefined; balance?: number | null | undefined; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="fan-wallet" part="wallet">
      <header className="fan-wallet__header">
        <h2 className="fan-wallet__title" part="heading">
          {heading || t('wallet.title')}
        </h2>
        {balance === undefined || balance === null ? null : (
          <p className="fan-wallet__balance" part="balance" aria-live="polite">
            {t('wallet.balance', { amount: formatMoney(balance, i18n.language) })}
          </p>
        )}
      </header>
      {children}
    </div>
  );
}
