/**
 * A gift sent in a live stream: `POST /wallet/charges/gift/{giftId}` with `{ streamId }`,
 * the money action `charge:gift`. The wallet's engine does the rest (idempotency, quote,
 * the conditional debit, the split that credits the creator as a tip does); this prices it
 * from the catalogue and checks the stream.
 */
import { z } from 'zod';
import { forbidden, notFound, unprocessable } from '../../http/errors.js';
import { findStream, mayWatch } from '../streaming/index.js';
import { defineHandler } from '../wallet/index.js';
import { findGift } from './gifts.service.js';

export const sendGiftBody = z.object({ streamId: z.string().trim().min(1).max(64) });

export const giftHandler = defineHandler({
  kind: 'gift',
  body: sendGiftBody,
  selfPurchaseMessage: 'You cannot send a gift to yourself',
  async price(tx, ctx, buyer, giftId, body) {
    const gift = await findGift(tx, giftId);
    if (!gift) throw notFound('gifts.not_found', 'There is no such gift');
    if (gift.hidden) throw unprocessable('gifts.unavailable', 'This gift can no longer be sent');
    const stream = await findStream(tx, body.streamId);
    if (!stream || stream.type !== 'public') throw notFound('streaming.not_found', 'There is no such stream');
    // A stream whose camera dropped a moment ago (`created`) still takes gifts; an ended one does not.
    if (stream.state === 'finished') throw unprocessable('gifts.stream_not_live', 'Gifts are sent only while the stream is live');
    if (!(await mayWatch(ctx, buyer, stream))) throw forbidden('streaming.subscribers_only', 'This stream is for its creator’s subscribers');
    return {
      target: 'gift',
      targetId: gift.id,
      performerId: stream.performerId,
      priceCents: gift.priceCents,
      description: `${gift.emoji} ${gift.name}`,
      message: null,
      conversationId: stream.conversationId,
    };
  },
});
