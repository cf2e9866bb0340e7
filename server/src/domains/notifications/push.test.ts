/** Web push end to end: the VAPID key, browsers' subscriptions, and delivery when `notify` runs. */
import type { NotificationDto } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { ConfigError, loadConfig } from '../../config/env.js';
import { pushSubscriptions, settings } from '../../db/schema/index.js';
import { settableClock } from '../subscriptions/subscriptions-test-kit.js';
import { browserKeys, decryptPushBody, fakePushService, notificationsProbe, verifyVapid } from './notifications-test-kit.js';
import { checkEndpoint, PUSH_SUBSCRIPTIONS_PER_USER } from './push-subscriptions.js';
import { generateVapidKeys } from './push-sender.js';
import { VAPID_SETTING_KEY } from './vapid-keys.js';
import { pushCopy } from './notifications.service.js';

const probe = notificationsProbe();
const clock = settableClock(new Date());
let t: TestApp;
let service: Awaited<ReturnType<typeof fakePushService>>;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now }, {}, { extraDomains: [probe.plugin] });
  service = await fakePushService();
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const SUBSCRIPTIONS = '/api/notification/push/subscriptions';
const subscribe = (token: string | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers: token ? { authorization: token } : {}, payload: payload as object });
const unsubscribe = (token: string, endpoint: string) => t.app.inject({ method: 'DELETE', url: SUBSCRIPTIONS, headers: { authorization: token }, payload: { endpoint } });
const publicKey = async (app = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/api/notification/push/public-key' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.publicKey as string;
};

async function signedIn() {
  const user = await createUser(t.ctx);
  return { user, token: await signIn(t.app, user.email) };
}
const rowsOf = (userId: string) => t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('the VAPID public key', () => {
  it('is made once, kept in the database (no settings route shows it), and every app on that database answers the same', async () => {
    const key = await publicKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(key, 'base64url')[0]).toBe(4);
    expect(await publicKey()).toBe(key);
    const [row] = await t.ctx.db.select().from(settings).where(eq(settings.key, VAPID_SETTING_KEY));
    expect(row).toMatchObject({ visibility: 'private', value: { publicKey: key } });
    const other = await createTestApp();
    try {
      expect(await publicKey(other.app)).toBe(key);
    } finally {
      await other.close();
    }
  });

  it('comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set, which go in pairs', async () => {
    const configured = generateVapidKeys();
    const other = await createTestApp({}, { VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey });
    try {
      expect(await publicKey(other.app)).toBe(configured.publicKey);
    } finally {
      await other.close();
    }
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: configured.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(ConfigError);
    expect(loadConfig({}).webPush).toEqual({ subject: 'mailto:no-reply@fandeck.local' });
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://fans.example.com/' }).webPush.subject).toBe('https://fans.example.com');
  });
});

describe('push subscriptions', () => {
  it('refuses what no browser would send: 422 notifications.push_subscription_invalid, 400 for a missing field, 401 signed out', async () => {
    const { token } = await signedIn();
    const keys = browserKeys().json;
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const invalid = [
      { endpoint: 'http://push.example.com/x', keys },
      { endpoint: 'not a url', keys },
      { endpoint: 'https://10.0.0.8/x', keys },
      { endpoint: 'https://192.168.1.1/x', keys },
      { endpoint: 'https://metadata.internal/x', keys },
      { endpoint: 'https://user:pw@push.example.com/x', keys },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, p256dh: offCurve } },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, auth: Buffer.alloc(8).toString('base64url') } },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, auth: 'not base64!' } },
    ];
    for (const body of invalid) {
      const res = await subscribe(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('notifications.push_subscription_invalid');
    }
    expect((await subscribe(token, { endpoint: 'https://push.example.com/x' })).statusCode).toBe(400);
    // Loopback addresses pass only in tests (a local stand-in push service); anywhere else they are refused.
    for (const endpoint of ['http://localhost:9/x', 'https://127.0.0.1/x', 'https://[::1]/x']) expect(() => checkEndpoint(endpoint, false)).toThrow();
    expect(checkEndpoint('http://127.0.0.1:9/x', true)).toBe('http://127.0.0.1:9/x');
    expect((await subscribe(null, { endpoint: 'https://push.example.com/x', keys })).statusCode).toBe(401);
  });

  it('stores one row per endpoint: subscribing again updates it, another account takes it over, DELETE removes only one’s own', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc-123';
    const first = browserKeys().json;
    expect((await subscribe(a.token, { endpoint, keys: first, expirationTime: null })).json()).toEqual({ status: 0, data: { success: true } });
    const renewed = browserKeys().json;
    await subscribe(a.token, { endpoint, keys: renewed });
    expect(await rowsOf(a.user.id)).toEqual([expect.objectContaining({ endpoint, p256dh: renewed.p256dh, auth: renewed.auth })]);

    // Someone else cannot remove it; the owner can, and removing it twice is fine.
    expect((await unsubscribe(b.token, endpoint)).statusCode).toBe(200);
    expect(await rowsOf(a.user.id)).toHaveLength(1);
    // Another account signing in on that browser takes the subscription over.
    await subscribe(b.token, { endpoint, keys: renewed });
    expect(await rowsOf(a.user.id)).toEqual([]);
    expect(await rowsOf(b.user.id)).toHaveLength(1);
    expect((await unsubscribe(b.token, endpoint)).statusCode).toBe(200);
    expect((await unsubscribe(b.token, endpoint)).statusCode).toBe(200);
    expect(await rowsOf(b.user.id)).toEqual([]);
  });

  it(`keeps the ${PUSH_SUBSCRIPTIONS_PER_USER} newest browsers of a user`, async () => {
    const { user, token } = await signedIn();
    const keys = browserKeys().json;
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_PER_USER; i += 1) {
      clock.advance(1000);
      expect((await subscribe(token, { endpoint: `https://push.example.com/u/${i}`, keys })).statusCode).toBe(200);
    }
    const kept = (await rowsOf(user.id)).map((row) => row.endpoint).sort();
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    expect(kept).not.toContain('https://push.example.com/u/0');
  });
});

