/**
 * A thread's messages as pure functions: kept oldest first by `seq`, each shown once
 * whichever way it arrived (a page, the send's answer, the socket, a catch-up after a
 * reconnect), matched by `_id` and by the `clientId` its sender made.
 */
import type { MessageDto } from '@fandeck/contract';
import type { OutboxEntry } from './chat-outbox.js';

/**
 * `held` with `incoming` merged in. A message already held (same `_id` or same non-empty
 * `clientId`) is replaced by the newer copy (an unlocked one brings its files), except
 * that a deletion is never undone by an older copy arriving late.
 */
export function mergeMessages(held: readonly MessageDto[], incoming: readonly MessageDto[]): MessageDto[] {
  if (incoming.length === 0) return held as MessageDto[];
  const byKey = new Map<string, MessageDto>();
  const keyOf = new Map<string, string>();
  const put = (message: MessageDto) => {
    const key = keyOf.get(`id:${message._id}`) ?? (message.clientId ? keyOf.get(`client:${message.clientId}`) : undefined) ?? message._id;
    const before = byKey.get(key);
    const next = before?.isDeleted && !message.isDeleted ? asDeleted(message) : message;
    byKey.set(key, next);
    keyOf.set(`id:${message._id}`, key);
    if (message.clientId) keyOf.set(`client:${message.clientId}`, key);
  };
  held.forEach(put);
  incoming.forEach(put);
  return [...byKey.values()].sort((a, b) => a.seq - b.seq || a.createdAt.localeCompare(b.createdAt));
}

/** The highest `seq` held: what a catch-up asks for messages after. */
export function lastSeq(messages: readonly MessageDto[]): number | null {
  return messages.length > 0 ? messages[messages.length - 1]!.seq : null;
}

/** The message shown deleted: no text (the view says "deleted" in the reader's language), no files, nothing to buy. */
export function asDeleted(message: MessageDto): MessageDto {
  return { ...message, isDeleted: true, text: '', files: [], isLocked: false, imageUrl: null };
}

/** One line of a thread: a stored message, or one of ours still in the outbox. */
export type ThreadItem = { kind: 'stored'; key: string; message: MessageDto } | { kind: 'outbox'; key: string; entry: OutboxEntry };

/**
 * What a thread shows: the stored messages, then our own not yet stored, in the order we
 * wrote them. An outbox entry whose `clientId` is already stored (the socket was quicker
 * than the send's answer) is not shown twice.
 */
export function threadItems(stored: readonly MessageDto[], outbox: readonly OutboxEntry[], conversationId: string): ThreadItem[] {
  const storedClientIds = new Set(stored.map((message) => message.clientId).filter(Boolean));
  const items: ThreadItem[] = stored.map((message) => ({ kind: 'stored', key: message._id, message }));
  for (const entry of outbox) {
    if (entry.conversationId === conversationId && !storedClientIds.has(entry.clientId)) items.push({ kind: 'outbox', key: `outbox:${entry.clientId}`, entry });
  }
  return items;
}
