/** `stream-chat/send`: a stream chat message over the signed-in socket, acked once stored. */
import type { AddressInfo } from 'node:net';
import { MESSAGE_TEXT_MAX, type ConversationDto, type MessageDto, type StreamChatSendAnswer } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { messages, users, userBlocks } from '../../db/schema/index.js';
import { messagingKit, socketKit, type Account } from './messaging-test-kit.js';
import { AUTHOR_FRESH_MS } from './stream-chat-socket.js';

let t: TestApp;
/** The app's clock runs this far ahead of the wall clock. */
let skew = 0;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + skew) });
});
afterAll(() => t.close());
const { call, account, open } = messagingKit(() => t);
const { socketTo, closeAll } = socketKit();
const extra: Socket[] = [];
afterEach(() => {
  closeAll();
  for (const socket of extra.splice(0)) socket.disconnect();
});

const SEND = 'stream-chat/send';
const ask = (socket: Socket, payload: unknown) => socket.emitWithAck(SEND, payload) as Promise<StreamChatSendAnswer>;
const streamOf = async (creator: Account) => ((await call('GET', `/conversations/stream/performer/${creator.id}`, null)).json().data as ConversationDto)._id;

/** A socket on the `/api` namespace, as existing clients connect (token in the query). */
async function apiSocketTo(token: string): Promise<Socket> {
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const socket = connect(`${origin}/api`, { path: '/socket.io', transports: ['websocket'], query: { token }, reconnection: false, forceNew: true });
  extra.push(socket);
  await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
  return socket;
}

/** Every `message_created_conversation_{id}` the socket hears, in order. */
function hear(socket: Socket, conversationId: string): MessageDto[] {
  const heard: MessageDto[] = [];
  socket.on(`message_created_conversation_${conversationId}`, (message: MessageDto) => heard.push(message));
  return heard;
}

describe('stream chat over the socket', () => {
  it('stores each message once, acks it after it is stored, and each listener hears each once, in seq order', async () => {
    const creator = await account({ role: 'performer' });
    const fans = await Promise.all([account(), account(), account()]);
    const id = await streamOf(creator);
    const senders = await Promise.all(fans.map((fan) => socketTo(t.app, fan.token)));
    const ours = await socketTo(t.app);
    const theirs = await apiSocketTo(fans[0]!.token);
    for (const listener of [ours, theirs]) expect(await listener.emitWithAck('joinRoom', `conversation:${id}`)).toEqual({ ok: true });
    const [heardOurs, heardTheirs] = [hear(ours, id), hear(theirs, id)];

    const sends = senders.flatMap((socket, f) => Array.from({ length: 5 }, (_, i) => ({ socket, clientId: `sock-${f}-${i}`, text: `  fan ${f} says ${i}  ` })));
    const [answers, resent] = await Promise.all([
      Promise.all(sends.map((s) => ask(s.socket, { conversationId: id, clientId: s.clientId, text: s.text }))),
      // The same send twice more at once with the rest: acked each time, stored once.
      Promise.all([0, 1].map(() => ask(senders[0]!, { conversationId: id, clientId: 'sock-0-0', text: 'fan 0 says 0' }))),
    ]);
    const acked = answers.map((answer) => {
      if (!answer.ok) throw new Error(`refused: ${answer.code}`);
      return answer.message;
    });
    expect(acked.map((message) => message.text)).toEqual(sends.map((s) => s.text.trim()));
    expect(resent).toEqual([
      { ok: true, message: expect.objectContaining({ _id: acked[0]!._id }) },
      { ok: true, message: expect.objectContaining({ _id: acked[0]!._id }) },
    ]);

    // Acked means stored: every acked message is in the table now, each once.
    const stored = await t.ctx.db.select().from(messages).where(eq(messages.conversationId, id)).orderBy(messages.seq);
    expect(stored.map((row) => row.clientId).sort()).toEqual(sends.map((s) => s.clientId).sort());
    for (const message of acked) expect(stored.find((row) => row.id === message._id)).toMatchObject({ seq: message.seq, senderId: message.senderId });

    // Both namespaces' listeners hear every message exactly once, in the stored order.
    const order = stored.map((row) => row.id);
    await expect.poll(() => heardOurs.length).toBe(stored.length);
    await expect.poll(() => heardTheirs.length).toBe(stored.length);
    // One more after everything: had a duplicate been on its way, it would have come before this.
    const marker = await ask(senders[1]!, { conversationId: id, clientId: 'sock-marker', text: 'the end' });
    await expect.poll(() => heardOurs.at(-1)?.clientId).toBe('sock-marker');
    await expect.poll(() => heardTheirs.at(-1)?.clientId).toBe('sock-marker');
    expect(marker.ok).toBe(true);
    for (const heard of [heardOurs, heardTheirs]) expect(heard.slice(0, -1).map((message) => message._id)).toEqual(order);
  });

  it('refuses with the code in the ack: a blocked writer, an over-long or empty text, a bad payload, a private conversation, a signed-out socket', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const blocked = await account();
    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: blocked.id });
    const id = await streamOf(creator);
    const { _id: privateId } = await open(fan, creator);
    const [fanSocket, blockedSocket, anonymous] = await Promise.all([socketTo(t.app, fan.token), socketTo(t.app, blocked.token), socketTo(t.app)]);
    const send = (socket: Socket, body: Record<string, unknown>) => ask(socket, { conversationId: id, clientId: 'refused-1', text: 'hello', ...body });

    expect(await send(blockedSocket, {})).toEqual({ ok: false, code: 'conversations.blocked' });
    expect(await send(fanSocket, { text: 'x'.repeat(MESSAGE_TEXT_MAX + 1) })).toEqual({ ok: false, code: 'request.invalid' });
    expect(await send(fanSocket, { text: '   ' })).toEqual({ ok: false, code: 'messages.empty' });
    expect(await send(fanSocket, { clientId: 'not a client id' })).toEqual({ ok: false, code: 'request.invalid' });
    expect(await ask(fanSocket, 'hello')).toEqual({ ok: false, code: 'request.invalid' });
    expect(await send(fanSocket, { conversationId: privateId })).toEqual({ ok: false, code: 'conversations.not_found' });
    expect(await send(anonymous, {})).toEqual({ ok: false, code: 'auth.sign_in_required' });
    // Nothing of it was stored; the same clientId then stores a message of its own.
    expect(await t.ctx.db.select().from(messages).where(eq(messages.clientId, 'refused-1'))).toEqual([]);
    const fine = await send(fanSocket, { text: 'x'.repeat(MESSAGE_TEXT_MAX) });
    expect(fine).toMatchObject({ ok: true, message: { clientId: 'refused-1', conversationId: id } });
    // The same clientId with another text is a conflict, as on the HTTP route.
    expect(await send(fanSocket, { text: 'something else' })).toEqual({ ok: false, code: 'messages.client_id_conflict' });
  });

  it('refuses an account staff switched off once its socket’s account is read again', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const id = await streamOf(creator);
    const socket = await socketTo(t.app, fan.token);
    expect(await ask(socket, { conversationId: id, clientId: 'before-off', text: 'hi' })).toMatchObject({ ok: true });
    await t.ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, fan.id));
    // The account is trusted for AUTHOR_FRESH_MS; once that has passed, the next send reads it again.
    skew += AUTHOR_FRESH_MS;
    expect(await ask(socket, { conversationId: id, clientId: 'after-off', text: 'still here?' })).toEqual({ ok: false, code: 'auth.account_inactive' });
    expect(await t.ctx.db.select().from(messages).where(eq(messages.clientId, 'after-off'))).toEqual([]);
  });
});
