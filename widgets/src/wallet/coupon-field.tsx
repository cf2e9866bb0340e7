import { useId, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { formatMoney } from '../format/money.js';
import { useSignalValue } from '../session/react.js';
import { FormError, useErrorText } from '../ui/index.js';
import type { TopUpModel } from './top-up.model.js';

export interface CouponFieldProps {
  /** The top-up flow the coupon goes with. */
  flow: TopUpModel;
  /** The valid amount chosen so far, or null; the discount depends on it. */
  amount: number | null;
  disabled?: boolean | undefined;
}

/**
 * A coupon code with Apply: the server checks it for this fan and this amount and
 * answers the discount (shown with what the fan pays and receives), or says why not.
 * The coupon's state is the flow's; only the typed code is the view's.
 */
export function CouponField({ flow, amount, disabled = false }: CouponFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const errorText = useErrorText();
  const state = useSignalValue(flow.coupon);
  const [code, setCode] = useState(state.status === 'applied' ? state.coupon.code : '');
  const locale = i18n.language;
  const applied = state.status === 'applied' ? state.coupon : null;
  const applying = state.status === 'applying';

  const problem =
    state.status === 'invalid' ? t(state.problem === 'code' ? 'wallet.couponInvalid' : 'wallet.couponNeedsAmount') : state.status === 'refused' ? errorText(state.error) : null;

  return (
    <div className="fan-wallet__coupon" part="coupon" data-state={applied ? 'applied' : applying ? 'applying' : problem ? 'failed' : 'idle'}>
      <label className="fan-label" htmlFor={`${id}-coupon`}>
        {t('wallet.coupon')}
      </label>
      <div className="fan-row">
        <input
          id={`${id}-coupon`}
          name="coupon"
          part="coupon-input"
          className="fan-input"
          autoComplete="off"
          value={code}
          disabled={disabled || applying}
          onChange={(event) => {
            setCode(event.target.value);
            flow.clearCoupon();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void flow.applyCoupon(code, amount);
          }}
        />
        {applied ? (
          <button type="button" part="coupon-remove" className="fan-button" disabled={disabled} onClick={() => flow.clearCoupon()}>
            {t('wallet.couponRemove')}
          </button>
        ) : (
          <button type="button" part="coupon-apply" className="fan-button" disabled={disabled || applying || !code.trim()} onClick={() => void flow.applyCoupon(code, amount)}>
            {applying ? t('wallet.couponApplying') : t('wallet.couponApply')}
          </button>
        )}
      </div>
      {applied ? (
        <p className="fan-notice" part="coupon-result" role="status">
          {t('wallet.couponApplied', {
            code: applied.code,
            discount: formatMoney(applied.discount, locale),
            toPay: formatMoney(applied.amountToPay, locale),
            tokens: formatMoney(applied.amount, locale),
          })}
        </p>
      ) : null}
      <FormError part="coupon-error">{problem}</FormError>
    </div>
  );
}
