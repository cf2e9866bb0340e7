import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { quoteSecret } from './quote-secret.js';
import { bodyHash, readQuote, signQuote, type QuoteClaims } from './quote-token.js';

const key = Buffer.from('k'.repeat(32));
const claims: QuoteClaims = {
  id: 'q1',
  userId: 'u1',
  action: 'charge:tip',
  path: '/wallet/charges/tip/alice',
  bodyHash: bodyHash({ price: 1000, message: 'hi' }),
  priceCents: 1000,
  creditCents: null,
  expiresAt: 1_700_000_000_000,
};

describe('quote tokens', () => {
  it('read back exactly what was signed, with the same key only', () => {
    const token = signQuote(key, claims);
    expect(readQuote(key, token)).toEqual(claims);
    expect(readQuote(Buffer.from('x'.repeat(32)), token)).toBeNull();
  });

  it('refuse any edit of the claims or the signature, and anything malformed', () => {
    const token = signQuote(key, claims);
    const [payload, signature] = token.split('.') as [string, string];
    const cheaper = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), pr: 1 })).toString('base64url');
    expect(readQuote(key, `${cheaper}.${signature}`)).toBeNull();
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'AB' : 'AA');
    expect(readQuote(key, `${payload}.${flipped}`)).toBeNull();
    for (const bad of ['', '.', payload, `${payload}.`, `${payload}.${signature}.x`, 'x'.repeat(5000), `${payload}.${signature}`.replace('.', '..')]) {
      expect(readQuote(key, bad), bad.slice(0, 20)).toBeNull();
    }
  });

  it('refuse a token without its id, so no quote escapes being spent once', () => {
    const token = signQuote(key, claims);
    const wire = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
    expect(wire.n).toBe('q1');
    const { n: _dropped, ...rest } = wire;
    const payload = Buffer.from(JSON.stringify(rest)).toString('base64url');
    const resigned = `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
    expect(readQuote(key, resigned)).toBeNull();
  });

  it('hash bodies canonically: key order does not matter, values do', () => {
    expect(bodyHash({ a: 1, b: [1, { y: 2, x: 1 }] })).toBe(bodyHash({ b: [1, { x: 1, y: 2 }], a: 1 }));
    expect(bodyHash({ price: 1000 })).not.toBe(bodyHash({ price: 1001 }));
    expect(bodyHash({ price: 1000 })).not.toBe(bodyHash({ price: 1000, message: '' }));
  });
});

describe('the quote secret', () => {
  it('comes from QUOTE_SECRET when set, refuses a short one, and is one random key per process otherwise', () => {
    const configured = quoteSecret({ QUOTE_SECRET: 's'.repeat(40) });
    expect(configured).toEqual({ key: Buffer.from('s'.repeat(40)), configured: true });
    expect(() => quoteSecret({ QUOTE_SECRET: 'short' })).toThrow(/at least 32/);
    const a = quoteSecret({});
    expect(a.configured).toBe(false);
    expect(a.key).toHaveLength(32);
    expect(quoteSecret({}).key.equals(a.key)).toBe(true);
  });
});
