/**
 * The platform's messaging routes played on a scripted transport, as the contract says
 * they behave: pages of 25 oldest first (`sinceSeq`, `beforeSeq`, else the newest), a send
 * stored once per `clientId`, the list, the unread total and read-all. Only tests import this file.
 */
import { MESSAGE_PAGE_SIZE, type ConversationDto, type MessageDto, type SendMessageBody } from '@fandeck/contract';
import type { FakeTransport, RecordedCall } from '../../session/testing/fake-transport.js';
import { fail, ok } from '../../session/testing/fake-transport.js';
import type { TransportResult } from '../../session/transport.js';
import { conversationDto, page } from './chat-fixtures.js';

export interface FakeChatServer {
  /** Every stored message, by conversation. */
  readonly stored: Map<string, MessageDto[]>;
  /** Every send as it arrived (resends included). */
  readonly sends: SendMessageBody[];
  /** Answers the next sends instead of storing them (first in, first out). */
  readonly sendFailures: TransportResult<never>[];
  conversations: ConversationDto[];
  totalUnread: number;
  /** Stores a message as if someone sent it (no socket event: the test emits one when it wants). */
  add(message: MessageDto): MessageDto;
  /** The `messages.list` queries asked of a conversation. */
  queries(conversationId: string): Record<string, unknown>[];
}

const num = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : undefined);

export function serveChat(transport: FakeTransport, me: string, conversationIds: readonly string[] = ['conv-1']): FakeChatServer {
  const stored = new Map<string, MessageDto[]>(conversationIds.map((id) => [id, []]));
  const sends: SendMessageBody[] = [];
  const sendFailures: TransportResult<never>[] = [];
  const server: FakeChatServer = {
    stored,
    sends,
    sendFailures,
    conversations: [conversationDto()],
    totalUnread: 0,
    add(message) {
      const list = stored.get(message.conversationId) ?? [];
      stored.set(message.conversationId, [...list, message].sort((a, b) => a.seq - b.seq));
      return message;
    },
    queries: (conversationId) =>
      transport.calls.filter((call) => call.method === 'GET' && call.path === `/messages/conversations/${conversationId}`).map((call) => ({ ...call.options.query })),
  };

  const list = (conversationId: string) => (call: RecordedCall) => {
    const all = stored.get(conversationId) ?? [];
    const query = call.options.query ?? {};
    const limit = num(query.limit) ?? MESSAGE_PAGE_SIZE;
    const since = num(query.sinceSeq);
    const before = num(query.beforeSeq);
    const slice =
      since !== undefined
        ? all.filter((message) => message.seq > since).slice(0, limit)
        : before !== undefined
          ? all.filter((message) => message.seq < before).slice(-limit)
          : all.slice(-limit);
    return ok(page(slice, all.length));
  };

  const send = (conversationId: string) => (call: RecordedCall) => {
    const body = call.options.body as SendMessageBody;
    sends.push(body);
    const failure = sendFailures.shift();
    if (failure) return failure;
    const all = stored.get(conversationId) ?? [];
    const again = body.clientId === undefined ? undefined : all.find((message) => message.clientId === body.clientId);
    if (again) return ok(again);
    const seq = (all[all.length - 1]?.seq ?? 0) + 1;
    const now = new Date().toISOString();
    return ok(
      server.add({
        _id: `msg-${seq}`,
        seq,
        conversationId,
        clientId: body.clientId ?? `srv-${seq}`,
        type: body.fileIds?.length ? 'photo' : 'text',
        text: body.text ?? '',
        senderId: me,
        isDeleted: false,
        opened: false,
        imageUrl: null,
        files: (body.fileIds ?? []).map((_id) => ({ _id, type: 'photo', url: `http://platform.test/files/${_id}.jpg`, thumbnailUrl: null, placeholder: null, width: null, height: null, status: null, durationSeconds: null })),
        price: body.price ?? 0,
        isLocked: false,
        isBought: false,
        massId: null,
        createdAt: now,
        updatedAt: now,
      }),
    );
  };

  for (const id of conversationIds) {
    transport.respond('GET', `/messages/conversations/${id}`, list(id));
    transport.respond('POST', `/messages/conversations/${id}`, send(id));
    transport.respond('POST', `/messages/read-all/${id}`, ok({ success: true }));
    transport.respond('GET', `/conversations/${id}`, () => {
      const found = server.conversations.find((conversation) => conversation._id === id);
      return found ? ok(found) : fail(404, { statusCode: 404, code: 'conversations.not_found', message: 'Conversation not found', error: 'Not Found' });
    });
  }
  transport.respond('GET', '/conversations', () => ok(page(server.conversations)));
  transport.respond('GET', '/messages/total-unread-messages', () => ok({ total: server.totalUnread }));
  return server;
}
