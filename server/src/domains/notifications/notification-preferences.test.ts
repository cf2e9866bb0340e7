/** Per-type preferences: the routes, and a type turned off that creates no site notification or push. */
import { NOTIFICATION_TYPES_BY_ROLE, type NotificationPreference } from '@fandeck/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { notifications } from '../../db/schema/index.js';
import { recordingRealtime, tip } from '../wallet/wallet-test-kit.js';
import type { NotificationRecord } from './notifications.extension.js';
import { browserKeys, fakePushService, notificationsProbe } from './notifications-test-kit.js';

const realtime = recordingRealtime();
const probe = notificationsProbe();
const heard: NotificationRecord[] = [];
let t: TestApp;
let service: Awaited<ReturnType<typeof fakePushService>>;
beforeAll(async () => {
  t = await createTestApp({ realtime }, {}, { extraDomains: [probe.plugin] });
  probe.notifications.onNotify((n) => void heard.push(n));
  service = await fakePushService();
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const PREFERENCES = '/api/notification/preferences';
const read = (token: string) => t.app.inject({ method: 'GET', url: PREFERENCES, headers: { authorization: token } });
const save = (token: string, payload: unknown) => t.app.inject({ method: 'PUT', url: PREFERENCES, headers: { authorization: token }, payload: payload as object });
const listed = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/notification', headers: { authorization: token } })).json().data.data;

async function signedIn(role: 'user' | 'performer' = 'user') {
  const user = await createUser(t.ctx, { role });
  return { user, token: await signIn(t.app, user.email) };
}

/** A user with one browser subscribed to the fake push service. */
async function withBrowser(role: 'user' | 'performer') {
  const account = await signedIn(role);
  const endpoint = service.endpoint(`browser-${account.user.id}`);
  const res = await t.app.inject({ method: 'POST', url: '/api/notification/push/subscriptions', headers: { authorization: account.token }, payload: { endpoint, keys: browserKeys().json } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...account, pushes: () => service.requests.filter((request) => endpoint.endsWith(request.path)).length };
}

describe('the preferences routes', () => {
  it('list every type of the account’s role, both channels on until changed; a change keeps the other types', async () => {
    const fan = await signedIn();
    const creator = await signedIn('performer');
    const allOn = (types: readonly string[]) => types.map((type) => ({ type, site: true, push: true }));
    expect((await read(fan.token)).json().data).toEqual({ preferences: allOn(NOTIFICATION_TYPES_BY_ROLE.user) });
    expect((await read(creator.token)).json().data).toEqual({ preferences: allOn(NOTIFICATION_TYPES_BY_ROLE.performer) });

    const changed = await save(creator.token, { preferences: [{ type: 'tip.received', site: false, push: true }] });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await save(creator.token, { preferences: [{ type: 'follow.created', site: true, push: false }] });
    const byType = new Map((again.json().data.preferences as NotificationPreference[]).map((one) => [one.type, one]));
    expect(byType.get('tip.received')).toEqual({ type: 'tip.received', site: false, push: true });
    expect(byType.get('follow.created')).toEqual({ type: 'follow.created', site: true, push: false });
    expect(byType.get('stream.live')).toEqual({ type: 'stream.live', site: true, push: true });
    // Another account is untouched.
    expect((await read(fan.token)).json().data).toEqual({ preferences: allOn(NOTIFICATION_TYPES_BY_ROLE.user) });
  });

  it('refuses an unknown type, a staff warning (never muted), a type twice, a missing channel (400) and a signed-out call (401)', async () => {
    const { token } = await signedIn();
    for (const payload of [
      { preferences: [{ type: 'no.such', site: true, push: true }] },
      { preferences: [{ type: 'moderation.warning', site: false, push: false }] },
      { preferences: [{ type: 'stream.live', site: true, push: true }, { type: 'stream.live', site: false, push: true }] },
      { preferences: [{ type: 'stream.live', site: true }] },
    ]) {
      expect((await save(token, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: PREFERENCES })).statusCode).toBe(401);
  });
});

describe('a muted type', () => {
  it('off the site: no notification listed or counted, none sent live; still pushed, and the listeners still run', async () => {
    const fan = await withBrowser('user');
    await save(fan.token, { preferences: [{ type: 'stream.live', site: false, push: true }] });
    realtime.events.length = 0;
    heard.length = 0;
    const record = await probe.notifications.notify({ userId: fan.user.id, type: 'stream.live', data: { streamId: 's1' } });
    expect(record).not.toBeNull();
    expect(await listed(fan.token)).toEqual([]);
    const unread = await t.app.inject({ method: 'GET', url: '/api/notification/total-unread', headers: { authorization: fan.token } });
    expect(unread.json().data).toEqual({ total: 0 });
    expect(realtime.events.filter((event) => event.userId === fan.user.id)).toEqual([]);
    expect(fan.pushes()).toBe(1);
    expect(heard.map((one) => one.id)).toEqual([record!.id]);
  });

  it('without web push: shown and sent live, never pushed; another type is pushed as before', async () => {
    const creator = await withBrowser('performer');
    await save(creator.token, { preferences: [{ type: 'tip.received', site: true, push: false }] });
    realtime.events.length = 0;
    await probe.notifications.notify({ userId: creator.user.id, type: 'tip.received', data: { amount: 5 } });
    expect(creator.pushes()).toBe(0);
    expect(await listed(creator.token)).toMatchObject([{ type: 'tip.received' }]);
    expect(realtime.events).toMatchObject([{ userId: creator.user.id, event: 'send_notification' }]);
    await probe.notifications.notify({ userId: creator.user.id, type: 'follow.created', data: {} });
    expect(creator.pushes()).toBe(1);
  });

  it('both off: nothing on the site and no push', async () => {
    const creator = await withBrowser('performer');
    await save(creator.token, { preferences: [{ type: 'subscription.created', site: false, push: false }] });
    realtime.events.length = 0;
    await probe.notifications.notify({ userId: creator.user.id, type: 'subscription.created', data: { price: 10 } });
    expect(await listed(creator.token)).toEqual([]);
    expect(realtime.events).toEqual([]);
    expect(creator.pushes()).toBe(0);
  });

  it('a tip in one call to a creator who keeps tips off the site: stored hidden in the same statement, never sent live; turned on, shown and sent', async () => {
    const creator = await createUser(t.ctx, { role: 'performer', verifiedDocument: true });
    const creatorToken = await signIn(t.app, creator.email);
    const payer = await createUser(t.ctx, { balanceCents: 10_000 });
    const payerToken = await signIn(t.app, payer.email);
    const tipsOf = () => t.ctx.db.select({ hidden: notifications.hidden }).from(notifications).where(and(eq(notifications.userId, creator.id), eq(notifications.type, 'tip.received')));
    const sentLive = () => realtime.events.filter((one) => one.userId === creator.id && one.event === 'send_notification');
    expect((await save(creatorToken, { preferences: [{ type: 'tip.received', site: false, push: true }] })).statusCode).toBe(200);
    realtime.events.length = 0;
    const hidden = await tip(t.app, payerToken, creator.id, { price: 10 });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await tipsOf()).toEqual([{ hidden: true }]);
    expect(await listed(creatorToken)).toEqual([]);
    expect(sentLive()).toEqual([]);
    expect((await save(creatorToken, { preferences: [{ type: 'tip.received', site: true, push: true }] })).statusCode).toBe(200);
    const shown = await tip(t.app, payerToken, creator.id, { price: 20 });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(await listed(creatorToken)).toHaveLength(1);
    expect(sentLive()).toHaveLength(1);
  });
});
