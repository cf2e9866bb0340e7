/**
 * Streams, joins and stream chat messages as the server answers them, and a fake server
 * for the live player's routes on the fake transport. Only tests import this file.
 */
import type { MessageDto, StreamDto, StreamJoinDto } from '@fandeck/contract';
import { fail, ok, type FakeTransport, type RecordedCall } from '../../session/testing/fake-transport.js';

export const ana = { _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima', avatar: 'http://platform.test/files/ana.jpg' };

export function streamDto(overrides: Partial<StreamDto> = {}): StreamDto {
  return {
    _id: 'stream-1',
    performerId: ana._id,
    type: 'public',
    title: 'Ensaio aberto',
    description: 'Tocando as novas',
    subscribersOnly: false,
    state: 'broadcasting',
    conversationId: 'conv-live',
    viewerCount: 3,
    duration: null,
    startedAt: '2026-01-01T20:00:00.000Z',
    endedAt: null,
    createdAt: '2026-01-01T20:00:00.000Z',
    updatedAt: '2026-01-01T20:00:00.000Z',
    performerInfo: ana,
    ...overrides,
  };
}

export const playlist = 'http://platform.test/api/streaming/hls/stream-1/index.m3u8?sig=abc';

export function liveJoin(overrides: Partial<StreamDto> = {}): StreamJoinDto {
  return { stream: streamDto(overrides), canWatch: true, reason: null, playlistUrl: playlist, agora: null };
}

export function offlineJoin(overrides: Partial<StreamDto> = {}): StreamJoinDto {
  return { stream: streamDto({ state: 'finished', endedAt: '2026-01-01T21:00:00.000Z', ...overrides }), canWatch: false, reason: 'offline', playlistUrl: null, agora: null };
}

export function lockedJoin(reason: 'subscribers_only' | 'sign_in'): StreamJoinDto {
  return { stream: streamDto({ subscribersOnly: reason === 'subscribers_only' }), canWatch: false, reason, playlistUrl: null, agora: null };
}

export function streamMessage(seq: number, overrides: Partial<MessageDto> = {}): MessageDto {
  return {
    _id: `sm-${seq}`,
    seq,
    conversationId: 'conv-live',
    clientId: `client-${seq}`,
    type: 'text',
    text: `Mensagem ${seq}`,
    senderId: 'fan-9',
    senderInfo: { _id: 'fan-9', name: 'Bia Souza', username: 'bia', avatar: '' },
    isDeleted: false,
    opened: false,
    imageUrl: null,
    files: [],
    price: 0,
    isLocked: false,
    isBought: false,
    massId: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 20, 0, seq)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, 1, 20, 0, seq)).toISOString(),
    ...overrides,
  } as MessageDto;
}

export interface FakeLiveServer {
  /** What `GET /streaming/join/ana.lima` answers next; a status number answers that error with `code`. */
  join: StreamJoinDto | { status: number; code: string };
  messages: MessageDto[];
  joinCalls(): RecordedCall[];
  /** Stores a sent message as the server would. */
  store(text: string, clientId: string, senderId: string): MessageDto;
}

export function serveLive(transport: FakeTransport, creator = 'ana.lima'): FakeLiveServer {
  const server: FakeLiveServer = {
    join: liveJoin(),
    messages: [],
    joinCalls: () => transport.calls.filter((call) => call.path === `/streaming/join/${creator}`),
    store(text, clientId, senderId) {
      const existing = server.messages.find((message) => message.clientId === clientId);
      if (existing) return existing;
      const message = streamMessage(server.messages.length + 1, { text, clientId, senderId, senderInfo: { _id: senderId, name: 'Fan One', username: 'fan.one', avatar: '' } });
      server.messages.push(message);
      return message;
    },
  };
  transport.respond('GET', `/streaming/join/${creator}`, () => ('stream' in server.join ? ok(server.join) : fail(server.join.status, { code: server.join.code, message: 'x' })));
  transport.respond('GET', '/messages/stream/conv-live', (call) => {
    const since = Number((call.options.query as Record<string, unknown> | undefined)?.sinceSeq ?? 0);
    const page = server.messages.filter((message) => message.seq > since);
    return ok({ data: page, total: page.length });
  });
  return server;
}
