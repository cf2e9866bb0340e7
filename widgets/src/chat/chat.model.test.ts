import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disposeModel } from '../session/feature.js';
import type { OwnedSession } from '../session/session.js';
import { demoFan, ok, type FakeTransport } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import { ChatModel } from './chat.model.js';
import { conversationDto, messageDto, messageRange } from './testing/chat-fixtures.js';
import { serveChat, type FakeChatServer } from './testing/chat-server.js';

let transport: FakeTransport;
let session: OwnedSession;
let server: FakeChatServer;
let model: ChatModel;

const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 10 });
const ids = (conversationId = 'conv-1') => model.items(conversationId).value.map((item) => (item.kind === 'stored' ? item.message._id : `outbox:${item.entry.clientId}`));
const stored = (id: string) => model.thread('conv-1').state.value.messages.find((message) => message._id === id);
const channel = () => transport.channel!;

beforeEach(async () => {
  localStorage.clear();
  ({ transport, session } = await signedInFan(50));
  server = serveChat(transport, demoFan._id, ['conv-1', 'conv-2']);
  channel().setStatus('connected');
  model = new ChatModel(session, { retryDelay: () => 0 });
});

afterEach(() => {
  disposeModel(model);
  session.dispose();
});

describe('chat model: threads', () => {
  it('pages history 25 at a time, oldest first, and shows each message once whichever way it came', async () => {
    messageRange(1, 60).forEach((message) => server.add(message));
    model.watch('conv-1');
    await waitFor(() => expect(model.thread('conv-1').state.value.status).toBe('ready'));
    expect(ids()).toEqual(messageRange(36, 60).map((message) => message._id));
    expect(model.thread('conv-1').state.value.hasOlder).toBe(true);

    await model.thread('conv-1').loadOlder();
    await model.thread('conv-1').loadOlder();
    expect(server.queries('conv-1')).toEqual([{ limit: 25 }, { beforeSeq: 36, limit: 25 }, { beforeSeq: 11, limit: 25 }]);
    expect(ids()).toEqual(messageRange(1, 60).map((message) => message._id));
    expect(model.thread('conv-1').state.value.hasOlder).toBe(false);

    // The same message again (a socket replay, a catch-up overlap) and a newer one.
    channel().serverEmit('message_created', messageDto(60));
    channel().serverEmit('message_created', messageDto(61));
    expect(ids()).toHaveLength(61);
    expect(ids().at(-1)).toBe('msg-61');
    expect(model.lastSeq('conv-1')).toBe(61);
  });

  it('reads what was missed after a reconnect (sinceSeq = the last seq held) and refreshes the list', async () => {
    messageRange(1, 5).forEach((message) => server.add(message));
    await model.loadConversations();
    model.watch('conv-1');
    await waitFor(() => expect(ids()).toHaveLength(5));
    const listLoads = () => transport.calls.filter((call) => call.path === '/conversations').length;
    expect(listLoads()).toBe(1);

    channel().setStatus('reconnecting');
    // Sent while the socket was down: nobody told this page.
    messageRange(6, 32).forEach((message) => server.add(message));
    server.conversations = [conversationDto({ lastMessage: 'Mensagem 32', totalNotSeenMessages: 0 })];
    channel().setStatus('connected');

    await waitFor(() => expect(ids()).toHaveLength(32));
    expect(ids()).toEqual(messageRange(1, 32).map((message) => message._id));
    expect(server.queries('conv-1').slice(1)).toEqual([
      { sinceSeq: 5, limit: 25 },
      { sinceSeq: 30, limit: 25 },
    ]);
    await waitFor(() => expect(listLoads()).toBe(2));
    await waitFor(() => expect(model.conversations.value).toMatchObject({ status: 'ready', items: [{ lastMessage: 'Mensagem 32' }] }));
  });

  it('keeps badges and the total unread from live messages and read receipts; a shown thread is read at once', async () => {
    server.conversations = [conversationDto({ _id: 'conv-2', totalNotSeenMessages: 2, recipientInfo: { _id: 'creator-2', name: 'Bia', username: 'bia', avatar: '' } }), conversationDto()];
    server.totalUnread = 2;
    await model.loadConversations();
    expect(model.totalUnread.value).toBe(2);

    channel().serverEmit('message_created', messageDto(1, { text: 'Novidade!' }));
    const state = model.conversations.value;
    expect(state.status === 'ready' && state.items.map((item) => [item._id, item.totalNotSeenMessages, item.lastMessage])).toEqual([
      ['conv-1', 1, 'Novidade!'],
      ['conv-2', 2, 'Oi!'],
    ]);
    expect(model.totalUnread.value).toBe(3);

    channel().serverEmit('nofify_read_messages_in_conversation', { total: 1, conversationId: 'conv-2' });
    expect(model.conversation('conv-2')?.totalNotSeenMessages).toBe(0);
    expect(model.totalUnread.value).toBe(1);

    // Opened on a visible page: read at once, and what arrives while shown is read too.
    expect(document.visibilityState).toBe('visible');
    model.watch('conv-1');
    expect(model.conversation('conv-1')?.totalNotSeenMessages).toBe(0);
    expect(model.totalUnread.value).toBe(0);
    channel().serverEmit('message_created', messageDto(2));
    expect(model.totalUnread.value).toBe(0);
    const reads = transport.calls.filter((call) => call.path === '/messages/read-all/conv-1');
    expect(reads).toHaveLength(2);
  });

  it('lowers the total by the badge when a read receipt comes without it (a third-party page: the bridge leaves it out)', async () => {
    server.conversations = [conversationDto({ _id: 'conv-2', totalNotSeenMessages: 2 }), conversationDto({ totalNotSeenMessages: 3 })];
    server.totalUnread = 5;
    await model.loadConversations();
    channel().serverEmit('nofify_read_messages_in_conversation', { conversationId: 'conv-2' });
    expect(model.conversation('conv-2')?.totalNotSeenMessages).toBe(0);
    expect(model.totalUnread.value).toBe(3);
  });

  it('shows a deleted message as deleted (no text, no files) and never brings it back', async () => {
    server.add(messageDto(1));
    server.add(messageDto(2, { senderId: demoFan._id }));
    transport.respond('DELETE', '/messages/msg-2', ok({ success: true }));
    model.watch('conv-1');
    await waitFor(() => expect(ids()).toHaveLength(2));

    channel().serverEmit('message_deleted', { _id: 'msg-1', conversationId: 'conv-1', text: 'Message deleted!', isDeleted: true });
    expect(stored('msg-1')).toMatchObject({ isDeleted: true, text: '' });
    channel().serverEmit('message_created', messageDto(1));
    expect(stored('msg-1')).toMatchObject({ isDeleted: true, text: '' });

    expect((await model.remove('msg-1')).ok).toBe(false);
    expect((await model.remove('msg-2')).ok).toBe(true);
    expect(stored('msg-2')).toMatchObject({ isDeleted: true, text: '' });
    expect(transport.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/messages/msg-2']);
  });

  it('unlocks a paid message through the pay action, then reads it again so its files open', async () => {
    const locked = { price: 5, isLocked: true, type: 'photo' as const, files: [{ _id: 'f1', type: 'photo' as const, url: null, thumbnailUrl: 'http://platform.test/blur.jpg', placeholder: null, width: 10, height: 10, status: null, durationSeconds: null }] };
    server.add(messageDto(1));
    server.add(messageDto(2, locked));
    server.add(messageDto(3, locked));
    transport.respondPay('charge:message', (request) => {
      // The purchase opens the message for this fan: its file is a signed link now.
      const id = request.params.id!;
      const list = server.stored.get('conv-1')!;
      server.stored.set('conv-1', list.map((message) => (message._id === id ? { ...message, isLocked: false, isBought: true, files: [{ ...message.files[0]!, url: `http://platform.test/files/${id}.jpg` }] } : message)));
      return ok({ _id: 'charge-1', status: 'success' });
    });
    model.watch('conv-1');
    await waitFor(() => expect(ids()).toHaveLength(3));

    expect(await model.unlock('msg-2')).toBe(true);
    expect(transport.payCalls.map((call) => [call.request.action, call.request.params, call.request.body, call.confirmed])).toEqual([['charge:message', { id: 'msg-2' }, {}, true]]);
    expect(stored('msg-2')).toMatchObject({ isLocked: false, files: [{ url: 'http://platform.test/files/msg-2.jpg' }] });
    expect(server.queries('conv-1').at(-1)).toEqual({ sinceSeq: 1, limit: 1 });
    expect(model.unlocks.value.size).toBe(0);

    // Opened by the reader once, told to the server once.
    transport.respond('POST', '/messages/msg-2/opened', ok({ success: true }));
    model.markOpened(stored('msg-2')!);
    model.markOpened(stored('msg-2')!);
    expect(transport.calls.filter((call) => call.path === '/messages/msg-2/opened')).toHaveLength(1);
    expect(stored('msg-2')?.opened).toBe(true);

    // Bought elsewhere (another tab): the purchase event reads it again.
    await transport.pay({ action: 'charge:message', params: { id: 'msg-3' }, body: {}, idempotencyKey: 'other-tab' });
    channel().serverEmit('token_transaction_success', { _id: 'charge-2', target: 'message', targetId: 'msg-3', performerId: 'creator-1', price: 5, status: 'success' });
    await waitFor(() => expect(stored('msg-3')).toMatchObject({ isLocked: false, files: [{ url: 'http://platform.test/files/msg-3.jpg' }] }));
  });

  it('a declined confirm charges nothing and leaves the message locked', async () => {
    server.add(messageDto(1, { price: 5, isLocked: true }));
    transport.confirmPay = () => false;
    model.watch('conv-1');
    await waitFor(() => expect(ids()).toHaveLength(1));
    expect(await model.unlock('msg-1')).toBe(false);
    expect(model.unlocks.value.get('msg-1')).toEqual({ step: 'declined' });
    expect(stored('msg-1')?.isLocked).toBe(true);
  });

  it('opens the conversation with a creator by username, and one by id', async () => {
    transport.respond('POST', '/conversations', ok(conversationDto({ _id: 'conv-2' })));
    transport.respond('GET', '/conversations/conv-9', ok(conversationDto({ _id: 'conv-9' })));
    const opened = await model.openWithCreator('ana.lima');
    expect(opened.ok && opened.value._id).toBe('conv-2');
    expect(transport.calls.find((call) => call.method === 'POST' && call.path === '/conversations')?.options.body).toEqual({ source: 'performer', sourceId: 'ana.lima' });
    expect(model.conversation('conv-2')?._id).toBe('conv-2');
    const byId = await model.openById('conv-9');
    expect(byId.ok && byId.value._id).toBe('conv-9');
  });
});
