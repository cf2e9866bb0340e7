import type { GiftDto } from '@fandeck/contract';
import { useState } from 'react';
import { formatMoney } from '../format/money.js';
import { useTranslation } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import { FormError, useErrorText } from '../ui/index.js';
import type { GiftStep, LiveGiftModel } from './live-gift.model.js';

/** A gift as the chat and the picker name it: its emoji and its name. */
export const giftLabel = (gift: Pick<GiftDto, 'emoji' | 'name'>) => `${gift.emoji} ${gift.name}`.trim();

/**
 * Gifts during the stream: a button that opens the catalogue (loading, empty and failed
 * states of its own); a tap on a gift sends it through the platform's confirm. Signed-in
 * viewers only. Parts: `gift-open`, `gifts` (`data-state` as the model's step), `gift`
 * (`data-gift-id`), `gift-emoji`, `gift-name`, `gift-price`, `gift-sent`, `gift-notice`,
 * `gift-close`, `gifts-empty`, `gifts-loading`.
 */
export function LiveGift({ model }: { model: LiveGiftModel }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const catalogue = useSignalValue(model.catalogue);
  const step = useSignalValue(model.step);
  const [open, setOpen] = useState(false);
  const money = (value: number) => formatMoney(value, i18n.language);
  const busy = step.step === 'sending';

  if (!open) {
    return (
      <button
        type="button"
        className="fan-button fan-live__action"
        part="gift-open"
        onClick={() => {
          setOpen(true);
          void model.loadGifts();
        }}
      >
        <span aria-hidden="true">🎁</span> {t('live-player.gift.open')}
      </button>
    );
  }

  const close = () => {
    model.again();
    setOpen(false);
  };
  return (
    <section className="fan-live__gifts" part="gifts" data-state={step.step} aria-busy={busy || catalogue.status === 'loading'} aria-label={t('live-player.gift.title')}>
      <p className="fan-live__gifts-title">{t('live-player.gift.title')}</p>
      {catalogue.status === 'loading' || catalogue.status === 'idle' ? (
        <p className="fan-live__muted" part="gifts-loading">
          {t('live-player.gift.loading')}
        </p>
      ) : null}
      {catalogue.status === 'failed' ? (
        <div className="fan-live__gifts-failed">
          <FormError>{t('live-player.gift.loadFailed')}</FormError>
          <button type="button" className="fan-button" part="retry" onClick={() => void model.loadGifts()}>
            {t('live-player.retry')}
          </button>
        </div>
      ) : null}
      {catalogue.status === 'ready' && catalogue.gifts.length === 0 ? (
        <p className="fan-live__muted" part="gifts-empty">
          {t('live-player.gift.empty')}
        </p>
      ) : null}
      {catalogue.status === 'ready' && catalogue.gifts.length > 0 ? (
        <ul className="fan-live__gift-list">
          {catalogue.gifts.map((gift) => (
            <li key={gift._id}>
              <button
                type="button"
                className="fan-live__gift"
                part="gift"
                data-gift-id={gift._id}
                disabled={busy}
                aria-label={t('live-player.gift.choose', { gift: giftLabel(gift), amount: money(gift.price) })}
                onClick={() => void model.send(gift)}
              >
                <span className="fan-live__gift-emoji" part="gift-emoji" aria-hidden="true">
                  {gift.imageUrl ? <img src={gift.imageUrl} alt="" width="32" height="32" /> : gift.emoji}
                </span>
                <span part="gift-name">{gift.name}</span>
                <span className="fan-live__muted" part="gift-price">
                  {money(gift.price)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <GiftStatus step={step} errorText={errorText} />
      <div className="fan-live__tip-actions">
        {step.step === 'sent' ? (
          <button type="button" className="fan-button" part="gift-again" onClick={() => model.again()}>
            {t('live-player.gift.again')}
          </button>
        ) : null}
        <button type="button" className="fan-button" part="gift-close" disabled={busy} onClick={close}>
          {t('live-player.gift.close')}
        </button>
      </div>
    </section>
  );
}

function GiftStatus({ step, errorText }: { step: GiftStep; errorText: ReturnType<typeof useErrorText> }) {
  const { t } = useTranslation();
  switch (step.step) {
    case 'sending':
      return (
        <p className="fan-live__muted" role="status">
          {t('live-player.gift.sending', { gift: giftLabel(step.gift) })}
        </p>
      );
    case 'sent':
      return (
        <p part="gift-sent" role="status">
          {t('live-player.gift.sent', { gift: giftLabel(step.gift) })}
        </p>
      );
    case 'declined':
      return (
        <p className="fan-notice" part="gift-notice" role="status">
          {t('live-player.gift.declined')}
        </p>
      );
    case 'failed':
      return <FormError>{errorText(step.error)}</FormError>;
    default:
      return null;
  }
}
