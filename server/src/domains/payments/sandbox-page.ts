import { randomBytes } from 'node:crypto';
import { SANDBOX_CATALOGUE, type SandboxLocale, type SandboxText } from './sandbox-page.i18n.js';
import type { PaymentTransaction } from './payments.presenter.js';
import { pixQrSvg, svgDataUrl } from './pix-qr.js';

/**
 * The sandbox's payment page: what a payer's bank app would show for the charge (amount,
 * payee, the QR code and its copy-and-paste text) and a Pay button that makes the sandbox
 * send its signed webhook. The QR is the top-up answer's SVG, inlined as a data URL in an
 * `<img>` because the payer need not be signed in; scripts and styles run only with this
 * response's nonce.
 */
export type SandboxPageState = 'payable' | 'paid' | 'expired' | 'closed';

export function sandboxPageState(t: PaymentTransaction, now: Date): SandboxPageState {
  if (t.status === 'success') return 'paid';
  if (t.status !== 'pending' || !t.brCode) return 'closed';
  if (t.expiresAt && t.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'payable';
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON inside a script element: `<` escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface RenderedPage {
  html: string;
  contentSecurityPolicy: string;
}

export async function renderSandboxPage(input: {
  transaction: PaymentTransaction;
  locale: SandboxLocale;
  merchantName: string;
  now: Date;
}): Promise<RenderedPage> {
  const { transaction: t, locale } = input;
  const text = (key: SandboxText) => escapeHtml(SANDBOX_CATALOGUE[locale][key]);
  const state = sandboxPageState(t, input.now);
  const nonce = randomBytes(16).toString('base64');
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: t.currency }).format(t.amountCents / 100);
  const expires = t.expiresAt
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(t.expiresAt)
    : '';
  const qr = state === 'payable' && t.brCode ? svgDataUrl(await pixQrSvg(t.brCode)) : '';

  const notice: Record<Exclude<SandboxPageState, 'payable'>, string> = { paid: text('paid'), expired: text('expired'), closed: text('notPending') };
  const body =
    state === 'payable'
      ? `<p class="status" id="status">${text('statusPending')}</p>
  <p>${text('scan')}</p>
  <img class="qr" src="${qr}" width="280" height="280" alt="${text('qrAlt')}">
  <label for="code">${text('codeLabel')}</label>
  <textarea id="code" readonly rows="4">${escapeHtml(t.brCode ?? '')}</textarea>
  <div class="actions"><button type="button" id="copy">${text('copy')}</button><button type="button" id="pay" class="primary">${text('pay')}</button></div>
  <p>${text('expiresAt')} ${escapeHtml(expires)}</p>
  <p id="message" role="status" aria-live="polite"></p>`
      : `<p class="status" id="status">${state === 'paid' ? text('statusPaid') : ''}</p>
  <p id="message" role="status">${notice[state]}</p>`;

  const { paying, paid, statusPaid, copied, error } = SANDBOX_CATALOGUE[locale];
  const strings = { paying, paid, statusPaid, copied, error };
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${text('title')}</title>
<style nonce="${nonce}">
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1b1d21; }
  main { max-width: 420px; margin: 24px auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 4px #0002; }
  .banner { background: #fff4d6; border: 1px solid #f0c75e; border-radius: 8px; padding: 8px 12px; font-size: 14px; }
  .amount { font-size: 32px; font-weight: 700; margin: 4px 0 0; }
  .status { font-weight: 600; }
  .qr { display: block; margin: 12px auto; }
  textarea { width: 100%; box-sizing: border-box; font: 12px/1.4 ui-monospace, monospace; word-break: break-all; }
  .actions { display: flex; gap: 8px; margin: 12px 0; }
  button { flex: 1; padding: 10px; border-radius: 8px; border: 1px solid #888; background: #fff; font: inherit; cursor: pointer; }
  button.primary { background: #1a7f5a; border-color: #1a7f5a; color: #fff; }
  button:disabled { opacity: .6; cursor: progress; }
</style>
</head>
<body>
<main>
  <h1>${text('title')}</h1>
  <p class="banner">${text('banner')}</p>
  <p>${text('amount')}</p>
  <p class="amount">${escapeHtml(amount)}</p>
  <p>${text('merchant')}: ${escapeHtml(input.merchantName)}</p>
  ${body}
</main>
<script type="application/json" id="texts">${scriptJson(strings)}</script>
<script nonce="${nonce}">
(() => {
  const t = JSON.parse(document.getElementById('texts').textContent);
  const message = document.getElementById('message');
  const pay = document.getElementById('pay');
  const copy = document.getElementById('copy');
  copy?.addEventListener('click', async () => {
    const code = document.getElementById('code');
    try { await navigator.clipboard.writeText(code.value); } catch { code.select(); document.execCommand('copy'); }
    message.textContent = t.copied;
  });
  pay?.addEventListener('click', async () => {
    pay.disabled = true;
    message.textContent = t.paying;
    try {
      const res = await fetch(location.pathname.replace(/\\/$/, '') + '/pay', { method: 'POST', credentials: 'omit', headers: { accept: 'application/json' } });
      const answer = await res.json().catch(() => null);
      if (res.ok && answer && answer.data && answer.data.status === 'success') {
        document.getElementById('status').textContent = t.statusPaid;
        message.textContent = t.paid;
        pay.remove();
        copy?.remove();
      } else if (res.status === 422 || res.status === 404) {
        location.reload();
      } else {
        message.textContent = t.error;
        pay.disabled = false;
      }
    } catch {
      message.textContent = t.error;
      pay.disabled = false;
    }
  });
})();
</script>
</body>
</html>
`;
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    'img-src data:',
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
  return { html, contentSecurityPolicy };
}
