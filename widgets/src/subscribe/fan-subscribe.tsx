import { useEffect, useId } from 'react';
import { formatMoney } from '../format/money.js';
import { useTranslation } from '../i18n/index.js';
import { ensureFeature } from '../kit/lazy-features.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, SubmitButton, useErrorText, useModel } from '../ui/index.js';
import type { InlineTopUpPolling } from '../ui/inline-top-up.js';
import type { CreatorOffer } from './subscribe-api.js';
import type { FanSubscribedDetail } from './subscribe-events.js';
import { SubscribeModel, standingOf } from './subscribe.model.js';
import { SubscribePlans } from './subscribe-plans.js';
import { SubscriptionStatus } from './subscription-status.js';

export interface FanSubscribeProps {
  /** The creator: their id or username. */
  creator?: string | undefined;
  /** The fan subscribed here. */
  onSubscribed?: ((detail: FanSubscribedDetail) => void) | undefined;
  /** Status polling of an inline top-up (tests shorten it). */
  polling?: InlineTopUpPolling | undefined;
}

/**
 * A creator's subscribe card: who they are, their plans with prices and their free offer;
 * for a signed-in fan their subscription as it stands (renews, cancelled with access to a
 * date, renewal waiting for balance) with cancel or resume. Subscribing opens the plan
 * choice, confirmed by the platform before the wallet is charged; a short balance opens
 * the wallet top-up inline. The flow is a SubscribeModel.
 */
export function FanSubscribe({ creator, onSubscribed, polling }: FanSubscribeProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const flow = useModel(() => new SubscribeModel(session));
  const errorText = useErrorText();
  const id = useId();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const offerState = useSignalValue(flow.offer);
  const mine = useSignalValue(flow.mine);
  const step = useSignalValue(flow.step);
  const user = useSignalValue(session.user.current);

  useEffect(() => {
    void flow.setCreator(creator);
  }, [flow, creator]);

  // The balance shown in the plan choice is the wallet model's, kept live from update_balance.
  useEffect(() => {
    if (loggedIn) ensureFeature(session, 'wallet').catch(() => undefined);
  }, [session, loggedIn]);

  if (offerState.status === 'loading') {
    return (
      <p className="fan-sub fan-sub__muted" part="loading" aria-busy="true">
        {t('subscribe.loading')}
      </p>
    );
  }
  if (offerState.status === 'failed') {
    const { reason, error } = offerState;
    return (
      <div className="fan-sub" part="card">
        <FormError>{reason === 'missing' ? t('subscribe.creatorMissing') : reason === 'not-found' ? t('subscribe.creatorNotFound') : error ? errorText(error) : null}</FormError>
        {reason === 'missing' ? null : (
          <SubmitButton type="button" part="retry" variant="secondary" onClick={() => void flow.retry()}>
            {t('subscribe.retry')}
          </SubmitButton>
        )}
      </div>
    );
  }

  const offer = offerState.offer;
  const name = offer.creator.name;
  const standing = mine.status === 'ready' ? standingOf(mine.subscription) : { kind: 'none' as const };
  const open = step.step !== 'closed' && step.step !== 'done';

  return (
    <div className="fan-sub" part="card" data-state={standing.kind === 'none' ? 'offer' : standing.kind}>
      <div className="fan-sub__creator" part="creator">
        {offer.creator.avatar ? <img className="fan-sub__avatar" part="avatar" src={offer.creator.avatar} alt="" /> : null}
        <span className="fan-sub__name" part="name">
          {name}
        </span>
      </div>
      {step.step === 'done' ? (
        <p className="fan-sub__done" part="done" role="status">
          {t('subscribe.done', { name })}
        </p>
      ) : null}
      {mine.status === 'loading' ? (
        <p className="fan-sub__muted" part="loading" aria-busy="true">
          {t('subscribe.loading')}
        </p>
      ) : mine.status === 'failed' ? (
        <>
          <FormError>{errorText(mine.error)}</FormError>
          <SubmitButton type="button" part="retry" variant="secondary" onClick={() => void flow.retry()}>
            {t('subscribe.retry')}
          </SubmitButton>
        </>
      ) : standing.kind !== 'none' ? (
        <SubscriptionStatus flow={flow} standing={standing} />
      ) : (
        <>
          <OfferSummary offer={offer} locale={i18n.language} />
          {user?._id === offer.creator._id ? (
            // The creator on her own offer: her plans as fans see them, nothing to buy.
            <p className="fan-sub__muted" part="own">
              {t('subscribe.own')}
            </p>
          ) : open ? (
            <SubscribePlans id={`${id}-plans`} flow={flow} offer={offer} onSubscribed={onSubscribed} polling={polling} />
          ) : offer.plans.length > 0 || offer.free ? (
            <button
              type="button"
              part="button"
              className="fan-button fan-button--primary"
              aria-expanded="false"
              aria-controls={`${id}-plans`}
              aria-label={t('subscribe.buttonFor', { name })}
              onClick={() => flow.open()}
            >
              {t('subscribe.button')}
            </button>
          ) : (
            <p className="fan-sub__muted" part="empty">
              {t('subscribe.noPlans')}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** The cheapest way in, and the free offer when there is one. */
function OfferSummary({ offer, locale }: { offer: CreatorOffer; locale: string }) {
  const { t } = useTranslation();
  const cheapest = offer.plans.reduce<number | null>((low, plan) => (low === null || plan.price < low ? plan.price : low), null);
  return (
    <>
      {cheapest !== null ? (
        <p className="fan-sub__price" part="price">
          {t('subscribe.fromPrice', { price: formatMoney(cheapest, locale) })}
        </p>
      ) : null}
      {offer.free ? (
        <p className="fan-sub__free" part="free">
          {t('subscribe.free', { count: offer.free.days })}
        </p>
      ) : null}
    </>
  );
}
