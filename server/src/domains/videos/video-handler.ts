import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { hasBought } from '../../content/entitlement.js';
import { users } from '../accounts/accounts.tables.js';
import { videos } from './videos.tables.js';
import { conflict, notFound } from '../../http/errors.js';
import { defineHandler } from '../wallet/index.js';
import { publishedToFans } from './videos.service.js';

/**
 * A paid video, unlocked from the wallet: `POST /wallet/charges/video/{id}` (body `{}`).
 * Only a published video that is for sale can be bought, once per fan; its price is the
 * video's, read in the purchase transaction.
 */
export const videoHandler = defineHandler({
  kind: 'video',
  body: z.object({}),
  selfPurchaseMessage: 'You cannot buy your own video',
  async price(tx, _ctx, buyer, videoId) {
    const [video] = await tx
      .select({ id: videos.id, performerId: videos.performerId, isSale: videos.isSale, priceCents: videos.priceCents, title: videos.title })
      .from(videos)
      .innerJoin(users, eq(users.id, videos.performerId))
      .where(and(eq(videos.id, videoId), publishedToFans()))
      .limit(1);
    if (!video || !video.isSale || video.priceCents <= 0) throw notFound('wallet.item_not_found', 'No video with this id can be bought');
    if (video.performerId !== buyer.id && (await hasBought(tx, buyer.id, 'video', video.id))) {
      throw conflict('videos.already_unlocked', 'You have already unlocked this video');
    }
    return {
      target: 'video',
      targetId: video.id,
      performerId: video.performerId,
      priceCents: video.priceCents,
      description: video.title.slice(0, 80),
    };
  },
});
