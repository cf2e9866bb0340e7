import type { PayQuote } from '@fandeck/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createDirectTransport } from './direct-transport.js';

/** The host site's pay: the same quote, confirm and send as the bridge, in the same platform dialog. */
const origin = 'https://platform.test';

const quote: PayQuote = {
  action: 'topup',
  kind: 'topup',
  itemId: null,
  recipient: null,
  description: null,
  price: 22.5,
  credit: 25,
  currency: 'BRL',
  quote: 'signed.topup.quote',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

const tipQuote: PayQuote = {
  ...quote,
  action: 'charge:tip',
  kind: 'tip',
  itemId: 'c1',
  recipient: { _id: 'c1', name: 'Ana Lima', username: 'analima' },
  price: 10,
  credit: null,
  quote: 'signed.tip.quote',
};
const tip = { action: 'charge:tip' as const, params: { id: 'c1' }, body: { price: 10 }, idempotencyKey: 'tip-key-1' };

interface Seen {
  url: string;
  body: string;
  headers: Record<string, string>;
}

let seen: Seen[];
let quoteAnswer: Response;

beforeEach(() => {
  seen = [];
  quoteAnswer = Response.json({ status: 0, data: quote });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(input, init);
    seen.push({ url: request.url, body: await request.text(), headers: Object.fromEntries(request.headers) });
    return request.url.endsWith('/quote') ? quoteAnswer : Response.json({ status: 0, data: { _id: 'tx-1' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const topup = { action: 'topup' as const, params: {}, body: { amount: 25, couponCode: 'OFF10' }, idempotencyKey: 'topup-key-1' };

describe('the direct transport’s pay', () => {
  it('quotes, asks the host’s confirm with that quote, then sends the same body with the key and the quote', async () => {
    const asked: PayQuote[] = [];
    const transport = createDirectTransport(origin, { confirm: async (shown) => (asked.push(shown), true) });
    const result = await transport.pay(topup);
    expect(result).toEqual({ ok: true, status: 200, data: { _id: 'tx-1' } });
    expect(asked).toEqual([quote]);
    expect(seen.map((call) => call.url)).toEqual([`${origin}/api/payment/wallet/top-up/quote`, `${origin}/api/payment/wallet/top-up`]);
    expect(seen[1]!.body).toBe(seen[0]!.body);
    expect(JSON.parse(seen[1]!.body)).toEqual(topup.body);
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();
    expect(seen[1]!.headers).toMatchObject({ 'idempotency-key': 'topup-key-1', 'x-fandeck-quote': 'signed.topup.quote' });
    transport.dispose();
  });

  it('sends nothing when the fan declines, or when the quote fails', async () => {
    const transport = createDirectTransport(origin, { confirm: async () => false });
    expect(await transport.pay(topup)).toMatchObject({ ok: false, status: -1, body: { code: 'bridge.not_confirmed' } });
    expect(seen).toHaveLength(1);

    quoteAnswer = Response.json({ statusCode: 401, code: 'auth.sign_in_required', message: 'x', error: 'Unauthorized' }, { status: 401 });
    expect(await transport.pay(topup)).toMatchObject({ ok: false, status: 401, body: { code: 'auth.sign_in_required' } });
    expect(seen).toHaveLength(2);
    transport.dispose();
  });

  it('refuses what is not a contract money action before calling anything', async () => {
    const transport = createDirectTransport(origin, { confirm: async () => true });
    expect(await transport.pay({ ...topup, action: 'charge:steal' as 'topup' })).toMatchObject({ ok: false, status: 403, body: { code: 'bridge.route_not_allowed' } });
    expect(await transport.pay({ action: 'charge:tip', params: { id: '../admin' }, body: { price: 1 }, idempotencyKey: 'k' })).toMatchObject({
      ok: false,
      status: 400,
      body: { code: 'request.invalid' },
    });
    expect(seen).toEqual([]);
    transport.dispose();
  });

  it('has the fan confirm in the platform’s own dialog: Confirm charges once, with the amount shown', async () => {
    document.documentElement.lang = 'pt-BR';
    const browserConfirm = vi.fn(() => true);
    vi.stubGlobal('confirm', browserConfirm);
    quoteAnswer = Response.json({ status: 0, data: tipQuote });
    const transport = createDirectTransport(origin);
    const paying = transport.pay(tip);
    const dialog = page.getByRole('alertdialog', { name: 'Enviar gorjeta' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByTestId('confirm-amount')).toHaveTextContent(/^R\$\s?10,00$/);
    expect(dialog.element().textContent).toContain('Ana Lima (@analima)');
    // The keyboard starts on Cancel and stays on the dialog's two buttons.
    expect(document.activeElement?.textContent).toBe('Cancelar');
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement?.textContent?.replace(/\s/g, ' ')).toBe('Pagar R$ 10,00');
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement?.textContent).toBe('Cancelar');
    await userEvent.click(dialog.getByRole('button', { name: /^Pagar R\$\s?10,00$/ }));
    expect(await paying).toEqual({ ok: true, status: 200, data: { _id: 'tx-1' } });
    expect(seen.map((call) => call.url)).toEqual([`${origin}/api/wallet/charges/tip/c1/quote`, `${origin}/api/wallet/charges/tip/c1`]);
    expect(JSON.parse(seen[1]!.body)).toEqual({ price: 10 });
    expect(seen[1]!.headers).toMatchObject({ 'idempotency-key': 'tip-key-1', 'x-fandeck-quote': 'signed.tip.quote' });
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(browserConfirm).not.toHaveBeenCalled();
    transport.dispose();
  });

  it('charges nothing when the fan cancels the dialog or presses Escape', async () => {
    document.documentElement.lang = 'pt-BR';
    quoteAnswer = Response.json({ status: 0, data: tipQuote });
    const transport = createDirectTransport(origin);
    const cancelled = transport.pay(tip);
    await userEvent.click(page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }));
    expect(await cancelled).toMatchObject({ ok: false, body: { code: 'bridge.not_confirmed' } });
    quoteAnswer = Response.json({ status: 0, data: tipQuote });
    const escaped = transport.pay(tip);
    await expect.element(page.getByRole('alertdialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(await escaped).toMatchObject({ ok: false, body: { code: 'bridge.not_confirmed' } });
    // Two quotes, no charge.
    expect(seen.map((call) => call.url.endsWith('/quote'))).toEqual([true, true]);
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    transport.dispose();
  });

  it('words what is bought from its kind, once: an unlocked post by its text, a private call by its minutes', async () => {
    document.documentElement.lang = 'pt-BR';
    const post = 'Vídeo: bastidores por R$ 7,90!';
    quoteAnswer = Response.json({ status: 0, data: { ...tipQuote, action: 'charge:feed', kind: 'unlock', itemId: 'p1', description: post, price: 7.9 } });
    const transport = createDirectTransport(origin);
    const unlocking = transport.pay({ action: 'charge:feed', params: { id: 'p1' }, body: {}, idempotencyKey: 'feed-key-1' });
    const dialog = page.getByRole('alertdialog', { name: 'Desbloquear publicação' });
    await expect.element(dialog).toBeVisible();
    const text = dialog.element().textContent ?? '';
    expect(text).toContain(`“${post}”`);
    expect(text).not.toMatch(/7,90!\s*por/);
    await userEvent.keyboard('{Escape}');
    await unlocking;

    quoteAnswer = Response.json({ status: 0, data: { ...quote, action: 'charge:stream', kind: 'call', itemId: 'request-1', price: 25, credit: null, minutes: 30 } });
    const calling = transport.pay({ action: 'charge:stream', params: { id: 'request-1' }, body: {}, idempotencyKey: 'call-key-1' });
    const call = page.getByRole('alertdialog', { name: 'Pagar chamada privada' });
    await expect.element(call).toBeVisible();
    expect(call.element().textContent).toContain('30 min');
    await userEvent.keyboard('{Escape}');
    await calling;
    transport.dispose();
  });
});
