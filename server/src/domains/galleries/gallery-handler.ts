import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { hasBought } from '../../content/entitlement.js';
import { users } from '../accounts/accounts.tables.js';
import { galleries } from './galleries.tables.js';
import { conflict, notFound } from '../../http/errors.js';
import { defineHandler } from '../wallet/index.js';
import { galleryPublished } from './galleries.service.js';

/**
 * A paid gallery, unlocked from the wallet: `POST /wallet/charges/gallery/{id}` (body `{}`).
 * Only a published gallery that is for sale can be bought, once per fan; its price is the
 * gallery's, read in the purchase transaction.
 */
export const galleryHandler = defineHandler({
  kind: 'gallery',
  body: z.object({}),
  selfPurchaseMessage: 'You cannot buy your own gallery',
  async price(tx, _ctx, buyer, galleryId) {
    const [gallery] = await tx
      .select({ id: galleries.id, performerId: galleries.performerId, isSale: galleries.isSale, priceCents: galleries.priceCents, title: galleries.title })
      .from(galleries)
      .innerJoin(users, eq(users.id, galleries.performerId))
      .where(and(eq(galleries.id, galleryId), galleryPublished()))
      .limit(1);
    if (!gallery || !gallery.isSale || gallery.priceCents <= 0) throw notFound('wallet.item_not_found', 'No gallery with this id can be bought');
    if (gallery.performerId !== buyer.id && (await hasBought(tx, buyer.id, 'gallery', gallery.id))) {
      throw conflict('galleries.already_unlocked', 'You have already unlocked this gallery');
    }
    return {
      target: 'gallery',
      targetId: gallery.id,
      performerId: gallery.performerId,
      priceCents: gallery.priceCents,
      description: gallery.title.slice(0, 80),
    };
  },
});
