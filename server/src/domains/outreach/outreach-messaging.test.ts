/** A mass message end to end through the app's own messaging routes: what fans receive, open and what the creator then reads. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { call, followAll, signedIn, subscribeAll, uploadPhotoTo } from './outreach-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a mass message through the messaging domain', () => {
  it('arrives as a paid, locked message in each subscriber’s conversation with the creator; opening it counts', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const [ana, bia, follower] = [await signedIn(t), await signedIn(t), await signedIn(t)];
    await subscribeAll(t.ctx, creator.user.id, [ana.user.id, bia.user.id]);
    await followAll(t.ctx, creator.user.id, [follower.user.id]);
    const photo = (await uploadPhotoTo(t.app, '/mass-message/file/photo', creator.token)).json().data._id as string;

    const created = await call(t.app, 'POST', '/mass-message', creator.token, { text: 'Ensaio novo', price: 15, fileIds: [photo], audience: { kind: 'subscribers' } });
    expect(created.statusCode, created.body).toBe(200);
    const massId = created.json().data._id as string;
    await t.ctx.jobs.drain();

    for (const fan of [ana, bia]) {
      const conversations = (await call(t.app, 'GET', '/conversations', fan.token)).json().data;
      expect(conversations.total).toBe(1);
      const conversation = conversations.data[0];
      expect(conversation).toMatchObject({ lastMessage: 'Ensaio novo', lastSenderId: creator.user.id, totalNotSeenMessages: 1 });
      const page = (await call(t.app, 'GET', `/messages/conversations/${conversation._id}`, fan.token)).json().data;
      expect(page.data).toHaveLength(1);
      expect(page.data[0]).toMatchObject({ text: 'Ensaio novo', price: 15, isLocked: true, massId, senderId: creator.user.id, opened: false });
    }
    expect((await call(t.app, 'GET', '/conversations', follower.token)).json().data.total).toBe(0);

    const anaConversation = (await call(t.app, 'GET', '/conversations', ana.token)).json().data.data[0];
    const anaCopy = (await call(t.app, 'GET', `/messages/conversations/${anaConversation._id}`, ana.token)).json().data.data[0];
    expect((await call(t.app, 'POST', `/messages/${anaCopy._id}/opened`, ana.token)).statusCode).toBe(200);

    const opened = (await call(t.app, 'GET', `/mass-message/${massId}/opened`, creator.token)).json().data;
    expect(opened).toMatchObject({ openedCount: 1, recipientsCount: 2, total: 1, data: [{ _id: ana.user.id }] });
    expect((await call(t.app, 'GET', `/mass-message/${massId}`, creator.token)).json().data).toMatchObject({ status: 'sent', openedCount: 1, recipientsCount: 2 });
  });
});
