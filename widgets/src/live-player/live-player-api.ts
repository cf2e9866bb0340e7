/**
 * The live player's reads and writes over the page's session (directly on the platform,
 * through the bridge elsewhere). Every call answers an Outcome; none throws into the view,
 * and none sends a third-party page away on a 401/403 (`unauthorized: 'ignore'`): the
 * element shows its sign-in prompt instead. Paths are written out (each names its contract
 * route): the contract's `paths` table would bring every route into this chunk.
 */
import { CLIENT_EVENTS, type ErrorCode, type MessageDto, type MessageListQuery, type StreamDto, type StreamJoinDto, type StreamPresenceEvent } from '@fandeck/contract';
import { askLive } from '../session/live-ask.js';
import { failure, success, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';

const keep = { unauthorized: 'ignore' } as const;

/** The join's refusals that mean "not live": answers the player shows as offline, never as an error text. */
export const OFFLINE_CODES: readonly ErrorCode[] = ['streaming.offline', 'streaming.not_found'];

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const nullable = (value: unknown) => (typeof value === 'string' && value ? value : null);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 0);

/** A stream as the server answers it; null when the value is not one. */
export function readStream(value: unknown): StreamDto | null {
  if (!isRecord(value) || !nullable(value._id) || !nullable(value.conversationId)) return null;
  const state = value.state === 'broadcasting' || value.state === 'finished' ? value.state : 'created';
  return {
    ...(value as unknown as StreamDto),
    title: text(value.title),
    description: text(value.description),
    subscribersOnly: value.subscribersOnly === true,
    state,
    viewerCount: count(value.viewerCount),
  };
}

/** `streaming.join` as the server answers it; null when the value is not one. */
export function readJoin(value: unknown): StreamJoinDto | null {
  if (!isRecord(value)) return null;
  const stream = readStream(value.stream);
  if (!stream) return null;
  const reason = value.reason === 'subscribers_only' || value.reason === 'offline' || value.reason === 'sign_in' ? value.reason : null;
  const playlistUrl = nullable(value.playlistUrl);
  const canWatch = value.canWatch === true && playlistUrl !== null;
  return { stream, canWatch, reason, playlistUrl: canWatch ? playlistUrl : null, agora: null };
}

/** A presence event's payload (`model-joined`, `member-joined`, …); null when it is not one. */
export function readPresence(value: unknown): Partial<StreamPresenceEvent> {
  if (!isRecord(value)) return {};
  return {
    ...(nullable(value.streamId) ? { streamId: String(value.streamId) } : {}),
    ...(nullable(value.conversationId) ? { conversationId: String(value.conversationId) } : {}),
    ...(typeof value.viewerCount === 'number' && Number.isFinite(value.viewerCount) ? { viewerCount: Math.max(0, value.viewerCount) } : {}),
    ...(nullable(value.userId) ? { userId: String(value.userId) } : {}),
  };
}

/** A stream chat message as the server answers it (or a socket delivers it); null when it is not one. */
export function readStreamMessage(value: unknown): MessageDto | null {
  if (!isRecord(value) || !nullable(value._id) || !nullable(value.conversationId)) return null;
  return {
    ...(value as unknown as MessageDto),
    seq: count(value.seq),
    clientId: text(value.clientId),
    text: text(value.text),
    senderId: text(value.senderId),
    isDeleted: value.isDeleted === true,
    createdAt: text(value.createdAt),
    files: [],
  };
}

/** `streaming.join`: the creator's stream (by their id or username) as this viewer may watch it. */
export async function fetchJoin(session: Session, creator: string): Promise<Outcome<StreamJoinDto>> {
  // Offline is an answer: no failure texts are fetched for it (they are not needed to show the offline box).
  const outcome = await session.api.streaming.join({ id: creator }, undefined, { ...keep, expected: OFFLINE_CODES });
  if (!outcome.ok) return outcome;
  const join = readJoin(outcome.value);
  return join ? success(join) : failure({ status: 200, message: '', body: outcome.value });
}

/** `messages.streamList`: a page of the stream chat, oldest first. */
export async function fetchStreamMessages(session: Session, conversationId: string, query: MessageListQuery): Promise<Outcome<MessageDto[]>> {
  const outcome = await session.api.messages.streamList.list({ id: conversationId }, { ...query }, keep);
  if (!outcome.ok) return outcome;
  return success(outcome.value.data.map(readStreamMessage).filter((message): message is MessageDto => message !== null));
}

/**
 * Writes in the stream chat: the stored message (the same one again for a resent `clientId`).
 * Over the live connection (`stream-chat/send`) when it is up, else, or when it gives no answer,
 * through `messages.streamSend`; the clientId makes a send both ways took stored once.
 */
export async function sendStreamMessage(session: Session, conversationId: string, body: { clientId: string; text: string }): Promise<Outcome<MessageDto>> {
  const overSocket = await askLive(session, CLIENT_EVENTS.streamChatSend, { conversationId, ...body }, (ack) => readStreamMessage(ack.message));
  if (overSocket) return overSocket;
  const outcome = await session.api.messages.streamSend({ id: conversationId }, body, keep);
  if (!outcome.ok) return outcome;
  const message = readStreamMessage(outcome.value);
  return message ? success(message) : failure({ status: 200, message: '', body: outcome.value });
}

/**
 * A thread's messages with `incoming` merged in, oldest first, each once: matched by `_id`
 * and by the `clientId` its sender made (the socket may be quicker than the send's answer).
 */
export function mergeStreamMessages(held: readonly MessageDto[], incoming: readonly MessageDto[]): MessageDto[] {
  if (incoming.length === 0) return held as MessageDto[];
  const kept = held.filter((message) => !incoming.some((next) => next._id === message._id || (next.clientId !== '' && next.clientId === message.clientId)));
  return [...kept, ...incoming].sort((a, b) => a.seq - b.seq || a.createdAt.localeCompare(b.createdAt));
}

/** A client id for a message (letters, digits, `-`: what the server accepts). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `live-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
