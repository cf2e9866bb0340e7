import { formatDate } from '../format/date.js';
import { useTranslation } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import { FormError, SubmitButton, useErrorText } from '../ui/index.js';
import type { Standing, SubscribeModel } from './subscribe.model.js';

export interface SubscriptionStatusProps {
  flow: SubscribeModel;
  standing: Exclude<Standing, { kind: 'none' }>;
}

/**
 * The fan's subscription as it stands, with what they may do about it: a renewing one
 * may be cancelled (access lasts to the end of the period), a cancelled one resumed while
 * access lasts. Parts: `status` (`data-state` renews, cancelled, grace, active), `cancel`,
 * `resume`, `error`.
 */
export function SubscriptionStatus({ flow, standing }: SubscriptionStatusProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const manage = useSignalValue(flow.manage);
  const date = formatDate(standing.date, i18n.language);
  const busy = manage.status === 'busy';
  const line =
    standing.kind === 'renews'
      ? t('subscribe.renews', { date })
      : standing.kind === 'cancelled'
        ? t('subscribe.cancelledUntil', { date })
        : standing.kind === 'grace'
          ? t('subscribe.grace', { date })
          : t('subscribe.activeUntil', { date });

  return (
    <div className="fan-sub__status">
      <p className="fan-sub__line" part="status" role="status" data-state={standing.kind}>
        {line}
      </p>
      <FormError>{manage.status === 'failed' ? errorText(manage.error) : null}</FormError>
      {standing.kind === 'cancelled' ? (
        <SubmitButton type="button" part="resume" busy={busy} onClick={() => void flow.resume()}>
          {busy ? t('subscribe.resuming') : t('subscribe.resume')}
        </SubmitButton>
      ) : standing.kind === 'renews' || standing.kind === 'grace' ? (
        <SubmitButton type="button" part="cancel" variant="secondary" busy={busy} onClick={() => void flow.cancel()}>
          {busy ? t('subscribe.cancelling') : t('subscribe.cancel')}
        </SubmitButton>
      ) : null}
    </div>
  );
}
