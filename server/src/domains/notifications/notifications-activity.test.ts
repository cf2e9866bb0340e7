/**
 * Activity notifies the creator: a follow, a subscription, a tip, a comment. Each arrives
 * over a real socket.io connection as `send_notification`, and is stored exactly once.
 */
import type { NotificationDto } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { notifications } from '../../db/schema/index.js';
import { setPrices, subscribeCall } from '../subscriptions/subscriptions-test-kit.js';
import { tip } from '../wallet/wallet-test-kit.js';
import { nextEvent, socketTo } from './notifications-test-kit.js';

let t: TestApp;
let origin: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

/** A creator listening on their own socket, and a fan with a balance. */
async function creatorAndFan() {
  const creator = await createUser(t.ctx, { role: 'performer' });
  const creatorToken = await signIn(t.app, creator.email);
  const socket = await socketTo(origin, creatorToken);
  sockets.push(socket);
  const fan = await createUser(t.ctx, { balanceCents: 100_00 });
  return { creator, creatorToken, socket, fan, fanToken: await signIn(t.app, fan.email) };
}

const storedFor = (userId: string) => t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('activity notifies the creator', () => {
  it('a follow: follow.created, once, however often the fan follows again', async () => {
    const { creator, socket, fan, fanToken } = await creatorAndFan();
    const received = nextEvent<NotificationDto>(socket, 'send_notification');
    const res = await t.app.inject({ method: 'POST', url: `/api/follows/${creator.id}`, headers: { authorization: fanToken } });
    expect(res.statusCode, res.body).toBe(200);
    const live = await received;
    expect(live).toMatchObject({ type: 'follow.created', read: false, data: { actorId: fan.id, actorName: fan.name } });

    // Following again is no new follower: nothing more. A later, different event proves the order.
    await t.app.inject({ method: 'POST', url: `/api/follows/${creator.id}`, headers: { authorization: fanToken } });
    const later = nextEvent<NotificationDto>(socket, 'send_notification');
    await t.app.inject({ method: 'POST', url: `/api/follows/${creator.username}`, headers: { authorization: await signIn(t.app, (await createUser(t.ctx)).email) } });
    expect((await later).data.actorId).not.toBe(fan.id);
    const stored = await storedFor(creator.id);
    expect(stored.filter((n) => n.data.actorId === fan.id).map((n) => n.id)).toEqual([live._id]);
  });

  it('a subscription: subscription.created with the plan and price', async () => {
    const { creator, socket, fan, fanToken } = await creatorAndFan();
    await setPrices(t.ctx, creator.id, { monthlyPriceCents: 990 });
    const received = nextEvent<NotificationDto>(socket, 'send_notification');
    const res = await subscribeCall(t.app, fanToken, { performerId: creator.id, type: 'monthly' });
    expect(res.statusCode, res.body).toBe(200);
    const live = await received;
    expect(live).toMatchObject({
      type: 'subscription.created',
      data: { actorId: fan.id, actorName: fan.name, subscriptionId: res.json().data.subscription._id, subscriptionType: 'monthly', price: 9.9 },
    });
    expect((await storedFor(creator.id)).map((n) => n.id)).toEqual([live._id]);
  });

  it('a tip: tip.received with the amount and message, once even when the request is replayed', async () => {
    const { creator, socket, fan, fanToken } = await creatorAndFan();
    const received = nextEvent<NotificationDto>(socket, 'send_notification');
    const res = await tip(t.app, fanToken, creator.id, { price: 12.5, message: 'valeu!' }, 'tip-notice-1');
    expect(res.statusCode, res.body).toBe(200);
    const live = await received;
    expect(live).toMatchObject({ type: 'tip.received', data: { actorId: fan.id, actorName: fan.name, amount: 12.5, message: 'valeu!', chargeId: res.json().data._id } });

    // The same Idempotency-Key answers the stored result and notifies no one again.
    const replay = await tip(t.app, fanToken, creator.id, { price: 12.5, message: 'valeu!' }, 'tip-notice-1');
    expect(replay.json().data._id).toBe(res.json().data._id);
    const later = nextEvent<NotificationDto>(socket, 'send_notification');
    await tip(t.app, fanToken, creator.id, { price: 10 });
    expect((await later).data.amount).toBe(10);
    expect((await storedFor(creator.id)).map((n) => n.data.amount).sort()).toEqual([10, 12.5]);
  });

  it('a comment: comment.created to the post’s creator, not for the creator’s own comments', async () => {
    const { creator, creatorToken, socket, fan, fanToken } = await creatorAndFan();
    const post = await t.app.inject({ method: 'POST', url: '/api/performer/feeds', headers: { authorization: creatorToken }, payload: { type: 'text', text: 'olá' } });
    expect(post.statusCode, post.body).toBe(200);
    const postId = post.json().data._id as string;

    let ownHeard = false;
    socket.on('send_notification', (n: NotificationDto) => {
      if (n.data.actorId === creator.id) ownHeard = true;
    });
    const own = await t.app.inject({ method: 'POST', url: '/api/comments', headers: { authorization: creatorToken }, payload: { objectId: postId, content: 'Bem-vindos' } });
    expect(own.statusCode, own.body).toBe(200);
    const received = nextEvent<NotificationDto>(socket, 'send_notification');
    const res = await t.app.inject({ method: 'POST', url: '/api/comments', headers: { authorization: fanToken }, payload: { objectId: postId, content: 'Que lindo post' } });
    expect(res.statusCode, res.body).toBe(200);
    const live = await received;
    expect(live).toMatchObject({
      type: 'comment.created',
      data: { actorId: fan.id, actorName: fan.name, commentId: res.json().data._id, objectType: 'feed', objectId: postId, parentId: null, excerpt: 'Que lindo post' },
    });
    expect(ownHeard).toBe(false);
    expect((await storedFor(creator.id)).map((n) => n.id)).toEqual([live._id]);
  });
});
