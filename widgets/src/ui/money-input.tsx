import { useId } from 'react';
import { useTranslation } from '../i18n/index.js';
import { amountText, checkAmount, formatMoney, parseAmount, toCents, type AmountLimits, type AmountProblem } from '../format/money.js';
import { FormError } from './form-error.js';

export interface MoneyInputProps {
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
        return t('ui.amountEmpty');
      case 'invalid':
        return t('ui.amountInvalid');
      case 'decimals':
        return t('ui.amountDecimals');
      case 'below-min':
        return t('ui.amountBelowMin', { min });
      case 'above-max':
        return t('ui.amountAboveMax', { max });
    }
  };
}

/**
 * Preset amounts as toggle buttons plus a free amount, with the limits shown and the
 * problem with what is typed said at once (below the minimum, above the maximum, more
 * than two decimals), before anything is sent. Parts: `amount`, `presets`, `preset`,
 * `amount-input`, `limits`, `amount-error`.
 */
export function MoneyInput({ label, text, onText, limits, presets, showEmpty = false, disabled = false }: MoneyInputProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const messageFor = useAmountMessage();
  const locale = i18n.language;
  const check = checkAmount(text, limits);
  const problem = check.ok || (check.problem === 'empty' && !showEmpty) ? null : check.problem;
  const typed = parseAmount(text);
  const selected = typed.ok ? toCents(typed.value) : null;

  return (
    <fieldset className="fan-fieldset" part="amount" disabled={disabled}>
      <legend>{label}</legend>
      <div className="fan-presets" part="presets" role="group" aria-label={t('ui.presets')}>
        {presets.map((amount) => (
          <button
            key={amount}
            type="button"
            part="preset"
            className="fan-preset"
            aria-pressed={selected === toCents(amount)}
            onClick={() => onText(amountText(amount, locale))}
          >
            {formatMoney(amount, locale)}
          </button>
        ))}
      </div>
      <label className="fan-field" htmlFor={`${id}-amount`}>
        <span>{t('ui.otherAmount')}</span>
        <input
          id={`${id}-amount`}
          name="amount"
          part="amount-input"
          className="fan-input"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-limits${problem ? ` ${id}-problem` : ''}`}
          onChange={(event) => onText(event.target.value)}
        />
      </label>
      <p id={`${id}-limits`} className="fan-hint" part="limits">
        {t('ui.limits', { min: formatMoney(limits.min, locale), max: formatMoney(limits.max, locale) })}
      </p>
      <FormError id={`${id}-problem`} part="amount-error" problem={problem ?? undefined}>
        {problem ? messageFor(problem, limits) : null}
      </FormError>
    </fieldset>
  );
}
