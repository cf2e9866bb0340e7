import { paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { DELIVERY_STATUSES, PRODUCT_TYPES } from './products.tables.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import type { WalletExtension } from '../wallet/index.js';
import type { ApiScope } from '../types.js';
import { findOrder, searchOrders, updateOrder, updateOrderAddress } from './orders.service.js';
import { deliveryAddressSchema, idParams, orderAddressSchema, orderListQuerySchema, orderUpdateSchema } from './products.schemas.js';

const TAGS = ['orders'];
const person = z.object({ _id: z.string(), username: z.string().nullable(), name: z.string().nullable(), avatar: z.string() });
const orderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  chargeId: z.string(),
  /** Null once the creator deleted the product; `productInfo` keeps what was bought. */
  productId: z.string().nullable(),
  buyerId: z.string(),
  userId: z.string(),
  sellerId: z.string(),
  performerId: z.string(),
  productInfo: z.object({ _id: z.string().nullable(), name: z.string(), type: z.enum(PRODUCT_TYPES), price: z.number(), image: z.string().nullable() }),
  quantity: z.number().int(),
  /** Decimal units. */
  unitPrice: z.number(),
  totalPrice: z.number(),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  deliveryAddress: deliveryAddressSchema.nullable(),
  shippingCode: z.string(),
  userInfo: person,
  performerInfo: person,
  createdAt: z.string(),
  updatedAt: z.string(),
});
const one = { 200: envelopeSchema(orderSchema) };
const many = { 200: listSchema(orderSchema) };

/**
 * Orders: one per product purchase (written by the product charge handler in the purchase's
 * transaction). The seller sees their sales and moves their delivery; the buyer sees their
 * purchases and may change the address until the order ships.
 */
export function ordersRoutes(api: ApiScope, ctx: AppContext, wallet: WalletExtension) {
  api.get(
    paths['orders.sales'],
    { schema: { tags: TAGS, summary: 'The signed-in creator’s sales', querystring: orderListQuerySchema, response: many } },
    async (request) => {
      const page = await searchOrders(ctx, { sellerId: currentUser(request).id }, request.query);
      return list(page.items, page.total);
    },
  );

  api.get(
    paths['orders.mine'],
    { schema: { tags: TAGS, summary: 'The signed-in user’s purchases', querystring: orderListQuerySchema, response: many } },
    async (request) => {
      const page = await searchOrders(ctx, { buyerId: currentUser(request).id }, request.query);
      return list(page.items, page.total);
    },
  );

  api.get(
    paths['orders.get'],
    {
      schema: { tags: TAGS, summary: 'One order', description: 'Its buyer, its seller, or staff holding `order.view`; anyone else 404.', params: idParams, response: one },
    },
    async (request) => ok(await findOrder(ctx, currentUser(request), request.params.id)),
  );

  api.put(
    paths['orders.update'],
    {
      schema: {
        tags: TAGS,
        summary: 'Move an order’s delivery, set its shipping code',
        description:
          '`deliveryStatus`: created → processing → shipping → delivered (steps may be skipped, never taken back); `refunded` from any of them refunds the charge in full and puts the quantity back in stock. Another move is 422 `orders.invalid_transition`.',
        params: idParams,
        body: orderUpdateSchema,
        response: one,
      },
    },
    async (request) => ok(await updateOrder(ctx, wallet, currentUser(request), request.params.id, request.body)),
  );

  api.put(
    paths['orders.updateAddress'],
    {
      schema: {
        tags: TAGS,
        summary: 'Change an order’s delivery address (its buyer, before it ships)',
        description: 'Body `{ deliveryAddress: {...} }` or the address fields themselves. Once shipping, delivered or refunded (or a digital order): 409 `orders.address_locked`.',
        params: idParams,
        body: orderAddressSchema,
        response: one,
      },
    },
    async (request) => ok(await updateOrderAddress(ctx, currentUser(request), request.params.id, request.body)),
  );
}
