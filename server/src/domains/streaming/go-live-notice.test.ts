/** Going live tells the creator's followers and subscribers once per stream, in the site and by web push (issue 24). */
import type { NotificationDto } from '@fandeck/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, userBlocks } from '../../db/schema/index.js';
import { browserKeys, decryptPushBody, fakePushService } from '../notifications/notifications-test-kit.js';
import { call, party, subscribe, type Party } from './streaming-test-kit.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let service: Awaited<ReturnType<typeof fakePushService>>;
beforeAll(async () => {
  t = await createTestApp();
  service = await fakePushService();
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const liveNotices = async (who: Party) => {
  const res = await call(t.app, 'GET', '/api/notification?limit=50', who.token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as NotificationDto[]).filter((n) => n.type === 'stream.live');
};

describe('going live', () => {
  it('notifies followers and subscribers once each, pushes to their browsers, and skips the creator, blocked and unrelated fans', async () => {
    const creator = await party(t, 'performer');
    const [follower, subscriber, both, blocked, stranger] = await Promise.all([party(t), party(t), party(t), party(t), party(t)]);
    await t.ctx.db.insert(follows).values([follower, both, blocked].map((fan) => ({ followerId: fan.id, performerId: creator.id })));
    await subscribe(t.ctx, subscriber.id, creator.id);
    await subscribe(t.ctx, both.id, creator.id);
    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: blocked.id });
    const keys = browserKeys();
    const endpoint = service.endpoint(`live-${follower.id}`);
    const subscribed = await call(t.app, 'POST', '/api/notification/push/subscriptions', follower.token, { endpoint, keys: keys.json });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const pushed = service.next();

    const live = await call(t.app, 'POST', '/api/streaming/live', creator.token, { title: 'Ensaio' });
    expect(live.statusCode, live.body).toBe(200);
    const streamId = live.json().data._id as string;

    for (const fan of [follower, subscriber, both]) {
      await expect.poll(() => liveNotices(fan).then((list) => list.length), { timeout: 5000 }).toBe(1);
      const [notice] = await liveNotices(fan);
      expect(notice!.data).toMatchObject({ performerId: creator.id, performerUsername: creator.username, streamId, title: 'Ensaio' });
      expect(typeof notice!.data.actorName).toBe('string');
    }
    const request = await pushed;
    expect(request.path).toBe(new URL(endpoint).pathname);
    expect(JSON.parse(decryptPushBody(request.body, keys))).toMatchObject({ type: 'stream.live', data: { streamId, performerUsername: creator.username } });
    for (const fan of [blocked, stranger, creator]) expect(await liveNotices(fan)).toEqual([]);
  });

  it('going live again with the same stream (a reload, a reconnect) tells no one; a new stream after the end tells them again', async () => {
    const creator = await party(t, 'performer');
    const fan = await party(t);
    await t.ctx.db.insert(follows).values({ followerId: fan.id, performerId: creator.id });
    const first = await call(t.app, 'POST', '/api/streaming/live', creator.token, {});
    await expect.poll(() => liveNotices(fan).then((list) => list.length), { timeout: 5000 }).toBe(1);
    // Concurrent and repeated calls answer the same stream.
    const again = await Promise.all([1, 2, 3].map(() => call(t.app, 'POST', '/api/streaming/live', creator.token, { title: 'De novo' })));
    for (const res of again) expect(res.json().data._id).toBe(first.json().data._id);
    // End it and go live anew: a new stream.
    expect((await call(t.app, 'PUT', `/api/streaming/live/${first.json().data._id}`, creator.token, {})).statusCode).toBe(200);
    const second = await call(t.app, 'POST', '/api/streaming/live', creator.token, {});
    expect(second.json().data._id).not.toBe(first.json().data._id);
    await expect.poll(() => liveNotices(fan).then((list) => list.length), { timeout: 5000 }).toBe(2);
    const streams = (await liveNotices(fan)).map((n) => n.data.streamId);
    expect(streams.filter((id) => id === first.json().data._id)).toHaveLength(1);
    expect(streams.filter((id) => id === second.json().data._id)).toHaveLength(1);
  });

  it('a subscribers-only stream tells its subscribers, not followers who could not watch it', async () => {
    const creator = await party(t, 'performer');
    const [follower, subscriber] = await Promise.all([party(t), party(t)]);
    await t.ctx.db.insert(follows).values({ followerId: follower.id, performerId: creator.id });
    await subscribe(t.ctx, subscriber.id, creator.id);
    expect((await call(t.app, 'POST', '/api/streaming/live', creator.token, { subscribersOnly: true })).statusCode).toBe(200);
    await expect.poll(() => liveNotices(subscriber).then((list) => list.length), { timeout: 5000 }).toBe(1);
    expect(await liveNotices(follower)).toEqual([]);
  });
});
