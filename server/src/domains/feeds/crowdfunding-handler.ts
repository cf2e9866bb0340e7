import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { entitledIds } from '../../content/entitlement.js';
import { users } from '../accounts/accounts.tables.js';
import { feedCrowdfunding, feeds } from './feeds.tables.js';
import { forbidden, notFound } from '../../http/errors.js';
import { amountSchema } from '../../money/amounts.js';
import { defineHandler } from '../wallet/index.js';
import { addContribution } from './feeds-crowdfunding.service.js';
import { CROWDFUNDING_CONTRIBUTION_MAX_CENTS, CROWDFUNDING_MIN_CENTS } from './feeds.schemas.js';
import { publishedToFans } from './feeds.queries.js';

export const contributionBodySchema = z.object({
  /** Decimal units, 1.00 to 10000.00, at most two decimals. */
  price: amountSchema.pipe(
    z.number().int().min(CROWDFUNDING_MIN_CENTS, 'must be at least 1.00').max(CROWDFUNDING_CONTRIBUTION_MAX_CENTS, 'must be at most 10000.00'),
  ),
});

/**
 * A contribution to a crowdfunding goal: `POST /wallet/charges/crowdfunding/{goal id}` with
 * `{ price }`, the amount the fan chose (contract `money.ts`: priced from the body). The goal
 * must be in a published post the fan may see in full (a paid one unlocked first); a
 * creator cannot fund their own goal. `fulfil` adds it to the goal in the charge's
 * transaction; the engine's idempotency key makes a retry count once.
 */
export const crowdfundingHandler = defineHandler({
  kind: 'crowdfunding',
  body: contributionBodySchema,
  selfPurchaseMessage: 'You cannot contribute to your own goal',
  async price(tx, ctx, buyer, crowdfundingId, body) {
    const [goal] = await tx
      .select({ id: feedCrowdfunding.id, title: feedCrowdfunding.title, feedId: feeds.id, performerId: feeds.performerId, isSale: feeds.isSale, priceCents: feeds.priceCents, subscribersOnly: feeds.subscribersOnly, text: feeds.text })
      .from(feedCrowdfunding)
      .innerJoin(feeds, eq(feeds.id, feedCrowdfunding.feedId))
      .innerJoin(users, eq(users.id, feeds.performerId))
      .where(and(eq(feedCrowdfunding.id, crowdfundingId), eq(feeds.type, 'crowdfunding'), publishedToFans()))
      .limit(1);
    if (!goal) throw notFound('wallet.item_not_found', 'No crowdfunding goal with this id can be bought');
    if (goal.performerId !== buyer.id) {
      const open = await entitledIds(tx, buyer, 'feed', [{ id: goal.feedId, performerId: goal.performerId, isSale: goal.isSale, priceCents: goal.priceCents, subscribersOnly: goal.subscribersOnly }], ctx.now());
      if (!open.has(goal.feedId)) throw forbidden('content.locked', 'Unlock this post to contribute');
    }
    return {
      target: 'crowdfunding',
      targetId: goal.id,
      performerId: goal.performerId,
      priceCents: body.price,
      description: goal.title || goal.text.slice(0, 80) || null,
    };
  },
  async fulfil(tx, _ctx, charge) {
    await addContribution(tx, charge.targetId, charge.userId, charge.priceCents);
  },
});
