import { describe, expect, it } from 'vitest';
import { WebhookVerificationError } from './gateway.js';
import { createPixSandboxGateway, newEndToEndId } from './pix-sandbox.gateway.js';
import { computeSignature, signatureHeader, verifySignature } from './webhook-signature.js';

const SECRET = 'a-test-secret-of-enough-length';
const body = Buffer.from('{"pix":[{"endToEndId":"E1","txid":"T1","valor":"10.00"}]}');
const now = new Date('2030-01-01T12:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('HMAC webhook signatures', () => {
  it('accepts a fresh signature of the exact body', () => {
    expect(() => verifySignature(SECRET, body, signatureHeader(SECRET, body, now), now)).not.toThrow();
    expect(() => verifySignature(SECRET, body, signatureHeader(SECRET, body, now), at(299))).not.toThrow();
  });

  it('refuses a changed body, another secret, and garbage', () => {
    const header = signatureHeader(SECRET, body, now);
    expect(() => verifySignature(SECRET, Buffer.concat([body, Buffer.from(' ')]), header, now)).toThrow(/Invalid webhook signature/);
    expect(() => verifySignature('another-secret-of-enough-length', body, header, now)).toThrow(/Invalid/);
    for (const bad of [undefined, '', 'nonsense', 't=abc,v1=00', `t=${Math.floor(now.getTime() / 1000)}`, ['a', 'b'], 'x'.repeat(5000)]) {
      expect(() => verifySignature(SECRET, body, bad, now)).toThrow(WebhookVerificationError);
    }
  });

  it('refuses a timestamp older than 300 s or more than 60 s ahead, even when correctly signed', () => {
    const header = signatureHeader(SECRET, body, now);
    expect(() => verifySignature(SECRET, body, header, at(301))).toThrow(/too old/);
    expect(() => verifySignature(SECRET, body, header, at(-61))).toThrow(/future/);
  });

  it('binds the timestamp: a signature replayed with a newer t fails', () => {
    const old = Math.floor(now.getTime() / 1000) - 1000;
    const forged = `t=${Math.floor(now.getTime() / 1000)},v1=${computeSignature(SECRET, old, body)}`;
    expect(() => verifySignature(SECRET, body, forged, now)).toThrow(/Invalid/);
  });

  it('accepts any one valid v1 among several (secret rotation)', () => {
    const t = Math.floor(now.getTime() / 1000);
    const header = `t=${t},v1=${computeSignature('old-secret-of-enough-length', t, body)},v1=${computeSignature(SECRET, t, body)}`;
    expect(() => verifySignature(SECRET, body, header, now)).not.toThrow();
  });
});

describe('PIX sandbox gateway', () => {
  const gateway = createPixSandboxGateway({ webhookSecret: SECRET });

  it('makes endToEndIds in the SPI shape', () => {
    expect(newEndToEndId(now)).toMatch(/^E99999999203001011200[A-Za-z0-9]{11}$/);
  });

  it('signs the webhooks it sends so that its own verification reads them back', async () => {
    const hook = gateway.paymentWebhook({ txid: 'abc123', amountCents: 1050, now });
    const events = await gateway.verifyWebhook({ rawBody: Buffer.from(hook.body), headers: hook.headers, now });
    expect(events).toEqual([expect.objectContaining({ transactionId: 'abc123', providerReference: 'abc123', amountCents: 1050, currency: 'BRL', status: 'success' })]);
  });

  it('refuses signed bodies that are not API Pix notifications', async () => {
    for (const text of ['not json', '{}', '{"pix":[]}', '{"pix":[{"endToEndId":"E1","txid":"T1","valor":"10"}]}']) {
      const headers = { 'x-pix-signature': signatureHeader(SECRET, text, now) };
      await expect(gateway.verifyWebhook({ rawBody: Buffer.from(text), headers, now })).rejects.toThrow(WebhookVerificationError);
    }
  });
});
