/**
 * The live player's stream chat sender: over the live connection (`stream-chat/send`, acked
 * once stored) while it is up, through the HTTP route when it is down or gives no answer, with
 * one client id both ways; a refusal keeps the fan's text with the code's text.
 */
import type { MessageDto, StreamChatSendPayload } from '@fandeck/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnedSession } from '../session/session.js';
import { fail, ok, type FakeLiveChannel, type FakeTransport } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import { LivePlayerModel } from './live-player.model.js';
import { serveLive, type FakeLiveServer } from './testing/live-fixtures.js';

let transport: FakeTransport;
let session: OwnedSession;
let server: FakeLiveServer;
let channel: FakeLiveChannel;
let model: LivePlayerModel;
/** What the socket was asked, in order. */
let asked: { event: string; payload: StreamChatSendPayload }[];

const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 10 });
const posts = () => transport.calls.filter((call) => call.method === 'POST' && call.path === '/messages/stream/conv-live');

beforeEach(async () => {
  ({ transport, session } = await signedInFan());
  server = serveLive(transport);
  await waitFor(() => expect(transport.channel).not.toBeNull());
  channel = transport.channel!;
  channel.setStatus('connected');
  asked = [];
  transport.respond('POST', '/messages/stream/conv-live', (call) => {
    const body = call.options.body as { clientId: string; text: string };
    return ok(server.store(body.text, body.clientId, 'fan-1'));
  });
  model = new LivePlayerModel(session);
  await model.setCreator('ana.lima');
  await waitFor(() => expect(model.chat.value.status).toBe('ready'));
});

afterEach(() => {
  model[Symbol.dispose]?.();
  session.dispose();
});

/** The server's side of the socket: `answer` decides each ack (a rejection is no answer). */
function serveSocket(answer: (payload: StreamChatSendPayload) => unknown): void {
  channel.ask = async (event, payload) => {
    asked.push({ event, payload: payload as StreamChatSendPayload });
    return answer(payload as StreamChatSendPayload);
  };
}
const stored = (payload: StreamChatSendPayload) => ({ ok: true, message: server.store(payload.text, payload.clientId, 'fan-1') });

describe('live player: sending in the stream chat', () => {
  it('sends over the connected socket, not HTTP, and shows the message once when the room event brings it too', async () => {
    let release: () => void = () => undefined;
    serveSocket((payload) => new Promise((resolve) => (release = () => resolve(stored(payload)))));
    const sending = model.send('  Oi pelo socket  ');
    expect(model.pending.value).toMatchObject([{ text: 'Oi pelo socket', status: 'sending' }]);
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toEqual({ event: 'stream-chat/send', payload: { conversationId: 'conv-live', clientId: model.pending.value[0]!.clientId, text: 'Oi pelo socket' } });
    release();
    const outcome = await sending;
    expect(outcome).toMatchObject({ ok: true, value: { text: 'Oi pelo socket' } });
    channel.serverEmit('message_created_conversation_conv-live', (outcome as { value: MessageDto }).value);
    expect(model.messages.value.map((message) => message.text)).toEqual(['Oi pelo socket']);
    expect(model.pending.value).toEqual([]);
    expect(posts()).toEqual([]);
  });

  it('keeps the text of a refused message with the code’s text, and a resend goes with the same client id', async () => {
    let refuse = true;
    serveSocket((payload) => (refuse ? { ok: false, code: 'conversations.blocked' } : stored(payload)));
    const outcome = await model.send('me deixa falar');
    expect(outcome).toMatchObject({ ok: false, error: { code: 'conversations.blocked' } });
    expect(model.pending.value).toMatchObject([{ status: 'failed', text: 'me deixa falar', error: { code: 'conversations.blocked' } }]);
    expect(model.pending.value[0]!.error!.message).not.toBe('');
    // A refusal is the server's answer: no second try over HTTP.
    expect(posts()).toEqual([]);
    refuse = false;
    const clientId = model.pending.value[0]!.clientId;
    await model.resend(clientId);
    expect(asked.map((ask) => ask.payload.clientId)).toEqual([clientId, clientId]);
    expect(model.pending.value).toEqual([]);
    expect(model.messages.value).toMatchObject([{ text: 'me deixa falar', clientId }]);
  });

  it('falls back to HTTP while the socket is down, when it gives no answer, and when it does not know the fan', async () => {
    serveSocket(() => Promise.reject(new Error('No answer to stream-chat/send')));
    channel.setStatus('reconnecting');
    await model.send('sem socket');
    expect(asked).toEqual([]);
    expect(posts().map((call) => (call.options.body as { text: string }).text)).toEqual(['sem socket']);

    channel.setStatus('connected');
    await model.send('sem resposta');
    // Asked, no answer: the same message over HTTP, with the same client id (stored once if both arrived).
    expect(asked.map((ask) => ask.payload.text)).toEqual(['sem resposta']);
    expect((posts()[1]!.options.body as { clientId: string }).clientId).toBe(asked[0]!.payload.clientId);

    serveSocket(() => ({ ok: false, code: 'auth.sign_in_required' }));
    await model.send('socket sem login');
    expect(posts().map((call) => (call.options.body as { text: string }).text)).toEqual(['sem socket', 'sem resposta', 'socket sem login']);
    expect(model.messages.value.map((message) => message.text)).toEqual(['sem socket', 'sem resposta', 'socket sem login']);
    expect(model.pending.value).toEqual([]);
  });

  it('keeps the text when the HTTP fallback is refused too', async () => {
    channel.setStatus('reconnecting');
    transport.respond('POST', '/messages/stream/conv-live', () => fail(403, { code: 'conversations.blocked', message: 'x' }));
    await model.send('ainda aqui');
    expect(model.pending.value).toMatchObject([{ status: 'failed', text: 'ainda aqui', error: { code: 'conversations.blocked' } }]);
  });
});
