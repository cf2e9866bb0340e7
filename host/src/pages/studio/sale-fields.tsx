import { useId, useState } from 'react';
import { CURRENCY, parseAmount } from '@fandeck/widgets/format/money';
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
export function useSaleFields(initial?: { isSale: boolean; price: string; subscribersOnly: boolean }) {
  const [isSale, onSale] = useState(initial?.isSale ?? false);
  const [price, onPrice] = useState(initial?.price ?? '');
  const [subscribersOnly, onSubscribersOnly] = useState(initial?.subscribersOnly ?? false);
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

/** The platform currency's sign in this language (R$). */
function currencySymbol(locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? CURRENCY;
  } catch {
    return CURRENCY;
  }
}

/**
 * "Subscribers only", "sold from the wallet" and, when it is sold, the price: the same
 * fields on every studio form.
 */
export function SaleFields({ paidLabel, isSale, onSale, price, onPrice, subscribersOnly, onSubscribersOnly }: SaleFieldsProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="sale-fields">
      <label className="form__check switch">
        <input type="checkbox" name="subscribersOnly" checked={subscribersOnly} onChange={(event) => onSubscribersOnly(event.target.checked)} /> {t('studio.subscribersOnly')}
      </label>
      <label className="form__check switch">
        <input type="checkbox" checked={isSale} onChange={(event) => onSale(event.target.checked)} /> {paidLabel}
      </label>
      {isSale ? (
        <div className="form__field sale-fields__price">
          <label htmlFor={`${id}-price`}>{t('studio.price')}</label>
          <span className="money-field">
            <span className="money-field__currency" aria-hidden="true">
              {currencySymbol(i18n.language)}
            </span>
            <input id={`${id}-price`} inputMode="decimal" value={price} onChange={(event) => onPrice(event.target.value)} />
          </span>
        </div>
      ) : null}
    </div>
  );
}

/** "Keep as a draft": the last option of the gallery, video and reel forms. */
export function DraftField({ draft, onDraft }: { draft: boolean; onDraft: (draft: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="form__check switch">
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
