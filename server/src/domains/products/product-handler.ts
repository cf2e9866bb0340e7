import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../accounts/accounts.tables.js';
import { orders, products, type DeliveryAddress } from './products.tables.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { defineHandler } from '../wallet/index.js';
import { productChargeBodySchema, type DeliveryAddressInput } from './products.schemas.js';

export const OUT_OF_STOCK = 'Not enough of this product is left in stock';
export const NOT_FOR_SALE = 'This product is not for sale right now';
export const ADDRESS_REQUIRED = 'A physical product needs a delivery address';

/** An address with at least one field filled in; blank fields are left out. */
export function cleanAddress(address: DeliveryAddressInput | undefined): DeliveryAddress | null {
  if (!address) return null;
  const filled = Object.fromEntries(Object.entries(address).filter(([, value]) => typeof value === 'string' && value !== '')) as DeliveryAddress;
  return Object.keys(filled).length > 0 ? filled : null;
}

async function productForSale(tx: Tx, id: string) {
  const [row] = await tx
    .select({ product: products, creatorStatus: users.status })
    .from(products)
    .innerJoin(users, eq(users.id, products.performerId))
    .where(eq(products.id, id))
    .limit(1);
  // Worded like every kind's missing item (wallet.item_not_found), so a client reads one code for all.
  if (!row || row.creatorStatus !== 'active') throw notFound('wallet.item_not_found', 'No product with this id can be bought');
  if (row.product.status !== 'active') throw unprocessable('products.unavailable', NOT_FOR_SALE);
  return row.product;
}

/**
 * A product bought from the wallet: `POST /wallet/charges/product/{id}` with `{ quantity?,
 * deliveryAddress? }`. The price is the product's times the quantity, read in the purchase
 * transaction. A physical product needs an address and enough stock: `fulfil` takes the
 * stock with one conditional update (`stock >= quantity`) in the purchase's own
 * transaction, before the wallet is debited, so concurrent buyers can never take more than
 * there is, and a refused debit puts the stock back with everything else (contract 6.1, 6.7).
 */
export const productHandler = defineHandler({
  kind: 'product',
  body: productChargeBodySchema,
  selfPurchaseMessage: 'You cannot buy your own product',
  async price(tx, _ctx, _buyer, productId, body) {
    const product = await productForSale(tx, productId);
    if (product.type === 'physical') {
      if (product.stock < body.quantity) throw conflict('products.out_of_stock', OUT_OF_STOCK);
      if (!cleanAddress(body.deliveryAddress)) throw unprocessable('orders.address_required', ADDRESS_REQUIRED);
    }
    return {
      target: 'product',
      targetId: product.id,
      performerId: product.performerId,
      priceCents: product.priceCents * body.quantity,
      description: (body.quantity > 1 ? `${body.quantity} × ${product.name}` : product.name).slice(0, 80),
    };
  },
  async fulfil(tx, _ctx, charge, body) {
    const product = await productForSale(tx, charge.targetId);
    if (product.type === 'physical') {
      const [taken] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${body.quantity}`, updatedAt: new Date() })
        .where(and(eq(products.id, product.id), eq(products.status, 'active'), gte(products.stock, body.quantity)))
        .returning({ id: products.id });
      if (!taken) throw conflict('products.out_of_stock', OUT_OF_STOCK);
    }
    await tx.insert(orders).values({
      chargeId: charge.id,
      productId: product.id,
      buyerId: charge.userId,
      sellerId: charge.performerId,
      productName: product.name,
      productType: product.type,
      quantity: body.quantity,
      unitPriceCents: Math.round(charge.priceCents / body.quantity),
      totalPriceCents: charge.priceCents,
      // A digital product is delivered by its download link the moment it is paid.
      deliveryStatus: product.type === 'digital' ? 'delivered' : 'created',
      deliveryAddress: product.type === 'physical' ? cleanAddress(body.deliveryAddress) : null,
    });
  },
});
