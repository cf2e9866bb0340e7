import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FanToppedUpEvent } from './fan-wallet-topup.element.js';
import { fail, listen, mount, ok, part, partSoon, parts, pendingTransaction, qrCodeSvg, signedInPage, svgDataUrl, type, waitForBalance, type WalletPage } from './testing/wallet-test-kit.js';

let page: WalletPage;

beforeAll(async () => {
  page = await signedInPage(20);
});

afterEach(() => {
  document.querySelectorAll('fan-wallet-topup').forEach((element) => element.remove());
  page.transport.calls.length = 0;
  page.pays.length = 0;
  page.confirmAnswer.value = true;
});

const amountError = (element: Element) => part(element, 'amount-error')?.textContent ?? null;

describe('<fan-wallet-topup>', () => {
  it('shows presets within the limits, the live balance and pt-BR texts, in an open shadow root', async () => {
    const element = await mount('fan-wallet-topup');
    expect(element.shadowRoot?.mode).toBe('open');
    expect(part(element, 'heading')?.textContent).toBe('Recarregar carteira');
    expect(part(element, 'balance')?.textContent).toMatch(/Saldo: R\$\s?20,00/);
    expect(parts(element, 'preset').map((button) => button.textContent?.replace(/\s/g, ' '))).toEqual(['R$ 10,00', 'R$ 25,00', 'R$ 50,00', 'R$ 100,00']);
    expect(part(element, 'limits')?.textContent).toMatch(/De R\$\s?2,95 a R\$\s?300,00/);
    await vi.waitFor(() => expect(page.transport.channel?.listenerCount('update_balance')).toBeGreaterThan(0));
    page.serverEmit('update_balance', { token: 5, balance: 25 });
    await vi.waitFor(() => expect(part(element, 'balance')?.textContent).toMatch(/R\$\s?25,00/));
    page.serverEmit('update_balance', { token: -5, balance: 20 });
    await waitForBalance(page.session, 20);
  });

  it('says what is wrong with the amount at the edges before sending anything', async () => {
    const element = await mount('fan-wallet-topup');
    const input = part(element, 'amount-input');
    const cases: [string, string | null][] = [
      ['2,94', 'O valor mínimo é R$ 2,95.'],
      ['2,95', null],
      ['300', null],
      ['300,01', 'O valor máximo é R$ 300,00.'],
      ['10,555', 'Use no máximo 2 casas decimais.'],
      ['dez', 'Informe um valor em números, como 25,50.'],
      ['25.5', null],
    ];
    for (const [typed, message] of cases) {
      type(input, typed);
      await vi.waitFor(() => expect(amountError(element)?.replace(/\s/g, ' ') ?? null, typed).toBe(message));
    }
    type(input, '');
    expect(amountError(element)).toBeNull();
    part(element, 'submit')?.click();
    await vi.waitFor(() => expect(amountError(element)).toBe('Informe um valor.'));
    type(input, '300,01');
    part(element, 'submit')?.click();
    expect(page.pays).toEqual([]);
  });

  it('takes the amount attribute and marks the matching preset', async () => {
    const element = await mount('fan-wallet-topup', { amount: '50' });
    expect((part(element, 'amount-input') as HTMLInputElement).value).toBe('50');
    expect(parts(element, 'preset').map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'true', 'false']);
    parts(element, 'preset')[1]?.click();
    await vi.waitFor(() => expect((part(element, 'amount-input') as HTMLInputElement).value).toBe('25'));
    expect(part(element, 'submit')?.textContent?.replace(/\s/g, ' ')).toBe('Pagar R$ 25,00 com PIX');
  });

  it('applies a coupon: shows the discount, or the server’s message', async () => {
    page.transport.respond('POST', '/coupons/BEMVINDO10/apply-coupon', (call) =>
      ok({ code: 'BEMVINDO10', type: 'percentage', value: 10, amount: 50, discount: 5, amountToPay: 45, body: call.options.body }),
    );
    page.transport.respond('POST', '/coupons/VENCIDO/apply-coupon', fail(422, { statusCode: 422, code: 'coupons.expired', message: 'This coupon has expired' }));
    const element = await mount('fan-wallet-topup', { amount: '50' });
    type(part(element, 'coupon-input'), 'VENCIDO');
    (await partSoon(element, 'coupon-apply')).click();
    await vi.waitFor(() => expect(part(element, 'coupon-error')?.textContent).toBe('Este cupom expirou.'));

    type(part(element, 'coupon-input'), 'BEMVINDO10');
    part(element, 'coupon-apply')?.click();
    await vi.waitFor(() =>
      expect(part(element, 'coupon-result')?.textContent?.replace(/\s/g, ' ')).toBe('Cupom BEMVINDO10: desconto de R$ 5,00. Você paga R$ 45,00 e recebe R$ 50,00.'),
    );
    expect(page.transport.calls.find((call) => call.path === '/coupons/BEMVINDO10/apply-coupon')?.options.body).toEqual({ amount: 50 });
    expect(part(element, 'submit')?.textContent?.replace(/\s/g, ' ')).toBe('Pagar R$ 45,00 com PIX');

    // Another amount: the coupon must be applied to it again.
    parts(element, 'preset')[1]?.click();
    await vi.waitFor(() => expect(part(element, 'coupon-result')).toBeNull());
    expect(part(element, 'coupon-apply')).not.toBeNull();
  });

  it('keeps cards off without a Stripe key', async () => {
    const element = await mount('fan-wallet-topup');
    const card = element.shadowRoot?.querySelector<HTMLInputElement>('input[value="card"]');
    expect(card?.disabled).toBe(true);
    expect(element.shadowRoot?.textContent).toContain('Pagamento com cartão indisponível nesta plataforma.');
  });

  it('pays by PIX: confirm, QR and copy code, then paid by itself on payment_status_callback, firing fan-topped-up', async () => {
    page.transport.respondPay('topup', ok(pendingTransaction()));
    page.transport.respond('GET', '/payment/transactions/tx-1', ok(pendingTransaction()));
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const heard = listen<FanToppedUpEvent>('fan-topped-up');
    try {
      const element = await mount('fan-wallet-topup', { amount: '25' });
      part(element, 'submit')?.click();
      const qr = await partSoon(element, 'qr');
      expect(page.pays.map((pay) => [pay.quote?.kind, pay.quote?.price, pay.quote?.credit, pay.quote?.currency, pay.confirmed])).toEqual([['topup', 25, 25, 'BRL', true]]);
      expect(page.pays[0]?.request).toMatchObject({ action: 'topup', params: {}, body: { amount: 25, paymentGateway: 'pix-sandbox' } });
      expect(page.pays[0]?.request.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      // The server's SVG, as an image of it: drawn by the browser, 29 modules wide.
      expect(qr).toBeInstanceOf(HTMLImageElement);
      expect(qr.getAttribute('src')).toBe(svgDataUrl(qrCodeSvg));
      expect(qr.getAttribute('alt')).toMatch(/QR code do PIX de R\$\s?25,00/);
      await (qr as HTMLImageElement).decode();
      expect((qr as HTMLImageElement).naturalWidth).toBeGreaterThan(0);
      expect((part(element, 'pix-code') as HTMLTextAreaElement).value).toBe(pendingTransaction().brCode);
      expect(part(element, 'sandbox-link')?.getAttribute('href')).toBe('http://platform.test/api/payment/sandbox/tx-1');
      expect(part(element, 'status')?.textContent).toBe('Aguardando o pagamento…');

      part(element, 'copy')?.click();
      await vi.waitFor(() => expect(part(element, 'copy')?.textContent).toBe('Código copiado!'));
      expect(writeText).toHaveBeenCalledWith(pendingTransaction().brCode);

      // Another transaction's callback changes nothing.
      page.serverEmit('payment_status_callback', { redirectUrl: 'http://platform.test/payment/success?transactionId=tx-other' });
      page.serverEmit('update_balance', { token: 25, balance: 45 });
      page.serverEmit('payment_status_callback', { redirectUrl: 'http://platform.test/payment/success?transactionId=tx-1' });
      await vi.waitFor(() => expect(part(element, 'status')?.getAttribute('data-state')).toBe('paid'));
      expect(part(element, 'status')?.textContent?.replace(/\s/g, ' ')).toBe('Pagamento confirmado! R$ 25,00 adicionados à sua carteira.');
      expect(part(element, 'balance')?.textContent).toMatch(/R\$\s?45,00/);
      expect(part(element, 'qr')).toBeNull();
      await vi.waitFor(() => expect(heard.events).toHaveLength(1));
      const [event] = heard.events;
      expect(event).toBeInstanceOf(FanToppedUpEvent);
      expect(event?.bubbles && event.composed).toBe(true);
      expect(event?.target).toBe(element);
      expect(event?.detail).toEqual({ transactionId: 'tx-1', amount: 25 });
      page.serverEmit('update_balance', { token: -25, balance: 20 });
    } finally {
      heard.stop();
      writeText.mockRestore();
    }
  });

  it('goes back to the form when the fan declines the confirm, and shows the server’s refusal', async () => {
    const element = await mount('fan-wallet-topup', { amount: '10' });
    page.confirmAnswer.value = false;
    part(element, 'submit')?.click();
    let sent = 0;
    page.transport.respondPay('topup', () => {
      sent += 1;
      return fail(502, { statusCode: 502, code: 'payment.gateway_unavailable', message: 'The payment provider is not available, please try again later' });
    });
    await vi.waitFor(() => expect(page.pays).toHaveLength(1));
    await vi.waitFor(() => expect((part(element, 'submit') as HTMLButtonElement).disabled).toBe(false));
    expect(page.pays[0]?.confirmed).toBe(false);
    expect(sent).toBe(0);
    page.confirmAnswer.value = true;
    part(element, 'submit')?.click();
    await vi.waitFor(() => expect(part(element, 'error')?.textContent).toBe('Esta forma de pagamento está indisponível agora. Tente mais tarde.'));
    expect(sent).toBe(1);
  });

  it('speaks the locale attribute', async () => {
    const element = await mount('fan-wallet-topup', { locale: 'en' });
    expect(part(element, 'heading')?.textContent).toBe('Top up your wallet');
    type(part(element, 'amount-input'), '1');
    await vi.waitFor(() => expect(amountError(element)?.replace(/\s/g, ' ')).toBe('The minimum is R$2.95.'.replace(/\s/g, ' ')));
  });
});
