import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disposeModel } from '../session/feature.js';
import type { OwnedSession } from '../session/session.js';
import { demoFan, fail, ok, type FakeTransport } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import { defaultRetryDelay, outboxKey, type OutboxEntry } from './chat-outbox.js';
import { ChatModel, type SentMessage } from './chat.model.js';
import { messageDto } from './testing/chat-fixtures.js';
import { serveChat, type FakeChatServer } from './testing/chat-server.js';

let transport: FakeTransport;
let session: OwnedSession;
let server: FakeChatServer;
const models: ChatModel[] = [];

const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 10 });
const never = () => 60 * 60 * 1000;
const storedOutbox = (): OutboxEntry[] => JSON.parse(localStorage.getItem(outboxKey(demoFan._id)) ?? '[]');
const lines = (model: ChatModel) =>
  model.items('conv-1').value.map((item) => (item.kind === 'stored' ? ['stored', item.message.text] : [item.entry.status === 'failed' ? 'failed' : item.entry.retrying ? 'waiting' : 'pending', item.entry.text]));

function newModel(retryDelay: (attempt: number) => number = () => 0): ChatModel {
  const model = new ChatModel(session, { retryDelay });
  models.push(model);
  return model;
}

beforeEach(async () => {
  localStorage.clear();
  ({ transport, session } = await signedInFan(50));
  server = serveChat(transport, demoFan._id);
  transport.channel!.setStatus('connected');
});

afterEach(() => {
  models.splice(0).forEach(disposeModel);
  session.dispose();
});

