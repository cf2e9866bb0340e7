import type { ConversationDto, MessageDeletedEvent, MessageDto } from '@fandeck/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { messagingKit, socketKit } from './messaging-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, account, open, send } = messagingKit(() => t);
const { socketTo, nextEvent, closeAll } = socketKit();
afterEach(closeAll);

describe('live events', () => {
  it('a sent message reaches both participants’ sockets, and no one else', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const stranger = await account();
    const { _id: id } = await open(fan, creator);
    const [creatorSocket, fanSocket, strangerSocket] = await Promise.all([socketTo(t.app, creator.token), socketTo(t.app, fan.token), socketTo(t.app, stranger.token)]);
    const strangerSaw: string[] = [];
    strangerSocket.on('message_created', (message: MessageDto) => strangerSaw.push(message.conversationId));
    const toCreator = nextEvent<MessageDto>(creatorSocket, 'message_created');
    const toFan = nextEvent<MessageDto>(fanSocket, 'message_created');
    const sent = await send(fan, id, { clientId: 'live-1', text: 'hi, live' });
    const [received, echoed] = await Promise.all([toCreator, toFan]);
    expect(received).toMatchObject({ _id: sent._id, seq: sent.seq, clientId: 'live-1', text: 'hi, live', senderId: fan.id, conversationId: id });
    expect(echoed._id).toBe(sent._id);
    // A resend acks again but sends nothing new: the next event the creator gets is the next message.
    await call('POST', `/messages/conversations/${id}`, fan.token, { clientId: 'live-1', text: 'hi, live' });
    const next = nextEvent<MessageDto>(creatorSocket, 'message_created');
    const second = await send(fan, id, { clientId: 'live-2', text: 'second' });
    expect((await next)._id).toBe(second._id);
    // The stranger's socket got a later event of its own, so had one leaked it would have come first.
    const own = nextEvent(strangerSocket, 'message_created');
    const elsewhere = await open(stranger, creator);
    await send(creator, elsewhere._id, { text: 'to the stranger' });
    await own;
    expect(strangerSaw).toEqual([elsewhere._id]);
  });

  it('only members join a private conversation’s room; anyone joins a stream chat’s', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const stranger = await account();
    const { _id: id } = await open(fan, creator);
    const [fanSocket, strangerSocket, anonymous] = await Promise.all([socketTo(t.app, fan.token), socketTo(t.app, stranger.token), socketTo(t.app)]);
    expect(await strangerSocket.emitWithAck('joinRoom', `conversation:${id}`)).toEqual({ ok: false });
    expect(await anonymous.emitWithAck('joinRoom', `conversation:${id}`)).toEqual({ ok: false });
    expect(await fanSocket.emitWithAck('joinRoom', `conversation:${id}`)).toEqual({ ok: true });
    expect(await fanSocket.emitWithAck('joinRoom', 'conversation:not-an-id')).toEqual({ ok: false });
    const inRoom = nextEvent<MessageDto>(fanSocket, `message_created_conversation_${id}`);
    const sent = await send(creator, id, { text: 'room message' });
    expect(await inRoom).toMatchObject({ _id: sent._id, text: 'room message' });

    const stream = (await call('GET', `/conversations/stream/performer/${creator.id}`, null)).json().data as ConversationDto;
    expect(await anonymous.emitWithAck('joinRoom', `conversation:${stream._id}`)).toEqual({ ok: true });
    const streamed = nextEvent<MessageDto>(anonymous, `message_created_conversation_${stream._id}`);
    const res = await call('POST', `/messages/stream/${stream._id}`, fan.token, { clientId: 'st-1', text: 'from the crowd' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await streamed).toMatchObject({ text: 'from the crowd', senderId: fan.id, senderInfo: { _id: fan.id } });

    const cleared = nextEvent<{ conversationId: string }>(anonymous, `clear_all_messages_${stream._id}`);
    expect((await call('DELETE', `/messages/stream/${stream._id}/remove-all-message`, creator.token)).statusCode).toBe(200);
    expect(await cleared).toEqual({ conversationId: stream._id });
  });

  it('a deletion reaches both participants and the room; a read-all tells the reader the unread left', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const other = await account({ role: 'performer' });
    const { _id: id } = await open(fan, creator);
    const withOther = await open(fan, other);
    await send(other, withOther._id);
    const message = await send(creator, id, { text: 'oops' });
    await send(creator, id, { text: 'still here' });
    const [creatorSocket, fanSocket] = await Promise.all([socketTo(t.app, creator.token), socketTo(t.app, fan.token)]);
    expect(await fanSocket.emitWithAck('joinRoom', `conversation:${id}`)).toEqual({ ok: true });
    const expected: MessageDeletedEvent = { _id: message._id, conversationId: id, text: 'Message deleted!', isDeleted: true };
    const events = Promise.all([
      nextEvent(creatorSocket, 'message_deleted'),
      nextEvent(fanSocket, 'message_deleted'),
      nextEvent(fanSocket, `message_deleted_conversation_${id}`),
    ]);
    expect((await call('DELETE', `/messages/${message._id}`, creator.token)).statusCode).toBe(200);
    expect(await events).toEqual([expected, expected, expected]);

    const read = nextEvent(fanSocket, 'nofify_read_messages_in_conversation');
    expect((await call('POST', `/messages/read-all/${id}`, fan.token)).json().data).toEqual({ total: 1 });
    expect(await read).toEqual({ total: 1, conversationId: id });
  });
});
