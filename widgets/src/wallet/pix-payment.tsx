import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { formatMoney } from '../format/money.js';
import { FormError } from '../ui/index.js';
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

/**
 * The server's drawing of the BR Code (`qrCodeSvg`), shown as an image.
 *
 * Why an `<img>` of a `data:` URL and not the markup in the DOM: an image's SVG is a
 * document of its own that runs no script, fires no handler, loads nothing and cannot
 * reach the page or the shadow root, whatever the string holds. So the widget trusts
 * nothing in it and sanitises nothing; a mangled string is a broken image, never markup.
 * Were it a failed load (a page whose `img-src` refuses `data:`), the drawing steps
 * aside: the copy-and-paste code beside it pays the same.
 */
function PixQr({ svg, label }: { svg: string; label: string }) {
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, [svg]);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return null;
  return <img className="fan-wallet__qr" part="qr" src={src} alt={label} decoding="async" draggable={false} onError={() => setFailedSrc(src)} />;
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
 * The PIX to pay: the server's QR code, the copy-and-paste code with a copy button, and a status
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
          {transaction.qrCodeSvg ? <PixQr svg={transaction.qrCodeSvg} label={t('wallet.qrAlt', { amount })} /> : null}
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
