import { useId } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';

export interface SaleFieldsProps {
  /** The checkbox's label: what is sold (`studio.paid`, `studio.paidGallery`, …), translated. */
  paidLabel: string;
  isSale: boolean;
  onSale: (isSale: boolean) => void;
  /** The price as typed. */
  price: string;
  onPrice: (price: string) => void;
}

/** "Sold from the wallet" and, when it is, the price: the same two fields on every studio form. */
export function SaleFields({ paidLabel, isSale, onSale, price, onPrice }: SaleFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
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
