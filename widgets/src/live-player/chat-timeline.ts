import type { MessageDto, StreamSupportEvent } from '@fandeck/contract';

export type TimelineEntry = { kind: 'message'; message: MessageDto } | { kind: 'support'; line: StreamSupportEvent };

/**
 * The chat's messages (in their order) with the tips and gifts placed among them by time: a
 * line goes after every message written before it was paid, so it sits where it happened.
 */
export function chatTimeline(messages: readonly MessageDto[], lines: readonly StreamSupportEvent[]): TimelineEntry[] {
  if (lines.length === 0) return messages.map((message) => ({ kind: 'message', message }));
  const pending = [...lines].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const entries: TimelineEntry[] = [];
  for (const message of messages) {
    while (pending.length > 0 && pending[0]!.createdAt < message.createdAt) entries.push({ kind: 'support', line: pending.shift()! });
    entries.push({ kind: 'message', message });
  }
  for (const line of pending) entries.push({ kind: 'support', line });
  return entries;
}