describe('delivery', () => {
  it('pushes the notification to each of the user’s browsers, encrypted to each and signed with the public key', async () => {
    const { user, token } = await signedIn();
    const phone = browserKeys();
    const laptop = browserKeys();
    await subscribe(token, { endpoint: service.endpoint(`phone-${user.id}`), keys: phone.json });
    await subscribe(token, { endpoint: service.endpoint(`laptop-${user.id}`), keys: laptop.json });
    const key = await publicKey();
    service.requests.length = 0;

    const record = await probe.notifications.notify({ userId: user.id, type: 'follow.created', data: { actorId: user.id } });
    expect(record).not.toBeNull();
    expect(service.requests).toHaveLength(2);
    for (const request of service.requests) {
      const browser = request.path.includes('phone') ? phone : laptop;
      const dto = JSON.parse(decryptPushBody(request.body, browser)) as NotificationDto;
      expect(dto).toMatchObject({ _id: record!.id, type: 'follow.created', read: false, data: { actorId: user.id, actorName: user.name } });
      expect(verifyVapid(request.headers.authorization, key)).toMatchObject({ aud: service.origin, sub: 'mailto:no-reply@fandeck.local' });
    }
  });

  it('pushes a copy that fits a push service: long texts (a tip’s message) stay out of it, the stored one keeps them', async () => {
    const { user, token } = await signedIn();
    const browser = browserKeys();
    await subscribe(token, { endpoint: service.endpoint(`long-${user.id}`), keys: browser.json });
    const message = 'ção 😀 '.repeat(300);
    const received = service.next();
    const record = await probe.notifications.notify({ userId: user.id, type: 'tip.received', data: { actorId: user.id, amount: 10, message } });
    expect(record!.data.message).toBe(message);
    const pushed = JSON.parse(decryptPushBody((await received).body, browser)) as NotificationDto;
    expect(pushed).toMatchObject({ _id: record!.id, type: 'tip.received', data: { actorId: user.id, actorName: user.name, amount: 10 } });
    expect(pushed.data).not.toHaveProperty('message');
    expect(pushCopy({ _id: 'x', type: 'tip.received', data: { list: Array(2000).fill(1) }, read: false, createdAt: '', updatedAt: '' })).toBe(
      JSON.stringify({ _id: 'x', type: 'tip.received', data: {}, read: false, createdAt: '', updatedAt: '' }),
    );
  });

  it('drops a subscription the push service says is gone (404, 410), keeps it on other refusals, and notify stands either way', async () => {
    const { user, token } = await signedIn();
    const endpoint = service.endpoint(`gone-${user.id}`);
    await subscribe(token, { endpoint, keys: browserKeys().json });

    service.answer(500);
    expect(await probe.notifications.notify({ userId: user.id, type: 'follow.created', data: {} })).not.toBeNull();
    expect(await rowsOf(user.id)).toHaveLength(1);
    for (const status of [404, 410]) {
      if (status === 410) await subscribe(token, { endpoint, keys: browserKeys().json });
      service.answer(status);
      expect(await probe.notifications.notify({ userId: user.id, type: 'follow.created', data: {} })).not.toBeNull();
      expect(await rowsOf(user.id)).toEqual([]);
    }
    service.answer(201);
  });

  it('a push service that cannot be reached fails nothing', async () => {
    const { user, token } = await signedIn();
    const down = await fakePushService();
    await down.close();
    await subscribe(token, { endpoint: down.endpoint('x'), keys: browserKeys().json });
    const record = await probe.notifications.notify({ userId: user.id, type: 'tip.received', data: { amount: 10 } });
    expect(record).toMatchObject({ userId: user.id, type: 'tip.received' });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });
});
