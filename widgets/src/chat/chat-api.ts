/**
 * The inbox's reads and writes over the page's session (directly on the platform, through
 * the bridge elsewhere). Every call answers an Outcome; none throws into the view, and
 * none sends a third-party page away on a 401/403 (`unauthorized: 'ignore'`): the element
 * shows its sign-in prompt instead.
 *
 * Paths are written out rather than taken from the contract's `paths`: that table would
 * bring every route into the element's chunk. Each names its contract route.
 */
import type { ConversationDto, MessageDto, MessageFileDto, MessageListQuery, MessageUploadDto, OpenConversationBody, SendMessageBody, UnreadTotal } from '@fandeck/contract';
import { failure, success, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import type { ListPage } from '../session/types.js';

const keep = { unauthorized: 'ignore' } as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const nullable = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A conversation as the server answers it; null when the value is not one. */
export function readConversation(value: unknown): ConversationDto | null {
  if (!isRecord(value) || !nullable(value._id)) return null;
  return {
    ...(value as unknown as ConversationDto),
    lastMessage: text(value.lastMessage),
    lastMessageCreatedAt: nullable(value.lastMessageCreatedAt),
    lastSenderId: nullable(value.lastSenderId),
    totalNotSeenMessages: Math.max(0, count(value.totalNotSeenMessages)),
    recipientInfo: isRecord(value.recipientInfo) ? (value.recipientInfo as unknown as ConversationDto['recipientInfo']) : null,
    isBlocked: value.isBlocked === true,
    isSubscribed: value.isSubscribed === true,
  };
}

function readFile(value: unknown): MessageFileDto | null {
  if (!isRecord(value) || !nullable(value._id)) return null;
  const type = value.type === 'video' || value.type === 'audio' ? value.type : 'photo';
  return { ...(value as unknown as MessageFileDto), type, url: nullable(value.url), thumbnailUrl: nullable(value.thumbnailUrl) };
}

/** A message as the server answers it (or a socket delivers it); null when the value is not one. */
export function readMessage(value: unknown): MessageDto | null {
  if (!isRecord(value) || !nullable(value._id) || !nullable(value.conversationId)) return null;
  const files = Array.isArray(value.files) ? value.files.map(readFile).filter((file): file is MessageFileDto => file !== null) : [];
  return {
    ...(value as unknown as MessageDto),
    seq: count(value.seq),
    clientId: text(value.clientId),
    text: text(value.text),
    senderId: text(value.senderId),
    isDeleted: value.isDeleted === true,
    opened: value.opened === true,
    files,
    price: count(value.price),
    isLocked: value.isLocked === true,
    isBought: value.isBought === true,
  };
}

const readAll = <T>(items: unknown[], read: (value: unknown) => T | null): T[] => items.map(read).filter((item): item is T => item !== null);

/** `conversations.list`: a page of the signed-in user's conversations, newest activity first. */
export async function fetchConversations(session: Session, offset: number, limit: number): Promise<Outcome<ListPage<ConversationDto>>> {
  const outcome = await session.api.conversations.list.list({ offset, limit }, keep);
  return outcome.ok ? success({ data: readAll(outcome.value.data, readConversation), total: outcome.value.total }) : outcome;
}

/** `conversations.get`. */
export async function fetchConversation(session: Session, conversationId: string): Promise<Outcome<ConversationDto>> {
  return readOne(await session.api.conversations.get({ id: conversationId }, undefined, keep), readConversation);
}

/** `conversations.open`: finds (or starts) the conversation with a creator or a fan. */
export async function openConversation(session: Session, body: OpenConversationBody): Promise<Outcome<ConversationDto>> {
  return readOne(await session.api.conversations.open(body, keep), readConversation);
}

/** `messages.list`: a page of a conversation's messages, oldest first. */
export async function fetchMessages(session: Session, conversationId: string, query: MessageListQuery): Promise<Outcome<MessageDto[]>> {
  const outcome = await session.api.messages.list.list({ id: conversationId }, { ...query }, keep);
  return outcome.ok ? success(readAll(outcome.value.data, readMessage)) : outcome;
}

/** `messages.send`: the stored message (the same one again for a resent `clientId`). */
export async function sendMessage(session: Session, conversationId: string, body: SendMessageBody): Promise<Outcome<MessageDto>> {
  return readOne(await session.api.messages.send({ id: conversationId }, body, keep), readMessage);
}

/** `messages.delete`: the sender deletes a message of theirs. */
export function deleteMessage(session: Session, messageId: string): Promise<Outcome<MessageDto>> {
  return session.api.messages.delete({ id: messageId }, undefined, keep);
}

/** `messages.readAll`: the signed-in user read the conversation. */
export function markConversationRead(session: Session, conversationId: string): Promise<Outcome<UnreadTotal>> {
  return session.api.messages.readAll({ id: conversationId }, {}, keep);
}

/** `messages.opened`: the recipient opened a paid or media message. */
export function markMessageOpened(session: Session, messageId: string): Promise<Outcome<MessageDto>> {
  return session.api.messages.opened({ id: messageId }, {}, keep);
}

/** Reads a count as the server may send it: a number, or `{ total }` / `{ count }`. */
export function readTotal(value: unknown): number | null {
  const raw = isRecord(value) ? (value.total ?? value.count) : value;
  return typeof raw === 'number' && Number.isFinite(raw) ? Math.max(0, raw) : null;
}

/** `messages.totalUnread`: the signed-in user's unread messages over every conversation. */
export async function fetchTotalUnread(session: Session): Promise<Outcome<number>> {
  const outcome = await session.api.messages.totalUnread(undefined, keep);
  if (!outcome.ok) return outcome;
  const total = readTotal(outcome.value);
  return total === null ? failure({ status: 200, message: '', body: outcome.value }) : success(total);
}

export type UploadKind = MessageUploadDto['type'];

/** Where each kind of file goes: `messages.privatePhoto`, `messages.privateVideo`, else `messages.privateFile`. */
const uploadRoutes = {
  photo: 'privatePhoto',
  video: 'privateVideo',
  audio: 'privateFile',
} as const satisfies Record<UploadKind, keyof Session['api']['messages']>;

/** The kind of a chosen file by its type, or null when messages do not carry it. */
export function uploadKindOf(file: { type: string }): UploadKind | null {
  const major = file.type.split('/')[0];
  return major === 'image' ? 'photo' : major === 'video' ? 'video' : major === 'audio' ? 'audio' : null;
}

/** Uploads one file for a message with progress; cancel through `signal` (status -1). */
export async function uploadMessageFile(
  session: Session,
  file: File,
  kind: UploadKind,
  options: { signal: AbortSignal; onProgress: (loaded: number, total: number) => void },
): Promise<Outcome<MessageUploadDto>> {
  const form = new FormData();
  form.append('file', file, file.name);
  const outcome = await session.api.messages[uploadRoutes[kind]].upload({ form, signal: options.signal, onProgress: options.onProgress, ...keep });
  if (!outcome.ok) return outcome;
  const value = outcome.value;
  if (!isRecord(value) || !nullable(value._id)) return failure({ status: 200, message: '', body: value });
  return success({ _id: String(value._id), type: kind, url: nullable(value.url), status: (value.status as MessageUploadDto['status']) ?? null });
}

function readOne<T>(outcome: Outcome<unknown>, read: (value: unknown) => T | null): Outcome<T> {
  if (!outcome.ok) return outcome;
  const value = read(outcome.value);
  return value ? success(value) : failure({ status: 200, message: '', body: outcome.value });
}
