import { useId, useState } from 'react';
import { parseAmount } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';

export interface SaleFieldsProps {
  /** The checkbox's label: what is sold (`studio.paid`, `studio.paidGallery`, …), translated. */
  paidLabel: string;
  isSale: boolean;
  onSale: (isSale: boolean) => void;
  /** The price as typed. */
  price: string;
  onPrice: (price: string) => void;
  /** Only the creator's active subscribers may open it (sent as `subscribersOnly`). */
  subscribersOnly: boolean;
  onSubscribersOnly: (subscribersOnly: boolean) => void;
}

/** What a studio form sends of its sale fields; the price as typed when it does not parse (the server names the problem). */
export interface SaleBody {
  isSale: boolean;
  price?: number | string;
  subscribersOnly: boolean;
}

/**
 * The sale fields' state, once for every studio form: `fields` goes to `<SaleFields>`,
 * `body()` is what the create call sends, `reset()` clears them after a save.
 */
export function useSaleFields() {
  const [isSale, onSale] = useState(false);
  const [price, onPrice] = useState('');
  const [subscribersOnly, onSubscribersOnly] = useState(false);
  const body = (): SaleBody => {
    const amount = parseAmount(price);
    return { isSale, ...(isSale ? { price: amount.ok ? amount.value : price } : {}), subscribersOnly };
  };
  const reset = () => {
    onSale(false);
    onPrice('');
    onSubscribersOnly(false);
  };
  return { fields: { isSale, onSale, price, onPrice, subscribersOnly, onSubscribersOnly }, body, reset };
}

/**
 * "Subscribers only", "sold from the wallet" and, when it is sold, the price: the same
 * fields on every studio form.
 */
export function SaleFields({ paidLabel, isSale, onSale, price, onPrice, subscribersOnly, onSubscribersOnly }: SaleFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <label className="form__check">
        <input type="checkbox" name="subscribersOnly" checked={subscribersOnly} onChange={(event) => onSubscribersOnly(event.target.checked)} /> {t('studio.subscribersOnly')}
      </label>
      <label className="form__check">
        <input type="checkbox" checked={isSale} onChange={(event) => onSale(event.target.checked)} /> {paidLabel}
      </label>
      {isSale ? (
        <div className="form__field">
          <label htmlFor={`${id}-price`}>{t('studio.price')}</label>
          <input id={`${id}-price`} inputMode="decimal" value={price} onChange={(event) => onPrice(event.target.value)} />
        </div>
      ) : null}
    </>
  );
}

/** "Keep as a draft": the last option of the gallery, video and reel forms. */
export function DraftField({ draft, onDraft }: { draft: boolean; onDraft: (draft: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="form__check">
      <input type="checkbox" checked={draft} onChange={(event) => onDraft(event.target.checked)} /> {t('studio.keepDraft')}
    </label>
  );
}

/** The badge a studio list shows on what only subscribers may open. */
export function SubscribersOnlyBadge({ subscribersOnly }: { subscribersOnly: boolean | undefined }) {
  const { t } = useTranslation();
  return subscribersOnly ? (
    <span className="badge" data-badge="subscribers-only">
      {t('studio.subscribersOnlyBadge')}
    </span>
  ) : null;
}
