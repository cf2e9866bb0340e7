import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { setLocale } from '../i18n/index.js';
import { fail, ok, pendingTransaction, signedInPage, type, type WalletPage } from './testing/wallet-test-kit.js';
import type { TopUpPolling } from './top-up.model.js';
import { WalletTopup } from './wallet-topup.js';

let page: WalletPage;
let root: Root | undefined;
let host: HTMLElement;

beforeAll(async () => {
  page = await signedInPage(0);
});

beforeEach(async () => {
  await setLocale('pt-BR');
});

afterEach(() => {
  vi.useRealTimers();
  root?.unmount();
  host?.remove();
  page.transport.calls.length = 0;
});

function render(props: { amount?: number; polling?: TopUpPolling; onToppedUp?: (detail: unknown) => void }) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(<WalletTopup {...props} />);
}

const byPart = (name: string) => host.querySelector<HTMLElement>(`[part~="${name}"]`);
const transactionReads = () => page.transport.calls.filter((call) => call.path.startsWith('/payment/transactions/')).length;

async function startPayment(id: string, amount = 25) {
  page.transport.respondPay('topup', ok(pendingTransaction({ _id: id, amount, tokens: amount })));
  await vi.waitFor(() => expect(byPart('submit')).not.toBeNull());
  byPart('submit')?.click();
  await vi.waitFor(() => expect(byPart('status')?.getAttribute('data-state')).toBe('pending'));
}

describe('WalletTopup payment status', () => {
  it('turns paid by polling the transaction when no live event comes', async () => {
    // The provider confirms only once the test has seen the pending state and a poll or two:
    // no race between the poll interval and the test's own checks.
    let paid = false;
    page.transport.respond('GET', '/payment/transactions/tx-poll', () => ok(pendingTransaction({ _id: 'tx-poll', status: paid ? 'success' : 'pending', tokens: 30, amount: 27 })));
    const onToppedUp = vi.fn();
    // The poll's clock is the test's: whether it stops is read after a known number of intervals, not a sleep.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    render({ amount: 30, polling: { intervalMs: 40, lifetimeMs: 5_000 }, onToppedUp });
    await startPayment('tx-poll', 27);
    await vi.waitFor(() => expect(transactionReads()).toBeGreaterThanOrEqual(1));
    expect(byPart('status')?.getAttribute('data-state')).toBe('pending');
    paid = true;
    await vi.waitFor(() => expect(byPart('status')?.getAttribute('data-state')).toBe('paid'));
    expect(onToppedUp).toHaveBeenCalledTimes(1);
    expect(onToppedUp).toHaveBeenCalledWith({ transactionId: 'tx-poll', amount: 30 });
    const after = transactionReads();
    await vi.advanceTimersByTimeAsync(10 * 40);
    expect(transactionReads()).toBe(after);
  });

  it('stops polling after its lifetime, offers to check again, and shows an expired PIX', async () => {
    let status = 'pending';
    page.transport.respond('GET', '/payment/transactions/tx-slow', () => ok(pendingTransaction({ _id: 'tx-slow', status })));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    render({ amount: 25, polling: { intervalMs: 30, lifetimeMs: 120 } });
    await startPayment('tx-slow');
    await vi.waitFor(() => expect(byPart('status')?.getAttribute('data-state')).toBe('timeout'));
    expect(byPart('status')?.textContent).toBe('Ainda não recebemos a confirmação. Se você já pagou, o saldo será atualizado em instantes.');
    // The code stays on screen: the fan may still pay.
    expect(byPart('qr')).not.toBeNull();
    const stopped = transactionReads();
    expect(stopped).toBeGreaterThanOrEqual(2);
    await vi.advanceTimersByTimeAsync(10 * 30);
    expect(transactionReads()).toBe(stopped);

    status = 'canceled';
    byPart('check-again')?.click();
    await vi.waitFor(() => expect(byPart('status')?.getAttribute('data-state')).toBe('expired'));
    expect(byPart('status')?.textContent).toBe('Este PIX expirou. Gere um novo.');
    expect(byPart('qr')).toBeNull();
    byPart('restart')?.click();
    await vi.waitFor(() => expect(byPart('form')).not.toBeNull());
  });

  it('looks at once when update_balance credits the wallet, without waiting for the next poll', async () => {
    let paid = false;
    page.transport.respond('GET', '/payment/transactions/tx-live', () => ok(pendingTransaction({ _id: 'tx-live', status: paid ? 'success' : 'pending' })));
    render({ amount: 25, polling: { intervalMs: 60_000 } });
    await startPayment('tx-live');
    paid = true;
    page.serverEmit('update_balance', { token: 25, balance: 25, account: 'wallet' });
    await vi.waitFor(() => expect(byPart('status')?.getAttribute('data-state')).toBe('paid'));
    expect(transactionReads()).toBe(1);
    page.serverEmit('update_balance', { token: -25, balance: 0, account: 'wallet' });
  });

  it('sends the applied coupon with the top-up, and a failed payment says so', async () => {
    page.transport.respond('POST', '/coupons/PROMO5/apply-coupon', ok({ code: 'PROMO5', amount: 50, discount: 5, amountToPay: 45 }));
    render({ amount: 50, polling: { intervalMs: 60_000 } });
    await vi.waitFor(() => expect(byPart('coupon-input')).not.toBeNull());
    type(byPart('coupon-input'), 'PROMO5');
    byPart('coupon-apply')?.click();
    await vi.waitFor(() => expect(byPart('coupon-result')).not.toBeNull());
    await startPayment('tx-coupon', 45);
    // The top-up is a confirmed `pay`, with the coupon in the very body the fan confirmed.
    expect(page.pays.at(-1)?.request).toMatchObject({ action: 'topup', body: { amount: 50, couponCode: 'PROMO5', paymentGateway: 'pix-sandbox' } });
    expect(page.pays.at(-1)?.request.idempotencyKey).toMatch(/\S{8,}/);
    page.serverEmit('payment_status_callback', { redirectUrl: 'http://platform.test/payment/cancel?transactionId=tx-coupon' });
    await vi.waitFor(() => expect(byPart('status')?.getAttribute('data-state')).toBe('failed'));
    expect(byPart('status')?.textContent).toBe('O pagamento não foi concluído.');
  });

  it('shows a refused coupon in the fan’s words, by its code', async () => {
    page.transport.respond('POST', '/coupons/NOPE1/apply-coupon', fail(404, { statusCode: 404, code: 'coupons.not_found', message: 'Coupon not found' }));
    render({ amount: 10 });
    await vi.waitFor(() => expect(byPart('coupon-input')).not.toBeNull());
    type(byPart('coupon-input'), 'NO');
    byPart('coupon-apply')?.click();
    await vi.waitFor(() => expect(byPart('coupon-error')?.textContent).toBe('Use de 3 a 32 letras, números, - ou _.'));
    type(byPart('coupon-input'), 'NOPE1');
    byPart('coupon-apply')?.click();
    await vi.waitFor(() => expect(byPart('coupon-error')?.textContent).toBe('Cupom não encontrado.'));
  });
});
