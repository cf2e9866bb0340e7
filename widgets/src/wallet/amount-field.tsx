import { useId } from 'react';
import { useTranslation } from '../i18n/index.js';
import { amountText, checkAmount, formatMoney, parseAmount, toCents, type AmountLimits, type AmountProblem } from './money.js';

export interface AmountFieldProps {
  /** The field's label (top-up or tip amount). */
  label: string;
  /** What is typed, as typed. */
  text: string;
  onText: (text: string) => void;
  limits: AmountLimits;
  presets: readonly number[];
  /** Show "enter an amount" too (after a submit attempt); other problems show as typed. */
  showEmpty?: boolean | undefined;
  disabled?: boolean | undefined;
}

/** The message for a problem, with the limits in the fan's language and currency. */
export function useAmountMessage(): (problem: AmountProblem, limits: AmountLimits) => string {
  const { t, i18n } = useTranslation();
  return (problem, limits) => {
    const min = formatMoney(limits.min, i18n.language);
    const max = formatMoney(limits.max, i18n.language);
    switch (problem) {
      case 'empty':
        return t('wallet.amountEmpty');
      case 'invalid':
        return t('wallet.amountInvalid');
      case 'decimals':
        return t('wallet.amountDecimals');
      case 'below-min':
        return t('wallet.amountBelowMin', { min });
      case 'above-max':
        return t('wallet.amountAboveMax', { max });
    }
  };
}

/**
 * Preset amounts as toggle buttons plus a free amount, with the limits shown and the
 * problem with what is typed said at once (below the minimum, above the maximum, more
 * than two decimals), before anything is sent.
 */
export function AmountField({ label, text, onText, limits, presets, showEmpty = false, disabled = false }: AmountFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const messageFor = useAmountMessage();
  const locale = i18n.language;
  const check = checkAmount(text, limits);
  const problem = check.ok || (check.problem === 'empty' && !showEmpty) ? null : check.problem;
  const typed = parseAmount(text);
  const selected = typed.ok ? toCents(typed.value) : null;

  return (
    <fieldset className="fan-wallet__amount" part="amount" disabled={disabled}>
      <legend className="fan-wallet__label">{label}</legend>
      <div className="fan-wallet__presets" part="presets" role="group" aria-label={t('wallet.presets')}>
        {presets.map((amount) => (
          <button
            key={amount}
            type="button"
            part="preset"
            className="fan-wallet__preset"
            aria-pressed={selected === toCents(amount)}
            onClick={() => onText(amountText(amount, locale))}
          >
            {formatMoney(amount, locale)}
          </button>
        ))}
      </div>
      <label className="fan-wallet__field" htmlFor={`${id}-amount`}>
        <span>{t('wallet.otherAmount')}</span>
        <input
          id={`${id}-amount`}
          name="amount"
          part="amount-input"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-limits${problem ? ` ${id}-problem` : ''}`}
          onChange={(event) => onText(event.target.value)}
        />
      </label>
      <p id={`${id}-limits`} className="fan-wallet__hint" part="limits">
        {t('wallet.limits', { min: formatMoney(limits.min, locale), max: formatMoney(limits.max, locale) })}
      </p>
      {problem ? (
        <p id={`${id}-problem`} className="fan-wallet__error" part="amount-error" role="alert" data-problem={problem}>
          {messageFor(problem, limits)}
        </p>
      ) : null}
    </fieldset>
  );
}
