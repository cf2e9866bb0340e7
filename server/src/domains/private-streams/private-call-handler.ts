import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { isId } from '../../db/schema/ids.js';
import { privateStreamRequests } from './private-streams.tables.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { NotificationsExtension } from '../notifications/index.js';
import { defineHandler, type WalletChargeRow } from '../wallet/index.js';
import { isPaid, PRIVATE_CALL_TARGET } from './private-streams.service.js';

/**
 * A private call, paid from the fan's wallet: `POST /wallet/charges/stream/{requestId}`
 * (body `{}`, `Idempotency-Key` required). Only the fan of an approved, not yet started,
 * paid request pays, once: the request row is locked in the purchase transaction before
 * the check for an earlier charge, so two payments with different keys cannot both pass
 * (the second is a 409 `payment.already_paid`). The price is the request's, fixed when the
 * fan asked. The creator's `start` then requires this charge.
 */
export function privateCallHandler(notifications: () => NotificationsExtension | null) {
  return defineHandler({
    kind: 'stream',
    body: z.object({}),
    selfPurchaseMessage: 'You cannot pay for your own private call',
    async price(tx, _ctx, buyer, requestId) {
      if (!isId(requestId)) throw notFound('wallet.item_not_found', 'No private call with this id can be bought');
      const [request] = await tx
        .select()
        .from(privateStreamRequests)
        .where(and(eq(privateStreamRequests.id, requestId), eq(privateStreamRequests.userId, buyer.id)))
        .for('update')
        .limit(1);
      if (!request) throw notFound('wallet.item_not_found', 'No private call with this id can be bought');
      if (request.priceCents <= 0) throw unprocessable('streaming.request_invalid_state', 'This private call is free');
      if (request.status !== 'approved' || request.streamId) throw unprocessable('streaming.request_invalid_state', 'Only an approved call that has not started can be paid');
      if (await isPaid(tx, request)) throw conflict('payment.already_paid', 'You have already paid for this call');
      return {
        target: PRIVATE_CALL_TARGET,
        targetId: request.id,
        performerId: request.performerId,
        priceCents: request.priceCents,
        // No server text: the quote's kind (`call`) and minutes are worded by the fan's dialog in their language.
        description: null,
        minutes: request.durationMinutes,
        conversationId: request.conversationId,
      };
    },
    afterCommit(_ctx: AppContext, charge: WalletChargeRow) {
      void notifications()?.notify({
        userId: charge.performerId,
        type: 'private_stream.updated',
        data: { action: 'paid', requestId: charge.targetId, actorId: charge.userId, conversationId: charge.conversationId },
      });
    },
  });
}
