import { NOTIFICATION_PAGE_SIZE, type NotificationDto } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { notifications } from '../../db/schema/index.js';
import { recordingRealtime } from '../wallet/wallet-test-kit.js';
import type { NotificationRecord } from './notifications.extension.js';
import { notificationsProbe } from './notifications-test-kit.js';

const realtime = recordingRealtime();
const probe = notificationsProbe();
const heard: NotificationRecord[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime }, {}, { extraDomains: [probe.plugin] });
  probe.notifications.onNotify((n) => void heard.push(n));
  probe.notifications.onNotify(() => {
    throw new Error('a listener that fails');
  });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, token: string) => t.app.inject({ method, url: `/api${url}`, headers: { authorization: token } });

async function signedIn() {
  const user = await createUser(t.ctx);
  return { user, token: await signIn(t.app, user.email) };
}

/** `count` notifications for the user, one second apart (the last is the newest). */
async function seed(userId: string, count: number, from = new Date('2030-01-01T00:00:00Z')) {
  const values = Array.from({ length: count }, (_, i) => {
    const at = new Date(from.getTime() + i * 1000);
    return { userId, type: 'follow.created', data: { n: i }, createdAt: at, updatedAt: at };
  });
  return t.ctx.db.insert(notifications).values(values).returning();
}

const unread = async (token: string) => {
  const res = await call('GET', '/notification/total-unread', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total as number;
};

describe('GET /notification', () => {
  it('pages 12 at a time, newest first by updatedAt, with the total of all', async () => {
    const { user, token } = await signedIn();
    await seed(user.id, 30);
    const first = await call('GET', '/notification', token);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().data as { data: NotificationDto[]; total: number };
    expect(NOTIFICATION_PAGE_SIZE).toBe(12);
    expect(page.total).toBe(30);
    expect(page.data.map((n) => n.data.n)).toEqual([29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18]);
    expect(page.data[0]).toEqual({ _id: expect.any(String), type: 'follow.created', data: { n: 29 }, read: false, createdAt: '2030-01-01T00:00:29.000Z', updatedAt: '2030-01-01T00:00:29.000Z' });

    const third = (await call('GET', '/notification?offset=24', token)).json().data;
    expect(third.data.map((n: NotificationDto) => n.data.n)).toEqual([5, 4, 3, 2, 1, 0]);
    const oldest = (await call('GET', '/notification?limit=3&sort=asc', token)).json().data;
    expect(oldest.data.map((n: NotificationDto) => n.data.n)).toEqual([0, 1, 2]);
    // The screen's current/pageSize work too.
    const second = (await call('GET', '/notification?current=2&pageSize=12', token)).json().data;
    expect(second.data.map((n: NotificationDto) => n.data.n)[0]).toBe(17);
  });

  it('shows only one’s own notifications, and none without signing in', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await seed(a.user.id, 2);
    expect((await call('GET', '/notification', b.token)).json().data).toEqual({ data: [], total: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/notification' })).statusCode).toBe(401);
    expect((await call('GET', '/notification?sortBy=userId', a.token)).statusCode).toBe(400);
  });
});

describe('reading', () => {
  it('counts unread, marks one read (twice is fine), keeps its place in the list, and never goes below 0', async () => {
    const { user, token } = await signedIn();
    const rows = await seed(user.id, 3);
    expect(await unread(token)).toBe(3);
    const target = rows[0]!;
    const read = await call('PUT', `/notification/${target.id}/read`, token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ total: 2 });
    expect((await call('PUT', `/notification/${target.id}/read`, token)).json().data).toEqual({ total: 2 });
    expect(await unread(token)).toBe(2);
    const [stored] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, target.id));
    expect(stored!.readAt).not.toBeNull();
    // Reading does not move it to the top.
    expect(stored!.updatedAt).toEqual(target.updatedAt);
    const listed = (await call('GET', '/notification', token)).json().data.data as NotificationDto[];
    expect(listed.map((n) => [n.data.n, n.read])).toEqual([
      [2, false],
      [1, false],
      [0, true],
    ]);

    expect((await call('PUT', '/notification/read-all', token)).json().data).toEqual({ total: 0 });
    expect((await call('PUT', '/notification/read-all', token)).json().data).toEqual({ total: 0 });
    expect((await call('PUT', `/notification/${rows[1]!.id}/read`, token)).json().data).toEqual({ total: 0 });
    expect(await unread(token)).toBe(0);
  });

  it('concurrent reads of the same and of different notifications end at the right count', async () => {
    const { user, token } = await signedIn();
    const rows = await seed(user.id, 6);
    const reads = [rows[0]!, rows[0]!, rows[0]!, rows[1]!, rows[1]!, rows[2]!].map((row) => call('PUT', `/notification/${row.id}/read`, token));
    const answers = await Promise.all([...reads, call('PUT', '/notification/read-all', token), call('PUT', `/notification/${rows[3]!.id}/read`, token)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    for (const res of answers) expect(res.json().data.total).toBeGreaterThanOrEqual(0);
    expect(await unread(token)).toBe(0);
    // A new one after all that counts as exactly one.
    await seed(user.id, 1, new Date('2031-01-01T00:00:00Z'));
    expect(await unread(token)).toBe(1);
  });

  it('another user’s notification, or an unknown id, is 404 notifications.not_found and stays unread', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const [row] = await seed(owner.user.id, 1);
    for (const id of [row!.id, 'ffffffffffffffffffffffff']) {
      const res = await call('PUT', `/notification/${id}/read`, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'notifications.not_found' });
    }
    // Read-all of another user touches only their own.
    await call('PUT', '/notification/read-all', other.token);
    expect(await unread(owner.token)).toBe(1);
  });
});

describe('notify', () => {
  it('stores the notification, sends it live with the actor’s name, and runs every listener (one failing does not stop it)', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const fan = await createUser(t.ctx);
    heard.length = 0;
    realtime.events.length = 0;
    const record = await probe.notifications.notify({ userId: creator.id, type: 'tip.received', data: { actorId: fan.id, amount: 12.5 } });
    expect(record).toEqual({ id: expect.any(String), userId: creator.id, type: 'tip.received', data: { actorId: fan.id, actorName: fan.name, amount: 12.5 } });
    expect(heard).toEqual([record]);
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, record!.id));
    expect(row).toMatchObject({ userId: creator.id, type: 'tip.received', data: record!.data, readAt: null });
    expect(realtime.events).toEqual([
      { userId: creator.id, event: 'send_notification', payload: { _id: record!.id, type: 'tip.received', data: record!.data, read: false, createdAt: row!.createdAt.toISOString(), updatedAt: row!.updatedAt.toISOString() } },
    ]);
  });

  it('never throws: a notification that cannot be stored answers null and runs no listener', async () => {
    heard.length = 0;
    expect(await probe.notifications.notify({ userId: 'no-such-user', type: 'follow.created', data: {} })).toBeNull();
    expect(heard).toEqual([]);
  });
});
