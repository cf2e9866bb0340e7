import { lazy, Suspense, useEffect, useRef, type FormEvent } from 'react';
import type { SubscriptionPlan } from '@fandeck/contract';
import { formatMoney } from '../format/money.js';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, SignInPrompt, SubmitButton, useErrorText } from '../ui/index.js';
import type { InlineTopUpPolling } from '../ui/inline-top-up.js';
import type { CreatorOffer, PlanChoice } from './subscribe-api.js';
import type { FanSubscribedDetail } from './subscribe-events.js';
import { priceOf, type SubscribeModel } from './subscribe.model.js';

// Fetched when a plan first runs short, not with the element.
const InlineTopUp = lazy(() => import('../ui/inline-top-up.js').then((module) => ({ default: module.InlineTopUp })));

export interface SubscribePlansProps {
  id: string;
  flow: SubscribeModel;
  offer: CreatorOffer;
  onSubscribed?: ((detail: FanSubscribedDetail) => void) | undefined;
  polling?: InlineTopUpPolling | undefined;
}

/**
 * The plan choice: the free offer and each plan with its price, the fan's live balance,
 * then the flow's steps (sending, declined, failed, short balance with the top-up inline).
 * Signed out, the choice stays readable and the sign-in prompt takes the button's place.
 */
export function SubscribePlans({ id, flow, offer, onSubscribed, polling }: SubscribePlansProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const user = useSignalValue(session.user.current);
  const state = useSignalValue(flow.step);
  const box = useRef<HTMLDivElement>(null);
  const money = (value: number) => formatMoney(value, i18n.language);
  const balance = user?.balance;

  useEffect(() => {
    box.current?.focus();
  }, []);

  if (state.step === 'closed' || state.step === 'done') return null;
  const plan = state.plan;
  const price = priceOf(offer, plan) ?? 0;
  const busy = state.step === 'sending';
  const choices: { type: PlanChoice; price: number }[] = [...(offer.free ? [{ type: 'free' as const, price: 0 }] : []), ...offer.plans];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await flow.subscribe();
    if (outcome.ok) {
      const { performerId, subscriptionType, expiredAt } = outcome.value;
      onSubscribed?.({ performerId, subscriptionType, expiredAt });
    }
  }

  const header = (
    <div className="fan-sub__header">
      <h2 id={`${id}-title`} className="fan-sub__title" part="heading">
        {t('subscribe.choose')}
      </h2>
      <button type="button" part="close" className="fan-sub__close" aria-label={t('subscribe.close')} onClick={() => flow.close()}>
        ×
      </button>
    </div>
  );
  const balanceLine =
    loggedIn && balance !== undefined ? (
      <p className="fan-sub__muted" part="balance" aria-live="polite">
        {t('subscribe.balance', { amount: money(balance) })}
      </p>
    ) : null;

  return (
    <div
      ref={box}
      id={id}
      className="fan-sub__panel"
      part="panel"
      role="dialog"
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      data-state={state.step}
      onKeyDown={(event) => {
        if (event.key === 'Escape') flow.close();
      }}
    >
      {header}
      {state.step === 'short' ? (
        <>
          <FormError part="short">
            {balance === undefined
              ? t('subscribe.insufficientBalance')
              : t('subscribe.short', { balance: money(balance), missing: money(Math.max(0, state.price - balance)) })}
          </FormError>
          <Suspense fallback={null}>
            <InlineTopUp price={state.price} polling={polling} onToppedUp={() => flow.toppedUp()} />
          </Suspense>
          <SubmitButton type="button" part="back" variant="secondary" onClick={() => flow.back()}>
            {t('subscribe.backToPlans')}
          </SubmitButton>
        </>
      ) : (
        <form className="fan-sub__form" part="form" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
          {balanceLine}
          {state.step === 'choosing' && state.notice === 'resumed' ? (
            <p className="fan-notice" part="notice" role="status">
              {t('subscribe.resumed', { price: money(price) })}
            </p>
          ) : null}
          <fieldset className="fan-fieldset" part="plans" disabled={busy}>
            <legend className="fan-visually-hidden">{t('subscribe.choose')}</legend>
            {choices.map((choice) => (
              <label key={choice.type} className="fan-sub__plan" part="plan" data-plan={choice.type}>
                <input type="radio" name={`${id}-plan`} value={choice.type} checked={choice.type === plan} onChange={() => flow.choose(choice.type)} />
                <span className="fan-sub__plan-name">{t(`subscribe.plan.${choice.type as SubscriptionPlan | 'free'}`)}</span>
                <span className="fan-sub__plan-price" part="plan-price">
                  {choice.type === 'free' && offer.free ? t('subscribe.free', { count: offer.free.days }) : money(choice.price)}
                </span>
              </label>
            ))}
          </fieldset>
          {state.step === 'declined' ? (
            <p className="fan-notice" part="notice" role="status">
              {t('subscribe.declined')}
            </p>
          ) : null}
          <FormError>{state.step === 'failed' ? errorText(state.error) : null}</FormError>
          {loggedIn ? (
            <SubmitButton busy={busy}>
              {busy
                ? t('subscribe.sending')
                : state.step === 'failed' && state.retryable
                  ? t('subscribe.retry')
                  : plan === 'free'
                    ? t('subscribe.submitFree')
                    : t('subscribe.submit', { price: money(price) })}
            </SubmitButton>
          ) : (
            <SignInPrompt text={t('subscribe.signInPrompt')} />
          )}
        </form>
      )}
    </div>
  );
}
