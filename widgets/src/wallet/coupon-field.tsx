import { useEffect, useId, useState } from 'react';
import { localizeServerMessage, useTranslation } from '../i18n/index.js';
import { useSession } from '../session/react.js';
import { formatMoney, toCents } from './money.js';
import { applyCoupon, type CouponPreview } from './wallet-api.js';

export interface CouponFieldProps {
  /** The valid amount chosen so far, or null; the discount depends on it. */
  amount: number | null;
  /** The coupon that will go with the top-up, or null. */
  applied: CouponPreview | null;
  onApplied: (coupon: CouponPreview | null) => void;
  disabled?: boolean | undefined;
}

/** The server's pattern (`COUPON_CODE_PATTERN`), checked here to spare a round trip. */
const CODE = /^[A-Za-z0-9_-]{3,32}$/;

/**
 * A coupon code with Apply: the server checks it for this fan and this amount and
 * answers the discount (shown with what the fan pays and receives), or says why not.
 * A coupon applied to another amount no longer counts once the amount changes.
 */
export function CouponField({ amount, applied, onApplied, disabled = false }: CouponFieldProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const id = useId();
  const [code, setCode] = useState(applied?.code ?? '');
  const [state, setState] = useState<{ status: 'idle' | 'applying' } | { status: 'failed'; message: string }>({ status: 'idle' });
  const locale = i18n.language;

  useEffect(() => {
    if (applied && (amount === null || toCents(applied.amount) !== toCents(amount))) onApplied(null);
  }, [amount, applied, onApplied]);

  async function apply() {
    const wanted = code.trim();
    if (!CODE.test(wanted)) return setState({ status: 'failed', message: t('wallet.couponInvalid') });
    if (amount === null) return setState({ status: 'failed', message: t('wallet.couponNeedsAmount') });
    setState({ status: 'applying' });
    const outcome = await applyCoupon(session, wanted, amount);
    if (outcome.ok) {
      setState({ status: 'idle' });
      onApplied(outcome.value);
    } else {
      setState({ status: 'failed', message: localizeServerMessage(outcome.error.message) });
      onApplied(null);
    }
  }

  const applying = state.status === 'applying';
  return (
    <div className="fan-wallet__coupon" part="coupon" data-state={applied ? 'applied' : state.status}>
      <label className="fan-wallet__label" htmlFor={`${id}-coupon`}>
        {t('wallet.coupon')}
      </label>
      <div className="fan-wallet__row">
        <input
          id={`${id}-coupon`}
          name="coupon"
          part="coupon-input"
          autoComplete="off"
          value={code}
          disabled={disabled || applying}
          onChange={(event) => {
            setCode(event.target.value);
            if (applied) onApplied(null);
            if (state.status === 'failed') setState({ status: 'idle' });
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void apply();
          }}
        />
        {applied ? (
          <button type="button" part="coupon-remove" className="fan-wallet__secondary" disabled={disabled} onClick={() => onApplied(null)}>
            {t('wallet.couponRemove')}
          </button>
        ) : (
          <button type="button" part="coupon-apply" className="fan-wallet__secondary" disabled={disabled || applying || !code.trim()} onClick={() => void apply()}>
            {applying ? t('wallet.couponApplying') : t('wallet.couponApply')}
          </button>
        )}
      </div>
      {applied ? (
        <p className="fan-wallet__notice" part="coupon-result" role="status">
          {t('wallet.couponApplied', {
            code: applied.code,
            discount: formatMoney(applied.discount, locale),
            toPay: formatMoney(applied.amountToPay, locale),
            tokens: formatMoney(applied.amount, locale),
          })}
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p className="fan-wallet__error" part="coupon-error" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
