import { useId } from 'react';
import { LIMITS } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { formatCardNumber, formatExpiry, type CardFields, type CardProblem } from './card-checks.js';

export interface CardFieldsProps {
  value: CardFields;
  onChange: (value: CardFields) => void;
  /** The field the last check found wrong, shown under it. */
  problem: CardProblem | null;
  disabled?: boolean;
}

const problemKey = { number: 'walletPage.checkNumber', expiry: 'walletPage.checkExpiry', cvc: 'walletPage.checkCvc' } as const;

/** Number, expiry and CVC, formatted as typed; the test numbers are named while the sandbox is the processor. */
export function CardFieldsInput({ value, onChange, problem, disabled }: CardFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const error = (field: CardProblem) =>
    problem === field ? (
      <span className="error" id={`${id}-${field}-error`} role="alert">
        {t(problemKey[field])}
      </span>
    ) : null;
  const described = (field: CardProblem) => (problem === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {});
  return (
    <div className="card-fields" data-testid="card-fields">
      <label className="field card-fields__number">
        <span>{t('walletPage.cardNumber')}</span>
        <input
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          value={value.number}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, number: formatCardNumber(e.target.value) })}
          {...described('number')}
        />
        {error('number')}
      </label>
      <label className="field">
        <span>{t('walletPage.expiry')}</span>
        <input
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          value={value.expiry}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, expiry: formatExpiry(e.target.value) })}
          {...described('expiry')}
        />
        {error('expiry')}
      </label>
      <label className="field">
        <span>{t('walletPage.cvc')}</span>
        <input
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={LIMITS.card.cvcMax}
          value={value.cvc}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, cvc: e.target.value.replace(/\D/g, '') })}
          {...described('cvc')}
        />
        {error('cvc')}
      </label>
      <p className="muted card-fields__hint">{t('walletPage.testCards')}</p>
    </div>
  );
}

export const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '' };
