import { PAGE_ORIGIN_HEADER, type PayQuote } from '@fandeck/contract';
import { describe, expect, it } from 'vitest';
import type { TransportResult } from '../session/transport.js';
import { PayDesk, type PayDeps } from './bridge-pay.js';
import { readPayRequest, readQuote } from './pay-request.js';

const tip = { action: 'charge:tip', params: { id: 'creator-1' }, body: { price: 10, message: 'Obrigado!' }, idempotencyKey: 'key-1' };

const quoteOf = (overrides: Partial<PayQuote> = {}): PayQuote => ({
  action: 'charge:tip',
  kind: 'tip',
  itemId: 'creator-1',
  recipient: { _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima' },
  description: null,
  price: 10,
  credit: null,
  currency: 'BRL',
  quote: 'signed.quote.token',
  expiresAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

interface Sent {
  path: string;
  json: string;
  headers: Record<string, string>;
}

/** A desk whose server and dialog the test plays; `answer` decides each confirm. */
function desk(options: { quote?: TransportResult<unknown>; action?: TransportResult<unknown> } = {}) {
  const sent: Sent[] = [];
  const shown: PayQuote[] = [];
  const answers: ((confirmed: boolean) => void)[] = [];
  const deps: PayDeps = {
    post: async (path, json, headers) => {
      sent.push({ path, json, headers });
      if (path.endsWith('/quote')) return options.quote ?? { ok: true, status: 200, data: quoteOf() };
      return options.action ?? { ok: true, status: 200, data: { _id: 'charge-1' } };
    },
    confirm: (quote, signal) =>
      new Promise<boolean>((resolve) => {
        shown.push(quote);
        answers.push(resolve);
        signal.addEventListener('abort', () => resolve(false), { once: true });
      }),
    pageOrigin: 'https://creator.example',
  };
  const settled = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { desk: new PayDesk(deps), sent, shown, answer: (confirmed: boolean) => answers.shift()?.(confirmed), settled };
}

describe('reading a pay request', () => {
  it('accepts a contract action with exactly its parameters, a JSON body and a visible-ASCII key', () => {
    const reading = readPayRequest(tip);
    expect(reading).toMatchObject({ ok: true, pay: { path: '/wallet/charges/tip/creator-1', quotePath: '/wallet/charges/tip/creator-1/quote', json: '{"price":10,"message":"Obrigado!"}' } });
    expect(readPayRequest({ action: 'topup', params: {}, body: { amount: 25 }, idempotencyKey: 'k' })).toMatchObject({ ok: true, pay: { path: '/payment/wallet/top-up' } });
  });

  it('refuses unknown actions, wrong or unsafe parameters, non-JSON bodies and bad keys', () => {
    const refusedWith = (input: unknown) => {
      const reading = readPayRequest(input);
      return reading.ok ? null : (reading.result as { status: number; body: { code: string } });
    };
    expect(refusedWith({ ...tip, action: 'charge:steal' })).toMatchObject({ status: 403, body: { code: 'bridge.route_not_allowed' } });
    expect(refusedWith({ ...tip, action: 'admin.settings.update' })).toMatchObject({ status: 403, body: { code: 'bridge.route_not_allowed' } });
    for (const bad of [
      null,
      'charge:tip',
      { ...tip, params: {} },
      { ...tip, params: { id: 'a', other: 'b' } },
      { ...tip, params: { id: 1 } },
      { ...tip, params: { id: '..' } },
      { ...tip, params: { id: 'a/b' } },
      { ...tip, params: { id: '%2e%2e' } },
      { ...tip, params: { id: 'a\\b' } },
      { ...tip, params: { id: '' } },
      { ...tip, body: [10] },
      { ...tip, body: 'price=10' },
      { ...tip, body: { price: Number.NaN } },
      { ...tip, body: { price: 10, at: new Date() } },
      { ...tip, body: { blob: new Blob(['x']) } },
      { ...tip, body: { long: 'x'.repeat(20_000) } },
      { ...tip, idempotencyKey: '' },
      { ...tip, idempotencyKey: 'has space' },
      { ...tip, idempotencyKey: 'ç' },
      { ...tip, idempotencyKey: 'k'.repeat(256) },
      { ...tip, idempotencyKey: 7 },
    ]) {
      expect(refusedWith(bad), JSON.stringify(bad) ?? String(bad)).toMatchObject({ status: 400, body: { code: 'request.invalid' } });
    }
  });

  it('reads only a quote for the very action asked', () => {
    const reading = readPayRequest(tip);
    if (!reading.ok) throw new Error('expected a pay');
    expect(readQuote(quoteOf(), reading.pay)).toEqual(quoteOf());
    expect(readQuote({ ...quoteOf(), extra: '<b>' }, reading.pay)).toEqual(quoteOf());
    for (const bad of [
      quoteOf({ action: 'charge:video' }),
      quoteOf({ kind: 'unlock' }),
      quoteOf({ price: -1 }),
      { ...quoteOf(), price: '10' },
      quoteOf({ currency: 'R$' }),
      quoteOf({ quote: '' }),
      quoteOf({ quote: 'with\nnewline' }),
      { ...quoteOf(), recipient: { _id: 'x' } },
      null,
    ]) {
      expect(readQuote(bad, reading.pay)).toBeNull();
    }
  });

  it('reads a private call’s quote with its minutes, and refuses one without them', () => {
    const reading = readPayRequest({ action: 'charge:stream', params: { id: 'request-1' }, body: {}, idempotencyKey: 'call-key' });
    if (!reading.ok) throw new Error('expected a pay');
    expect(reading.pay.action.kind).toBe('call');
    const call = quoteOf({ action: 'charge:stream', kind: 'call', itemId: 'request-1', price: 25, minutes: 30 });
    expect(readQuote(call, reading.pay)).toEqual(call);
    // The dialog words a call from its minutes: a call quote without usable minutes is not one.
    for (const minutes of [undefined, null, 0, -5, 2.5, '30', 100_000]) {
      expect(readQuote({ ...call, minutes }, reading.pay), String(minutes)).toBeNull();
    }
    expect(readQuote({ ...call, kind: 'unlock' }, reading.pay)).toBeNull();
    // Another kind may not carry odd minutes either.
    const tipReading = readPayRequest(tip);
    if (!tipReading.ok) throw new Error('expected a pay');
    expect(readQuote({ ...quoteOf(), minutes: 'x' }, tipReading.pay)).toBeNull();
  });
});

describe('the pay desk', () => {
  it('quotes the exact body, shows that quote, then sends the same body with the key and the quote token', async () => {
    const { desk: payDesk, sent, shown, answer, settled } = desk();
    const result = payDesk.pay(tip, new AbortController().signal);
    await settled();
    expect(sent).toEqual([{ path: '/wallet/charges/tip/creator-1/quote', json: '{"price":10,"message":"Obrigado!"}', headers: {} }]);
    expect(shown).toEqual([quoteOf()]);
    answer(true);
    expect(await result).toEqual({ ok: true, status: 200, data: { _id: 'charge-1' } });
    expect(sent[1]).toEqual({
      path: '/wallet/charges/tip/creator-1',
      json: sent[0]!.json,
      headers: { 'idempotency-key': 'key-1', 'x-fandeck-quote': 'signed.quote.token' },
    });
  });

  it('sends the page origin with the quote and the action of a page-scoped action (resume), and only then', async () => {
    const resume = { action: 'resume', params: { id: 'sub-1' }, body: {}, idempotencyKey: 'key-2' };
    const { desk: payDesk, sent, answer, settled } = desk({ quote: { ok: true, status: 200, data: quoteOf({ action: 'resume', kind: 'subscribe', itemId: 'sub-1' }) } });
    const result = payDesk.pay(resume, new AbortController().signal);
    await settled();
    answer(true);
    expect((await result).ok).toBe(true);
    expect(sent).toEqual([
      { path: '/subscriptions/sub-1/resume/quote', json: '{}', headers: { [PAGE_ORIGIN_HEADER]: 'https://creator.example' } },
      {
        path: '/subscriptions/sub-1/resume',
        json: '{}',
        headers: { [PAGE_ORIGIN_HEADER]: 'https://creator.example', 'idempotency-key': 'key-2', 'x-fandeck-quote': 'signed.quote.token' },
      },
    ]);
  });

  it('sends nothing when the fan declines', async () => {
    const { desk: payDesk, sent, answer, settled } = desk();
    const result = payDesk.pay(tip, new AbortController().signal);
    await settled();
    answer(false);
    expect(await result).toMatchObject({ ok: false, status: -1, body: { code: 'bridge.not_confirmed' } });
    expect(sent.map((call) => call.path)).toEqual(['/wallet/charges/tip/creator-1/quote']);
  });

  it('refuses a second pay while one is open, and the first goes on unchanged', async () => {
    const { desk: payDesk, sent, shown, answer, settled } = desk();
    const first = payDesk.pay(tip, new AbortController().signal);
    await settled();
    const second = await payDesk.pay({ ...tip, body: { price: 500 } }, new AbortController().signal);
    expect(second).toMatchObject({ ok: false, status: 409, body: { code: 'bridge.busy' } });
    expect(shown).toHaveLength(1);
    answer(true);
    await first;
    expect(sent.map((call) => call.json)).toEqual(['{"price":10,"message":"Obrigado!"}', '{"price":10,"message":"Obrigado!"}']);
    // Once settled, the next pay is taken.
    const third = payDesk.pay(tip, new AbortController().signal);
    await settled();
    expect(shown).toHaveLength(2);
    answer(false);
    await third;
  });

  it('returns the quote’s own failure (signed out) and refuses an unreadable quote, with no dialog', async () => {
    const signedOut = { ok: false, status: 401, body: { statusCode: 401, code: 'auth.sign_in_required', message: 'x', error: 'Unauthorized' } } as const;
    const first = desk({ quote: signedOut });
    expect(await first.desk.pay(tip, new AbortController().signal)).toEqual(signedOut);
    expect(first.shown).toEqual([]);
    const second = desk({ quote: { ok: true, status: 200, data: { ...quoteOf(), price: 'ten' } } });
    expect(await second.desk.pay(tip, new AbortController().signal)).toMatchObject({ ok: false, status: 502, body: { code: 'server.error' } });
    expect(second.shown).toEqual([]);
    expect(second.sent).toHaveLength(1);
  });

  it('closes the dialog unconfirmed when the page aborts, and sends nothing', async () => {
    const { desk: payDesk, sent, settled } = desk();
    const controller = new AbortController();
    const result = payDesk.pay(tip, controller.signal);
    await settled();
    controller.abort();
    expect(await result).toMatchObject({ ok: false, status: -1, body: { code: 'request.cancelled' } });
    expect(sent).toHaveLength(1);
    expect(payDesk.busy).toBe(false);
  });
});
