/** Conversations and messages as the platform answers them, for the chat tests. Only tests import this file. */
import type { ConversationDto, MessageDto } from '@fandeck/contract';

export const ana = { _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima', avatar: 'http://platform.test/files/ana.jpg' };
export const bia = { _id: 'creator-2', name: 'Bia Souza', username: 'bia', avatar: 'http://platform.test/files/bia.jpg' };

export function conversationDto(overrides: Partial<ConversationDto> = {}): ConversationDto {
  return {
    _id: 'conv-1',
    type: 'private',
    performerId: ana._id,
    lastMessage: 'Oi!',
    lastMessageCreatedAt: '2099-03-01T12:00:00.000Z',
    lastSenderId: ana._id,
    totalNotSeenMessages: 0,
    recipientInfo: ana,
    isBlocked: false,
    isSubscribed: true,
    createdAt: '2099-03-01T11:00:00.000Z',
    updatedAt: '2099-03-01T12:00:00.000Z',
    ...overrides,
  };
}

/** Message number `seq` of conversation `conv-1`, from Ana unless told otherwise. */
export function messageDto(seq: number, overrides: Partial<MessageDto> = {}): MessageDto {
  const minute = String(seq % 60).padStart(2, '0');
  return {
    _id: `msg-${seq}`,
    seq,
    conversationId: 'conv-1',
    clientId: `client-${seq}`,
    type: 'text',
    text: `Mensagem ${seq}`,
    senderId: ana._id,
    isDeleted: false,
    opened: false,
    imageUrl: null,
    files: [],
    price: 0,
    isLocked: false,
    isBought: false,
    massId: null,
    createdAt: `2099-03-01T12:${minute}:00.000Z`,
    updatedAt: `2099-03-01T12:${minute}:00.000Z`,
    ...overrides,
  };
}

/** Messages `from` to `to` (inclusive), oldest first. */
export const messageRange = (from: number, to: number, overrides: Partial<MessageDto> = {}) =>
  Array.from({ length: to - from + 1 }, (_, index) => messageDto(from + index, overrides));

/** A list payload, as `GET /conversations` and `GET /messages/conversations/{id}` answer. */
export const page = <T>(data: T[], total = data.length) => ({ data, total });
