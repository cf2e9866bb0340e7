/**
 * Tips and gifts in a live room: once a charge committed (the wallet's `onCharged`), a tip
 * sent from a live stream's chat, or a gift, is told to the room `stream:{id}` as
 * `stream-support` (contract `StreamSupportEvent`), so every viewer and the creator see it as
 * a line of the chat. Nothing is written: the charge is the record.
 */
import type { StreamSupportEvent } from '@fandeck/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { partiesById } from '../earnings/index.js';
import { openStreamOfConversation, streamRoom } from '../streaming/index.js';
import type { ChargedNotice } from '../wallet/index.js';
import { findGift } from './gifts.service.js';

/** The event for a charge, or null when it is neither a tip in a live stream's chat nor a gift. */
export async function supportEventOf(ctx: AppContext, charge: ChargedNotice): Promise<StreamSupportEvent | null> {
  const kind = charge.target === 'tip' || charge.target === 'gift' ? charge.target : null;
  if (!kind || !charge.conversationId) return null;
  const stream = await openStreamOfConversation(ctx.db, charge.conversationId);
  if (!stream || stream.performerId !== charge.performerId) return null;
  const [parties, gift] = await Promise.all([partiesById(ctx.db, [charge.sourceId]), kind === 'gift' ? findGift(ctx.db, charge.targetId) : null]);
  const sender = parties.get(charge.sourceId);
  return {
    kind,
    chargeId: charge._id,
    streamId: stream.id,
    conversationId: stream.conversationId!,
    sender: { _id: charge.sourceId, name: sender?.name || sender?.username || '', username: sender?.username ?? null },
    amount: charge.price,
    gift: gift ? { _id: gift.id, name: gift.name, emoji: gift.emoji, imageUrl: gift.imageUrl } : null,
    createdAt: charge.createdAt,
  };
}

/** Sends it to the room; never throws (the charge stands whatever happens here). */
export async function announceSupport(ctx: AppContext, charge: ChargedNotice, log: FastifyBaseLogger): Promise<void> {
  try {
    const event = await supportEventOf(ctx, charge);
    if (event) ctx.realtime.emitToRoom(streamRoom(event.streamId), 'stream-support', event);
  } catch (error) {
    log.warn({ err: error, chargeId: charge._id }, 'a tip or gift was not shown in its live room');
  }
}
