/**
 * What a live room hears of money: `stream-support` (a tip sent from the stream's chat, or a
 * gift), one line per charge, for the stream a player shows. The creator's go-live page and
 * every viewer's player read the same lines beside the chat's messages. Nothing is fetched:
 * a line is the live event, so a viewer who arrives later sees the ones after they came.
 */
import type { StreamSupportEvent } from '@fandeck/contract';
import { computed, createModel, effect, signal, untracked, type ReadonlySignal } from '@preact/signals-core';
import type { Session } from '../session/session.js';
import { isRecord } from './live-player-api.js';
import type { LivePlayerModel } from './live-player.model.js';

/** The lines kept for one stream: the oldest go first. */
export const SUPPORT_LINES_MAX = 50;
export const STREAM_SUPPORT_EVENT = 'stream-support';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const id = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The event as the server sends it; null when the value is not one. */
export function readSupport(value: unknown): StreamSupportEvent | null {
  if (!isRecord(value) || (value.kind !== 'tip' && value.kind !== 'gift')) return null;
  const chargeId = id(value.chargeId);
  const streamId = id(value.streamId);
  const amount = typeof value.amount === 'number' && Number.isFinite(value.amount) && value.amount > 0 ? value.amount : null;
  if (!chargeId || !streamId || amount === null || !isRecord(value.sender)) return null;
  const gift = isRecord(value.gift) && id(value.gift._id) ? value.gift : null;
  if (value.kind === 'gift' && !gift) return null;
  return {
    kind: value.kind,
    chargeId,
    streamId,
    conversationId: text(value.conversationId),
    sender: { _id: text(value.sender._id), name: text(value.sender.name), username: id(value.sender.username) },
    amount,
    gift: gift ? { _id: String(gift._id), name: text(gift.name), emoji: text(gift.emoji), imageUrl: id(gift.imageUrl) } : null,
    createdAt: text(value.createdAt),
  };
}

export const StreamSupportModel = createModel((session: Session, player: LivePlayerModel) => {
  const lines = signal<StreamSupportEvent[]>([]);
  /** The stream on screen while it is live. */
  const streamId = computed(() => {
    const state = player.state.value;
    return state.status === 'live' ? state.join.stream._id : null;
  });
  // Another stream (or none) on screen: its lines only.
  let shownFor: string | null = null;
  effect(() => {
    const current = streamId.value;
    if (current === shownFor) return;
    shownFor = current;
    untracked(() => {
      if (lines.peek().some((line) => line.streamId !== current)) lines.value = [];
    });
  });
  // The player joins the stream's room; this listens to what it hears there, again after each reconnect.
  effect(() => {
    const channel = session.live.channel.value;
    const connected = session.live.status.value === 'connected';
    const current = streamId.value;
    if (!channel || !connected || !current) return;
    return channel.on(STREAM_SUPPORT_EVENT, (payload) => {
      const line = readSupport(payload);
      if (!line || line.streamId !== current || lines.peek().some((held) => held.chargeId === line.chargeId)) return;
      lines.value = [...lines.peek(), line].slice(-SUPPORT_LINES_MAX);
    });
  });
  return { lines: lines as ReadonlySignal<StreamSupportEvent[]> };
});
export type StreamSupportModel = InstanceType<typeof StreamSupportModel>;