describe('chat outbox', () => {
  it('shows a message at once as pending, then the stored one in its place after the answer', async () => {
    const model = newModel();
    model.watch('conv-1');
    await waitFor(() => expect(model.thread('conv-1').state.value.status).toBe('ready'));
    const heard: SentMessage[] = [];
    model.onSent((sent) => heard.push(sent));
    let answer: (() => void) | undefined;
    transport.respond('POST', '/messages/conversations/conv-1', (call) => {
      const clientId = (call.options.body as { clientId: string }).clientId;
      return new Promise((resolve) => (answer = () => resolve(ok(server.add(messageDto(1, { senderId: demoFan._id, clientId, text: 'Oi, Ana' }))))));
    });

    const sent = model.send('conv-1', { text: '  Oi, Ana  ', files: [] }, 'inbox-1');
    expect(sent.ok).toBe(true);
    expect(lines(model)).toEqual([['pending', 'Oi, Ana']]);
    expect(storedOutbox().map((entry) => entry.text)).toEqual(['Oi, Ana']);

    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    await waitFor(() => expect(lines(model)).toEqual([['stored', 'Oi, Ana']]));
    expect(model.outbox.value).toEqual([]);
    expect(localStorage.getItem(outboxKey(demoFan._id))).toBeNull();
    expect(heard.map(({ message, origin }) => [message._id, message.clientId, origin])).toEqual([['msg-1', sent.ok && sent.value.clientId, 'inbox-1']]);
  });

  it('shows a message once when the socket brings it before the send’s answer', async () => {
    const model = newModel();
    model.watch('conv-1');
    await waitFor(() => expect(model.thread('conv-1').state.value.status).toBe('ready'));
    let emitted = 0;
    transport.respond('POST', '/messages/conversations/conv-1', (call) => {
      const body = call.options.body as { clientId: string; text: string };
      const message = server.add(messageDto(1, { senderId: demoFan._id, clientId: body.clientId, text: body.text }));
      // The server tells both participants' sockets before the HTTP answer leaves.
      transport.channel!.serverEmit('message_created', message);
      emitted += 1;
      expect(lines(model)).toEqual([['stored', 'Olá']]);
      return ok(message);
    });
    model.send('conv-1', { text: 'Olá', files: [] });
    await waitFor(() => expect(model.outbox.value).toEqual([]));
    expect(emitted).toBe(1);
    expect(lines(model)).toEqual([['stored', 'Olá']]);
    // And the socket once more (a second tab's echo): still once.
    transport.channel!.serverEmit('message_created', server.stored.get('conv-1')![0]);
    expect(lines(model)).toEqual([['stored', 'Olá']]);
  });

  it('tries again after network trouble and server errors with the same clientId, until it is stored', async () => {
    server.sendFailures.push(fail(0), fail(503, { statusCode: 503, code: 'server.error', message: 'x', error: 'Service Unavailable' }));
    const attempts: number[] = [];
    const model = newModel((attempt) => {
      attempts.push(attempt);
      return 0;
    });
    model.watch('conv-1');
    model.send('conv-1', { text: 'Chegou?', files: [] });
    await waitFor(() => expect(lines(model)).toEqual([['stored', 'Chegou?']]));
    expect(server.sends).toHaveLength(3);
    expect(new Set(server.sends.map((body) => body.clientId)).size).toBe(1);
    expect(server.stored.get('conv-1')).toHaveLength(1);
    // Each failure in a row waits longer (the delay grows with the attempt).
    expect(attempts).toEqual([1, 2]);
    expect([1, 2, 3, 6, 10].map(defaultRetryDelay)).toEqual([1000, 2000, 4000, 30000, 30000]);
  });

  it('survives a reload: a new model on the same storage resends what waited, with the same clientId, stored once', async () => {
    // The server stored it, but the answer was lost on the way back.
    let lost = true;
    transport.respond('POST', '/messages/conversations/conv-1', (call) => {
      const body = call.options.body as { clientId: string; text: string };
      server.sends.push(body);
      const again = server.stored.get('conv-1')!.find((message) => message.clientId === body.clientId);
      const message = again ?? server.add(messageDto(1, { senderId: demoFan._id, clientId: body.clientId, text: body.text }));
      if (lost) return fail(0);
      return ok(message);
    });
    const before = newModel(never);
    const sent = before.send('conv-1', { text: 'Antes do reload', files: [] });
    await waitFor(() => expect(lines(before)).toEqual([['waiting', 'Antes do reload']]));
    expect(storedOutbox()).toMatchObject([{ clientId: sent.ok && sent.value.clientId, text: 'Antes do reload', conversationId: 'conv-1' }]);

    // The page reloads: the old model is gone, a new one finds the outbox.
    disposeModel(before);
    lost = false;
    const after = newModel(never);
    after.watch('conv-1');
    await waitFor(() => expect(after.outbox.value).toEqual([]));
    await waitFor(() => expect(lines(after)).toEqual([['stored', 'Antes do reload']]));
    expect(server.sends.map((body) => body.clientId)).toEqual([sent.ok && sent.value.clientId, sent.ok && sent.value.clientId]);
    expect(server.stored.get('conv-1')).toHaveLength(1);
    expect(localStorage.getItem(outboxKey(demoFan._id))).toBeNull();
  });

  it('sends what waited as soon as the live connection is back', async () => {
    server.sendFailures.push(fail(0));
    const model = newModel(never);
    model.send('conv-1', { text: 'Sem rede', files: [] });
    await waitFor(() => expect(model.outbox.value[0]).toMatchObject({ status: 'queued', retrying: true }));
    transport.channel!.setStatus('reconnecting');
    transport.channel!.setStatus('connected');
    await waitFor(() => expect(model.outbox.value).toEqual([]));
    expect(server.stored.get('conv-1')?.map((message) => message.text)).toEqual(['Sem rede']);
  });

  it('marks a refused message failed with its code’s text, keeps it over a reload, and lets it be retried or discarded', async () => {
    server.sendFailures.push(
      fail(422, { statusCode: 422, code: 'messages.price_not_allowed', message: 'Only creators may price a message', error: 'Unprocessable Entity' }),
      fail(400, { statusCode: 400, code: 'messages.files_invalid', message: 'Bad files', error: 'Bad Request' }),
    );
    const model = newModel();
    model.watch('conv-1');
    model.send('conv-1', { text: 'Primeira', files: [] });
    model.send('conv-1', { text: 'Segunda', files: [] });
    model.send('conv-1', { text: 'Terceira', files: [] });
    await waitFor(() => expect(lines(model)).toEqual([['stored', 'Terceira'], ['failed', 'Primeira'], ['failed', 'Segunda']]));
    const [first, second] = model.outbox.value;
    expect(first?.error).toEqual({ status: 422, code: 'messages.price_not_allowed', message: 'Só criadores podem cobrar por uma mensagem, e só com arquivos anexados.' });
    expect(second?.error?.code).toBe('messages.files_invalid');
    expect(server.sends).toHaveLength(3);

    // A reload keeps them failed (nothing is sent again by itself).
    disposeModel(model);
    const after = newModel();
    after.watch('conv-1');
    await waitFor(() => expect(lines(after)).toEqual([['stored', 'Terceira'], ['failed', 'Primeira'], ['failed', 'Segunda']]));
    expect(server.sends).toHaveLength(3);

    after.discard(second!.clientId);
    after.retry(first!.clientId);
    await waitFor(() => expect(lines(after)).toEqual([['stored', 'Terceira'], ['stored', 'Primeira']]));
    expect(server.sends.at(-1)?.clientId).toBe(first!.clientId);
    expect(storedOutbox()).toEqual([]);
  });

  it('keeps each user’s outbox apart', async () => {
    server.sendFailures.push(fail(0));
    const model = newModel(never);
    model.send('conv-1', { text: 'Do fã', files: [] });
    await waitFor(() => expect(model.outbox.value[0]?.retrying).toBe(true));
    await session.auth.logout();
    expect(model.outbox.value).toEqual([]);
    expect(storedOutbox().map((entry) => entry.text)).toEqual(['Do fã']);
  });
});
