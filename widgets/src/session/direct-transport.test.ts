import type { PayQuote } from '@fandeck/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDirectTransport } from './direct-transport.js';

/** The host site's pay: the same quote, confirm and send as the bridge, with the host's confirm UI. */
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

  it('asks the browser’s own confirm by default, with one line from the quote', async () => {
    document.documentElement.lang = 'pt-BR';
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const transport = createDirectTransport(origin);
    await transport.pay(topup);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(String((confirm.mock.calls[0] as unknown[])[0]).replace(/\s/g, ' ')).toBe('Recarga de R$ 25,00 na carteira por R$ 22,50');
    transport.dispose();
  });

  it('words a private call from its kind and minutes in the browser’s confirm, never a server text', async () => {
    document.documentElement.lang = 'pt-BR';
    quoteAnswer = Response.json({ status: 0, data: { ...quote, action: 'charge:stream', kind: 'call', itemId: 'request-1', price: 25, credit: null, minutes: 30 } });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const transport = createDirectTransport(origin);
    await transport.pay({ action: 'charge:stream', params: { id: 'request-1' }, body: {}, idempotencyKey: 'call-key-1' });
    expect(seen.map((call) => call.url)).toEqual([`${origin}/api/wallet/charges/stream/request-1/quote`]);
    expect(String((confirm.mock.calls[0] as unknown[])[0]).replace(/\s/g, ' ')).toBe('Pagar chamada privada (30 min) por R$ 25,00');
    transport.dispose();
  });
});
