import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { formatMoney } from '../format/money.js';
import { FormError } from '../ui/index.js';
import { encodeQr, qrPath } from './qr-code.js';
import type { TrackedStatus } from './top-up.model.js';
import type { TopUpTransaction } from './wallet-api.js';

export interface PixPaymentProps {
  /** The transaction as last read. */
  transaction: TopUpTransaction;
  /** The top-up model's status of it. */
  status: TrackedStatus;
  /** "Check again" after the polling gave up. */
  onCheckAgain: () => void;
  /** "Make another top-up" after a final status. */
  onRestart: () => void;
}

const QUIET_ZONE = 4;

/** The BR Code as an SVG QR code; null when there is no code to draw. */
function PixQr({ code, label }: { code: string; label: string }) {
  const drawn = useMemo(() => {
    try {
      const matrix = encodeQr(code);
      return { path: qrPath(matrix, QUIET_ZONE), extent: matrix.size + QUIET_ZONE * 2 };
    } catch {
      return null;
    }
  }, [code]);
  if (!drawn) return null;
  return (
    <svg className="fan-wallet__qr" part="qr" role="img" aria-label={label} viewBox={`0 0 ${drawn.extent} ${drawn.extent}`} shapeRendering="crispEdges">
      <rect width={drawn.extent} height={drawn.extent} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (no permission, insecure page): the old way, on the selected text.
    field?.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

const statusText = {
  pending: 'wallet.statusPending',
  paid: 'wallet.statusPaid',
  failed: 'wallet.statusFailed',
  expired: 'wallet.statusExpired',
  timeout: 'wallet.statusTimeout',
} as const satisfies Record<TrackedStatus, string>;

/**
 * The PIX to pay: QR code, the copy-and-paste code with a copy button, and a status
 * that turns to paid by itself. While the platform runs the PIX sandbox, a link to its
 * payment page stands in for a bank app.
 */
export function PixPayment({ transaction, status, onCheckAgain, onRestart }: PixPaymentProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [copy, setCopy] = useState<CopyState>('idle');
  const codeField = useRef<HTMLTextAreaElement>(null);
  const locale = i18n.language;
  const amount = formatMoney(transaction.amount, locale);
  const latest = transaction;

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), 4000);
    return () => clearTimeout(timer);
  }, [copy]);

  const pending = status === 'pending' || status === 'timeout';
  const code = transaction.brCode;

  return (
    <section className="fan-wallet__pix" part="pix" data-state={status} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="fan-wallet__heading">
        {t('wallet.pixTitle', { amount })}
      </h3>
      {pending && code ? (
        <>
          <p className="fan-hint">{t('wallet.pixHint')}</p>
          <PixQr code={code} label={t('wallet.qrAlt', { amount })} />
          <label className="fan-label" htmlFor={`${id}-code`}>
            {t('wallet.pixCode')}
          </label>
          <textarea id={`${id}-code`} ref={codeField} className="fan-input fan-wallet__code" part="pix-code" readOnly rows={3} value={code} onFocus={(event) => event.target.select()} />
          <button
            type="button"
            part="copy"
            className="fan-button"
            data-state={copy}
            onClick={() => void copyText(code, codeField.current).then((done) => setCopy(done ? 'copied' : 'failed'))}
          >
            {copy === 'copied' ? t('wallet.copied') : t('wallet.copy')}
          </button>
          <FormError part="copy-error">{copy === 'failed' ? t('wallet.copyFailed') : null}</FormError>
        </>
      ) : null}
      <p className="fan-wallet__status" part="status" role="status" data-state={status}>
        {status === 'pending' ? <span className="fan-spinner" aria-hidden="true" /> : null}
        {t(statusText[status], { tokens: formatMoney(latest.tokens, locale) })}
      </p>
      {status === 'timeout' ? (
        <button type="button" part="check-again" className="fan-button" onClick={onCheckAgain}>
          {t('wallet.checkAgain')}
        </button>
      ) : null}
      {pending && transaction.sandboxUrl ? (
        <p className="fan-wallet__sandbox" part="sandbox">
          {t('wallet.sandboxNote')}{' '}
          <a part="sandbox-link" href={transaction.sandboxUrl} target="_blank" rel="noopener">
            {t('wallet.sandboxPay')}
          </a>
        </p>
      ) : null}
      {pending ? null : (
        <button type="button" part="restart" className="fan-button" onClick={onRestart}>
          {t('wallet.newTopup')}
        </button>
      )}
    </section>
  );
}
