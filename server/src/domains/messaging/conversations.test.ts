import type { ConversationDto } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { conversationMembers, conversations, messages, userBlocks } from '../../db/schema/index.js';
import { messagingKit } from './messaging-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, account, open, send, expectError } = messagingKit(() => t);

describe('opening a conversation', () => {
  it('opens one private conversation per pair, found again by either side, by id or username, even when opened at once', async () => {
    const creator = await account({ role: 'performer', username: 'chatcreator1' });
    const fan = await account();
    const opens = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/conversations', fan.token, { source: 'performer', sourceId: 'ChatCreator1' })));
    for (const res of opens) expect(res.statusCode, res.body).toBe(200);
    const ids = new Set(opens.map((res) => (res.json().data as ConversationDto)._id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const back = await open(creator, fan, 'user');
    expect(back._id).toBe(id);
    expect(back).toMatchObject({ type: 'private', performerId: creator.id, totalNotSeenMessages: 0, isBlocked: false, lastMessage: '' });
    expect(back.recipientInfo).toMatchObject({ _id: fan.id });
    expect(await t.ctx.db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, id!))).toHaveLength(2);
    const [row] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, id!));
    expect(row!.pairKey).toBe([creator.id, fan.id].sort().join(':'));
  });

  it('refuses yourself, an unknown account, and the wrong kind of account', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    expectError(await call('POST', '/conversations', creator.token, { source: 'performer', sourceId: creator.id }), 422, 'conversations.self');
    expectError(await call('POST', '/conversations', fan.token, { source: 'performer', sourceId: 'nobody-here' }), 404, 'conversations.recipient_not_found');
    expectError(await call('POST', '/conversations', fan.token, { source: 'user', sourceId: creator.id }), 404, 'conversations.recipient_not_found');
    expect((await call('POST', '/conversations', fan.token, { source: 'performer' })).statusCode).toBe(400);
    expect((await call('POST', '/conversations', null, { source: 'performer', sourceId: creator.id })).statusCode).toBe(401);
  });

  it('a fan the creator blocked can neither open a conversation nor write in the one they had', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const conversation = await open(fan, creator);
    await send(fan, conversation._id, { text: 'before the block' });
    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: fan.id });
    expectError(await call('POST', '/conversations', fan.token, { source: 'performer', sourceId: creator.id }), 403, 'conversations.blocked');
    expectError(await call('POST', `/messages/conversations/${conversation._id}`, fan.token, { clientId: 'after', text: 'hello?' }), 403, 'conversations.blocked');
    const seen = (await call('GET', `/conversations/${conversation._id}`, fan.token)).json().data as ConversationDto;
    expect(seen.isBlocked).toBe(true);
    const listed = (await call('GET', '/conversations', fan.token)).json().data;
    expect(listed.data[0]).toMatchObject({ _id: conversation._id, isBlocked: true });
    expect(await t.ctx.db.select().from(messages).where(eq(messages.conversationId, conversation._id))).toHaveLength(1);
    // The creator still may write to the fan.
    await send(creator, conversation._id, { text: 'from the creator' });
  });
});

describe('only participants', () => {
  it('read, write, read-all, open messages or buy in a private conversation', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const stranger = await account();
    const conversation = await open(fan, creator);
    const message = await send(creator, conversation._id, { text: 'just for you' });
    const id = conversation._id;
    for (const [method, url, body] of [
      ['GET', `/conversations/${id}`, undefined],
      ['GET', `/messages/conversations/${id}`, undefined],
      ['POST', `/messages/conversations/${id}`, { clientId: 'intruder', text: 'hi' }],
      ['POST', `/messages/read-all/${id}`, undefined],
      ['POST', `/messages/${message._id}/opened`, undefined],
    ] as const) {
      expectError(await call(method, url, stranger.token, body), 403, 'conversations.not_participant');
    }
    // The public read is for stream chats only.
    expectError(await call('GET', `/messages/conversations/public/${id}`, stranger.token), 404, 'conversations.not_found');
    expectError(await call('DELETE', `/messages/${message._id}`, stranger.token), 403, 'messages.not_sender');
    expect((await call('GET', '/conversations', stranger.token)).json().data).toEqual({ data: [], total: 0 });
    expectError(await call('GET', '/conversations/0123456789abcdef01234567', fan.token), 404, 'conversations.not_found');
    expect(await t.ctx.db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(1);
  });

  it('lists the viewer’s conversations, newest first, with the other side, unread counts and a name search', async () => {
    const fan = await account();
    const first = await account({ role: 'performer', username: 'aurora' });
    const second = await account({ role: 'performer', username: 'bento' });
    const a = await open(fan, first);
    const b = await open(fan, second);
    await send(first, a._id);
    await send(first, a._id);
    await send(second, b._id);
    const listed = (await call('GET', '/conversations?limit=10', fan.token)).json().data as { data: ConversationDto[]; total: number };
    expect(listed.total).toBe(2);
    expect(listed.data.map((c) => [c._id, c.totalNotSeenMessages, c.recipientInfo?._id])).toEqual([
      [b._id, 1, second.id],
      [a._id, 2, first.id],
    ]);
    expect(listed.data[0]!.lastSenderId).toBe(second.id);
    const found = (await call('GET', '/conversations/search?q=auro', fan.token)).json().data as { data: ConversationDto[]; total: number };
    expect(found.data.map((c) => c._id)).toEqual([a._id]);
    expect(found.total).toBe(1);
  });
});

