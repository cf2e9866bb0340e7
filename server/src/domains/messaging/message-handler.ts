import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { hasBought } from '../../content/entitlement.js';
import { messages } from './messaging.tables.js';
import { conflict, notFound } from '../../http/errors.js';
import { defineHandler } from '../wallet/index.js';
import { isMember } from './messaging.queries.js';

const NOT_FOR_SALE = 'No message with this id can be bought';

/**
 * A paid message, unlocked from the wallet by its recipient: `POST /wallet/charges/message/{id}`
 * (body `{}`). Only a message with a price, not deleted, in a conversation the buyer is in;
 * once per fan; its price is the message's, read in the purchase transaction. Its sender is
 * refused by the engine (422 `wallet.self_purchase`), and so is a fan its creator blocked.
 */
export const messageHandler = defineHandler({
  kind: 'message',
  body: z.object({}),
  selfPurchaseMessage: 'You cannot buy your own message',
  async price(tx, _ctx, buyer, messageId) {
    const [message] = await tx
      .select({ id: messages.id, senderId: messages.senderId, conversationId: messages.conversationId, priceCents: messages.priceCents, text: messages.text, deletedAt: messages.deletedAt })
      .from(messages)
      .where(eq(messages.id, messageId))
      .limit(1);
    if (!message || message.deletedAt || message.priceCents <= 0) throw notFound('wallet.item_not_found', NOT_FOR_SALE);
    // Someone outside the conversation learns nothing of it.
    if (!(await isMember(tx, message.conversationId, buyer.id))) throw notFound('wallet.item_not_found', NOT_FOR_SALE);
    if (message.senderId !== buyer.id && (await hasBought(tx, buyer.id, 'message', message.id))) {
      throw conflict('messages.already_unlocked', 'You have already unlocked this message');
    }
    return {
      target: 'message',
      targetId: message.id,
      performerId: message.senderId,
      priceCents: message.priceCents,
      description: message.text.slice(0, 80) || null,
      conversationId: message.conversationId,
    };
  },
});
