import { useState, type FormEvent } from 'react';
import { amountText, checkAmount, formatMoney, presetsWithin, tipLimits } from '../format/money.js';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, MoneyInput, SubmitButton, useErrorText } from '../ui/index.js';
import type { LivePlayerModel } from './live-player.model.js';

/**
 * A tip to the creator during the stream: a button that opens the amount, sent as the
 * platform's `charge:tip` (its own confirm first) with the stream chat's id. Signed-in
 * viewers only. Parts: `tip-open`, `tip`, `tip-sent`, `tip-notice`, plus MoneyInput's.
 */
export function LiveTip({ model }: { model: LivePlayerModel }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const settings = useSignalValue(session.settings.values);
  const step = useSignalValue(model.tip);
  const limits = tipLimits(settings);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => amountText(limits.min, i18n.language));
  const [attempted, setAttempted] = useState(false);
  const check = checkAmount(text, limits);
  const busy = step.step === 'sending';
  const money = (value: number) => formatMoney(value, i18n.language);

  if (!open) {
    return (
      <button type="button" className="fan-button fan-live__tip-open" part="tip-open" onClick={() => setOpen(true)}>
        {t('live-player.tip.open')}
      </button>
    );
  }
  if (step.step === 'sent') {
    return (
      <div className="fan-live__tip" part="tip" data-state="sent">
        <p part="tip-sent" role="status">
          {t('live-player.tip.sent', { amount: money(step.price) })}
        </p>
        <button
          type="button"
          className="fan-button"
          part="tip-close"
          onClick={() => {
            model.tipAgain();
            setOpen(false);
          }}
        >
          {t('live-player.tip.close')}
        </button>
      </div>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (busy || !check.ok) return;
    void model.sendTip(check.value);
  }

  return (
    <form className="fan-live__tip" part="tip" noValidate onSubmit={submit} data-state={step.step} aria-busy={busy}>
      <MoneyInput label={t('live-player.tip.amount')} text={text} onText={setText} limits={limits} presets={presetsWithin(limits, [10, 20, 50])} showEmpty={attempted} disabled={busy} />
      {step.step === 'declined' ? (
        <p className="fan-notice" part="tip-notice" role="status">
          {t('live-player.tip.declined')}
        </p>
      ) : null}
      <FormError>{step.step === 'failed' ? errorText(step.error) : null}</FormError>
      <div className="fan-live__tip-actions">
        <SubmitButton busy={busy}>{busy ? t('live-player.tip.sending') : t('live-player.tip.submit', { amount: check.ok ? money(check.value) : '' }).trim()}</SubmitButton>
        <button type="button" className="fan-button" part="tip-close" disabled={busy} onClick={() => setOpen(false)}>
          {t('live-player.tip.close')}
        </button>
      </div>
    </form>
  );
}
