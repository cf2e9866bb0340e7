import { LIMITS } from '@fandeck/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, listen, mount, ok, part, partSoon, parts, pendingTransaction, resetPage, signedInPage, type, type WalletPage } from '../wallet/testing/wallet-test-kit.js';
import { FanTipSentEvent } from './fan-tip-button.element.js';

const ana = { _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima', avatar: 'http://platform.test/files/defaults/avatar.svg' };
const insufficient = fail(422, { statusCode: 422, code: 'wallet.insufficient_balance', message: 'You have an insufficient wallet balance. Please top up.' });

let page: WalletPage;

beforeAll(async () => {
  page = await signedInPage(20);
  page.transport.respond('GET', '/performers/ana.lima', ok(ana));
});

afterEach(async () => {
  document.querySelectorAll('fan-tip-button').forEach((element) => element.remove());
  await resetPage(page, 20);
});

/** The tips the fan confirmed, as the platform sent them. */
const tipCalls = () => page.pays.filter((pay) => pay.request.action === 'charge:tip' && pay.confirmed);
const keyOf = (pay: { request: { idempotencyKey: string } } | undefined) => pay?.request.idempotencyKey;
/** What the fan was asked to confirm, in order. */
const asked = () => page.pays.map((pay) => pay.quote && { action: pay.quote.action, kind: pay.quote.kind, price: pay.quote.price, recipient: pay.quote.recipient?._id ?? null });
const squash = (text: string | null | undefined) => text?.replace(/\s/g, ' ') ?? null;

async function openPanel(attributes: Record<string, string> = {}) {
  const element = await mount('fan-tip-button', { creator: 'ana.lima', ...attributes });
  await vi.waitFor(() => expect(part(element, 'button')?.getAttribute('aria-label')).toBe('Enviar gorjeta para Ana Lima'));
  part(element, 'button')?.click();
  await partSoon(element, 'form');
  return element;
}

function charged(price: number, id = 'charge-1') {
  return ok({ _id: id, target: 'tip', targetId: ana._id, status: 'success', sourceId: 'fan-1', performerId: ana._id, price, message: null });
}

describe('<fan-tip-button>', () => {
  it('opens a panel with the creator, the live balance and the tip limits; closes with Escape', async () => {
    const element = await openPanel();
    expect(part(element, 'button')?.getAttribute('aria-expanded')).toBe('true');
    expect(part(element, 'heading')?.textContent).toBe('Gorjeta para Ana Lima');
    expect(squash(part(element, 'balance')?.textContent)).toBe('Seu saldo: R$ 20,00');
    expect(parts(element, 'preset').map((button) => squash(button.textContent))).toEqual(['R$ 10,00', 'R$ 20,00', 'R$ 50,00', 'R$ 100,00']);
    expect((part(element, 'amount-input') as HTMLInputElement).value).toBe('10');
    // The wallet model (loaded with the tip, lazily) listens before the server says anything.
    await vi.waitFor(() => expect(page.transport.channel?.listenerCount('update_balance')).toBeGreaterThan(0));
    page.serverEmit('update_balance', { token: 7.5, balance: 27.5 });
    await vi.waitFor(() => expect(squash(part(element, 'balance')?.textContent)).toBe('Seu saldo: R$ 27,50'));
    part(element, 'panel')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await vi.waitFor(() => expect(part(element, 'panel')).toBeNull());
    expect(part(element, 'button')?.getAttribute('aria-expanded')).toBe('false');
  });

  it('stops at the amount limits, asking for nothing', async () => {
    const element = await openPanel();
    const input = part(element, 'amount-input');
    type(input, '9,99');
    await vi.waitFor(() => expect(squash(part(element, 'amount-error')?.textContent)).toBe('O valor mínimo é R$ 10,00.'));
    type(input, '10000,01');
    await vi.waitFor(() => expect(squash(part(element, 'amount-error')?.textContent)).toBe('O valor máximo é R$ 10.000,00.'));
    part(element, 'submit')?.click();
    expect(page.pays).toEqual([]);
  });

  // The bound is the contract's, the one the server enforces: a literal here or in the panel fails this.
  it('counts the message up to the contract maximum, takes it at the maximum and refuses one character more', async () => {
    const max = LIMITS.tip.messageMax;
    const element = await openPanel();
    type(part(element, 'amount-input'), '10');
    type(part(element, 'message'), 'x'.repeat(max + 1));
    await vi.waitFor(() => expect(part(element, 'message-error')?.textContent).toBe(`A mensagem pode ter no máximo ${max} caracteres.`));
    expect(part(element, 'message-count')?.textContent).toBe(`${max + 1}/${max}`);
    part(element, 'submit')?.click();
    expect(page.pays).toEqual([]);

    type(part(element, 'message'), 'x'.repeat(max));
    await vi.waitFor(() => expect(part(element, 'message-count')?.textContent).toBe(`${max}/${max}`));
    expect(part(element, 'message-error')).toBeNull();
    page.transport.respondPay('charge:tip', charged(10));
    part(element, 'submit')?.click();
    await vi.waitFor(() => expect(tipCalls()).toHaveLength(1));
    expect(tipCalls()[0]?.request.body).toEqual({ price: 10, message: 'x'.repeat(max) });
  });

  it('asks the platform to confirm the amount, sends an Idempotency-Key, reuses it on retry, and fires fan-tip-sent', async () => {
    const heard = listen<FanTipSentEvent>('fan-tip-sent');
    try {
      const element = await openPanel({ amount: '15' });
      type(part(element, 'message'), '  Adorei o vídeo!  ');
      page.transport.respondPay('charge:tip', fail(0, { message: undefined }));
      part(element, 'submit')?.click();
      await vi.waitFor(() => expect(part(element, 'error')).not.toBeNull());
      expect(asked()).toEqual([{ action: 'charge:tip', kind: 'tip', price: 15, recipient: 'creator-1' }]);
      expect(page.pays[0]?.request).toMatchObject({ action: 'charge:tip', params: { id: 'creator-1' } });
      expect(part(element, 'submit')?.textContent).toBe('Tentar novamente');

      page.transport.respondPay('charge:tip', charged(15));
      part(element, 'submit')?.click();
      await vi.waitFor(() => expect(heard.events).toHaveLength(1));
      const [first, retry] = tipCalls();
      expect(first?.request.body).toEqual({ price: 15, message: 'Adorei o vídeo!' });
      expect(retry?.request.body).toEqual({ price: 15, message: 'Adorei o vídeo!' });
      expect(keyOf(first)).toMatch(/^[0-9a-f-]{36}$/);
      expect(keyOf(retry)).toBe(keyOf(first));
      expect(asked()).toHaveLength(2);

      const [event] = heard.events;
      expect(event).toBeInstanceOf(FanTipSentEvent);
      expect(event?.bubbles && event.composed).toBe(true);
      expect(event?.target).toBe(element);
      expect(event?.detail).toEqual({ chargeId: 'charge-1', creatorId: 'creator-1', amount: 15 });
      expect(squash(part(element, 'sent')?.textContent)).toBe('Gorjeta de R$ 15,00 enviada para Ana Lima. Obrigado!');
      page.serverEmit('update_balance', { token: -15, balance: 5 });
      await vi.waitFor(() => expect(squash(part(element, 'balance')?.textContent)).toBe('Seu saldo: R$ 5,00'));

      // The next tip is another request: a new key.
      part(element, 'again')?.click();
      page.serverEmit('update_balance', { token: 15, balance: 20 });
      await partSoon(element, 'form');
      part(element, 'submit')?.click();
      await vi.waitFor(() => expect(tipCalls()).toHaveLength(3));
      expect(keyOf(tipCalls()[2])).not.toBe(keyOf(first));
    } finally {
      heard.stop();
    }
  });

  it('charges nothing when the fan declines the confirm', async () => {
    const element = await openPanel();
    page.confirmAnswer.value = false;
    let sent = 0;
    page.transport.respondPay('charge:tip', () => {
      sent += 1;
      return charged(10);
    });
    part(element, 'submit')?.click();
    await vi.waitFor(() => expect(part(element, 'notice')?.textContent).toBe('Gorjeta cancelada. Nada foi cobrado.'));
    expect(asked()).toEqual([{ action: 'charge:tip', kind: 'tip', price: 10, recipient: 'creator-1' }]);
    expect(page.pays[0]?.confirmed).toBe(false);
    expect(sent).toBe(0);
  });

  it('with a short balance tops up inline by PIX, then comes back to the same tip with a new key', async () => {
    const heard = listen<FanTipSentEvent>('fan-tip-sent');
    try {
      const element = await openPanel({ amount: '50' });
      part(element, 'submit')?.click();
      await partSoon(element, 'topup');
      expect(squash(part(element, 'short')?.textContent)).toBe('Seu saldo de R$ 20,00 não cobre esta gorjeta. Recarregue pelo menos R$ 30,00 para continuar.');
      expect(page.pays).toEqual([]);
      // The wallet's own element, inside the tip's shadow root, by tag.
      const wallet = await vi.waitFor(() => {
        const found = element.shadowRoot?.querySelector('fan-wallet-topup');
        if (!found) throw new Error('no <fan-wallet-topup> yet');
        return found;
      });
      await vi.waitFor(() => expect((part(wallet, 'amount-input') as HTMLInputElement | null)?.value).toBe('30'));

      page.transport.respondPay('topup', ok(pendingTransaction({ _id: 'tx-tip', amount: 30, tokens: 30 })));
      page.transport.respond('GET', '/payment/transactions/tx-tip', ok(pendingTransaction({ _id: 'tx-tip', amount: 30, tokens: 30 })));
      part(wallet, 'submit')?.click();
      await partSoon(wallet, 'qr');
      expect(asked().map((quote) => [quote?.kind, quote?.price])).toEqual([['topup', 30]]);

      page.serverEmit('update_balance', { token: 30, balance: 50 });
      page.serverEmit('payment_status_callback', { redirectUrl: 'http://platform.test/payment/success?transactionId=tx-tip' });
      await vi.waitFor(() => expect(squash(part(element, 'notice')?.textContent)).toBe('Saldo atualizado! Confirme a gorjeta de R$ 50,00.'));
      expect((part(element, 'amount-input') as HTMLInputElement).value).toBe('50');
      expect(squash(part(element, 'balance')?.textContent)).toBe('Seu saldo: R$ 50,00');

      page.transport.respondPay('charge:tip', charged(50, 'charge-50'));
      part(element, 'submit')?.click();
      await vi.waitFor(() => expect(heard.events).toHaveLength(1));
      expect(asked().map((quote) => [quote?.kind, quote?.price])).toEqual([['topup', 30], ['tip', 50]]);
      expect(heard.events[0]?.detail).toEqual({ chargeId: 'charge-50', creatorId: 'creator-1', amount: 50 });
    } finally {
      heard.stop();
    }
  });

  it('takes the server’s 422 for a short balance to the inline top-up, and back keeps the amount', async () => {
    const element = await openPanel({ amount: '12' });
    page.transport.respondPay('charge:tip', insufficient);
    part(element, 'submit')?.click();
    await partSoon(element, 'topup');
    expect(tipCalls()).toHaveLength(1);
    part(element, 'back')?.click();
    await partSoon(element, 'form');
    expect((part(element, 'amount-input') as HTMLInputElement).value).toBe('12');
    // The 422 is stored against its key on the server: the next try is a new request.
    page.transport.respondPay('charge:tip', charged(12));
    part(element, 'submit')?.click();
    await vi.waitFor(() => expect(tipCalls()).toHaveLength(2));
    expect(keyOf(tipCalls()[1])).not.toBe(keyOf(tipCalls()[0]));
  });
});
