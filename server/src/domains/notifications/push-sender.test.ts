/**
 * The real web push sender against a local stand-in push service: the body decrypts with
 * the browser's keys (RFC 8291), and the VAPID token verifies against our public key (RFC 8292).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserKeys, decryptPushBody, fakePushService, verifyVapid } from './notifications-test-kit.js';
import { createWebPushSender, generateVapidKeys } from './push-sender.js';

const vapid = { ...generateVapidKeys(), subject: 'mailto:ops@fandeck.test' };
const sender = createWebPushSender(async () => vapid, { ttlSeconds: 3600, timeoutMs: 5000 });
let service: Awaited<ReturnType<typeof fakePushService>>;
beforeAll(async () => {
  service = await fakePushService();
});
afterAll(() => service.close());

describe('web push sender', () => {
  it('sends an aes128gcm body only the subscription’s keys decrypt, signed with a VAPID token for the service’s origin', async () => {
    const browser = browserKeys();
    const payload = JSON.stringify({ _id: 'n1', type: 'tip.received', data: { actorName: 'Ana', amount: 12.5 }, text: 'ção ✓' });
    const received = service.next();
    const answer = await sender.send({ endpoint: service.endpoint('abc'), ...browser.json }, payload);
    expect(answer).toEqual({ statusCode: 201 });

    const request = await received;
    expect(request.path).toBe('/push/abc');
    expect(request.headers).toMatchObject({ 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream', ttl: '3600', urgency: 'normal' });
    expect(Number(request.headers['content-length'])).toBe(request.body.length);
    expect(decryptPushBody(request.body, browser)).toBe(payload);
    // Another browser's keys cannot read it.
    expect(() => decryptPushBody(request.body, browserKeys())).toThrow();

    const before = Math.floor(Date.now() / 1000);
    const claims = verifyVapid(request.headers.authorization, vapid.publicKey);
    expect(claims).toMatchObject({ aud: service.origin, sub: vapid.subject });
    expect(claims.exp).toBeGreaterThan(before);
    expect(claims.exp).toBeLessThanOrEqual(before + 24 * 3600 + 60);
    // The check can fail: the same token does not verify against another key.
    const otherKey = generateVapidKeys().publicKey;
    expect(() => verifyVapid(request.headers.authorization!.replace(vapid.publicKey, otherKey), otherKey)).toThrow('does not verify');
  });

  it('answers the push service’s status (410: gone) and throws when the service cannot be reached', async () => {
    const browser = browserKeys();
    service.answer(410);
    try {
      expect(await sender.send({ endpoint: service.endpoint('gone'), ...browser.json }, '{}')).toEqual({ statusCode: 410 });
    } finally {
      service.answer(201);
    }
    const closed = await fakePushService();
    await closed.close();
    await expect(sender.send({ endpoint: closed.endpoint('x'), ...browser.json }, '{}')).rejects.toThrow();
  });
});
