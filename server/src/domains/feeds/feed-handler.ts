import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { hasBought } from '../../content/entitlement.js';
import { users } from '../accounts/accounts.tables.js';
import { feeds } from './feeds.tables.js';
import { conflict, notFound } from '../../http/errors.js';
import { defineHandler } from '../wallet/index.js';
import { publishedToFans } from './feeds.queries.js';

/**
 * A paid post, unlocked from the wallet: `POST /wallet/charges/feed/{id}` (body `{}`). Only
 * a published post that is for sale can be bought, once per fan; its price is the post's,
 * read in the purchase transaction.
 */
export const feedHandler = defineHandler({
  kind: 'feed',
  body: z.object({}),
  selfPurchaseMessage: 'You cannot buy your own post',
  async price(tx, _ctx, buyer, feedId) {
    const [feed] = await tx
      .select({ id: feeds.id, performerId: feeds.performerId, isSale: feeds.isSale, priceCents: feeds.priceCents, text: feeds.text })
      .from(feeds)
      .innerJoin(users, eq(users.id, feeds.performerId))
      .where(and(eq(feeds.id, feedId), publishedToFans()))
      .limit(1);
    if (!feed || !feed.isSale || feed.priceCents <= 0) throw notFound('wallet.item_not_found', 'No post with this id can be bought');
    if (feed.performerId !== buyer.id && (await hasBought(tx, buyer.id, 'feed', feed.id))) {
      throw conflict('feeds.already_unlocked', 'You have already unlocked this post');
    }
    return {
      target: 'feed',
      targetId: feed.id,
      performerId: feed.performerId,
      priceCents: feed.priceCents,
      description: feed.text.slice(0, 80) || null,
    };
  },
});
