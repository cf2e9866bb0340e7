/**
 * How anything a creator sells on its own (a post, a gallery, a video) is priced: free, or
 * for sale at 1.00 at least. One rule for every kind, so the limits cannot drift apart.
 */
import { badRequest } from '../http/errors.js';

/** The least a paid item may cost, in cents. */
export const MIN_ITEM_PRICE_CENTS = 100;

/** The price in cents and the sale flag an item is saved with, or a 400 naming `body.price`. */
export function saleOf(isSale: boolean, price: number | undefined, item: 'post' | 'gallery' | 'video'): { isSale: boolean; priceCents: number } {
  if (!isSale) return { isSale: false, priceCents: 0 };
  if (price === undefined || price < MIN_ITEM_PRICE_CENTS) throw badRequest('request.invalid', `body.price: a paid ${item} costs at least 1.00`, ['body.price']);
  return { isSale: true, priceCents: price };
}
