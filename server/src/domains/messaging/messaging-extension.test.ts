import type { MessageDto } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { conversations, messages, userBlocks } from '../../db/schema/index.js';
import type { NotificationRecord } from '../notifications/notifications.extension.js';
import { defineDomain } from '../plugin.js';
import type { MessagingExtension } from './messaging.extension.js';
import { messagingKit, socketKit } from './messaging-test-kit.js';

// A test-only domain that builds on messaging the way mass and automatic messages do.
let messaging: MessagingExtension;
const notified: NotificationRecord[] = [];
const waiting: ((record: NotificationRecord) => void)[] = [];
const probe = defineDomain({
  name: 'messaging-probe',
  dependsOn: ['messaging', 'notifications'],
  register(_api, _ctx, deps) {
    messaging = deps.get('messaging');
    deps.get('notifications').onNotify((record) => {
      notified.push(record);
      for (const resolve of waiting.splice(0)) resolve(record);
    });
  },
});
const nextNotification = () => new Promise<NotificationRecord>((resolve) => waiting.push(resolve));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { extraDomains: [probe] });
});
afterAll(() => t.close());
const { call, account, open, send, uploadPhoto } = messagingKit(() => t);
const { socketTo, nextEvent, closeAll } = socketKit();
afterAll(closeAll);

describe('sendDirect', () => {
  it('opens the pair’s conversation if needed, stores once per clientId, and sends it live like the route', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const fanSocket = await socketTo(t.app, fan.token);
    const live = nextEvent<MessageDto>(fanSocket, 'message_created');
    // A creator's private media of another kind (here a post's photo) may go in a mass message.
    const photo = await uploadPhoto(creator, '/performer/feeds/photo/upload');
    const input = { senderId: creator.id, recipientId: fan.id, clientId: 'mass-m1-fan', text: 'to all my fans', priceCents: 500, fileIds: [photo], massId: 'm1' };
    const first = await messaging.sendDirect(input);
    if (!('message' in first)) throw new Error('skipped');
    expect(first.created).toBe(true);
    expect(first.message).toMatchObject({ massId: 'm1', price: 5, isLocked: false, senderId: creator.id });
    expect(await live).toMatchObject({ _id: first.message._id, isLocked: true });
    const again = await messaging.sendDirect(input);
    expect(again).toMatchObject({ created: false, message: { _id: first.message._id } });
    expect(await t.ctx.db.select().from(messages).where(eq(messages.massId, 'm1'))).toHaveLength(1);
    // The route then finds the same conversation.
    expect((await open(fan, creator))._id).toBe(first.message.conversationId);
    expect((await call('GET', '/messages/total-unread-messages', fan.token)).json().data).toEqual({ total: 1 });
  });

  it('skips a recipient blocked either way', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: fan.id });
    expect(await messaging.sendDirect({ senderId: creator.id, recipientId: fan.id, clientId: 'auto-1', text: 'hi', priceCents: 0, fileIds: [] })).toEqual({ skipped: 'blocked' });
    expect(await t.ctx.db.select().from(conversations).where(eq(conversations.performerId, creator.id))).toHaveLength(0);
  });
});

describe('notifications', () => {
  it('the recipient of a new message is notified once, after it is stored', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const { _id: id } = await open(fan, creator);
    const coming = nextNotification();
    const sent = await send(fan, id, { clientId: 'notify-1', text: 'ping' });
    const record = await coming;
    expect(record).toMatchObject({ userId: creator.id, type: 'message.received', data: { actorId: fan.id, conversationId: id, messageId: sent._id } });
    expect(typeof record.data.actorName).toBe('string');
    // A resend notifies nobody: the next notification is the next message's.
    await call('POST', `/messages/conversations/${id}`, fan.token, { clientId: 'notify-1', text: 'ping' });
    const next = nextNotification();
    const second = await send(fan, id, { clientId: 'notify-2', text: 'pong' });
    expect((await next).data.messageId).toBe(second._id);
    expect(notified.filter((n) => n.data.messageId === sent._id)).toHaveLength(1);
  });
});