describe('stream chats', () => {
  it('one per creator, created on first ask, readable by anyone and written by anyone signed in', async () => {
    const creator = await account({ role: 'performer', username: 'streamer1' });
    const fan = await account();
    const asked = await Promise.all([call('GET', `/conversations/stream/performer/${creator.id}`, null), call('GET', '/conversations/stream/performer/streamer1', fan.token)]);
    const ids = asked.map((res) => (res.json().data as ConversationDto)._id);
    expect(ids[0]).toBe(ids[1]);
    const stream = asked[0]!.json().data as ConversationDto;
    expect(stream).toMatchObject({ type: 'stream', performerId: creator.id, recipientInfo: null });
    expect((await call('GET', `/conversations/stream/${stream._id}`, null)).json().data._id).toBe(stream._id);
    expectError(await call('GET', `/conversations/stream/performer/${fan.id}`, null), 404, 'performers.not_found');

    const sent = await call('POST', `/messages/stream/${stream._id}`, fan.token, { clientId: 's1', text: 'hello stream' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await call('POST', `/messages/stream/public/conversations/${stream._id}`, creator.token, { clientId: 's2', text: 'welcome' })).statusCode).toBe(200);
    expectError(await call('POST', `/messages/stream/${stream._id}`, creator.token, { clientId: 's3', text: 'paid?', price: 5, fileIds: ['x'] }), 422, 'messages.price_not_allowed');
    for (const url of [`/messages/stream/${stream._id}`, `/messages/conversations/public/${stream._id}`]) {
      const page = (await call('GET', url, null)).json().data;
      expect(page.data.map((m: { text: string }) => m.text)).toEqual(['hello stream', 'welcome']);
    }
    // No unread counts in a stream chat.
    expect((await call('GET', '/messages/total-unread-messages', creator.token)).json().data).toEqual({ total: 0 });

    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: fan.id });
    expectError(await call('POST', `/messages/stream/${stream._id}`, fan.token, { clientId: 's4', text: 'again' }), 403, 'conversations.blocked');
  });

  it('only its creator updates or clears it', async () => {
    const creator = await account({ role: 'performer' });
    const other = await account({ role: 'performer' });
    const fan = await account();
    const stream = (await call('GET', `/conversations/stream/performer/${creator.id}`, fan.token)).json().data as ConversationDto;
    await call('POST', `/messages/stream/${stream._id}`, fan.token, { clientId: 'x1', text: 'one' });
    await call('POST', `/messages/stream/${stream._id}`, fan.token, { clientId: 'x2', text: 'two' });
    expectError(await call('PUT', `/conversations/stream/${stream._id}/update`, other.token, {}), 403, 'conversations.not_participant');
    expectError(await call('PUT', `/conversations/stream/${stream._id}/update`, fan.token, {}), 403, 'auth.role_forbidden');
    const updated = await call('PUT', `/conversations/stream/${stream._id}/update`, creator.token, { streamId: 'stream-7' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await t.ctx.db.select().from(conversations).where(eq(conversations.id, stream._id)))[0]!.streamId).toBe('stream-7');
    expectError(await call('DELETE', `/messages/stream/${stream._id}/remove-all-message`, other.token), 403, 'conversations.not_participant');
    const cleared = await call('DELETE', `/messages/stream/${stream._id}/remove-all-message`, creator.token);
    expect(cleared.json().data).toEqual({ success: true, deleted: 2 });
    const page = (await call('GET', `/messages/stream/${stream._id}`, null)).json().data;
    expect(page.data.map((m: { isDeleted: boolean; text: string }) => [m.isDeleted, m.text])).toEqual([
      [true, 'Message deleted!'],
      [true, 'Message deleted!'],
    ]);
  });
});
