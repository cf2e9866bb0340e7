import { z } from 'zod';
import { DELIVERY_STATUSES, PRODUCT_STATUSES, PRODUCT_TYPES } from './products.tables.js';
import { amountSchema } from '../../money/amounts.js';
import { sortableListQuery } from '../../http/pagination.js';

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const STOCK_MAX = 1_000_000;
/** How many of one product a single purchase takes at most. */
export const QUANTITY_MAX = 100;

const id = z.string().min(1).max(64);

/**
 * Multipart text fields arrive as strings (`price=12.5`, `stock=3`); JSON bodies as numbers.
 * Both are read the same way.
 */
const stock = z.coerce.number().int().min(0).max(STOCK_MAX);

const productFields = z.object({
  name: z.string().trim().min(1).max(PRODUCT_NAME_MAX),
  description: z.string().trim().max(PRODUCT_DESCRIPTION_MAX),
  /** Decimal units; at least 1.00. */
  price: amountSchema,
  /** What is left to sell; a physical product is never sold above it. A digital product's stock counts too (0: sold out). */
  stock,
  type: z.enum(PRODUCT_TYPES),
  status: z.enum(PRODUCT_STATUSES),
});

export const productInputSchema = productFields.extend({
  description: productFields.shape.description.default(''),
  status: productFields.shape.status.default('active'),
  stock: stock.default(0),
});
export type ProductInput = z.output<typeof productInputSchema>;

/** An edit changes only what it sends; the type is fixed once created. */
export const productUpdateSchema = productFields.omit({ type: true }).partial();
export type ProductUpdate = z.output<typeof productUpdateSchema>;

export const productSortColumns = { createdAt: true, updatedAt: true, price: true, name: true, stock: true } as const;
export const productListQuerySchema = sortableListQuery(productSortColumns).extend({
  q: z.string().trim().max(100).optional(),
  performerId: id.optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
  /** The creator's own list only. */
  status: z.enum(PRODUCT_STATUSES).optional(),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

const line = (max = 200) => z.string().trim().max(max);
/** A delivery address as a fan fills it in; `name`, `streetAddress` and `city` are needed to ship. */
export const deliveryAddressSchema = z.object({
  name: line().optional(),
  phoneNumber: line(40).optional(),
  country: line(100).optional(),
  state: line(100).optional(),
  city: line(100).optional(),
  district: line(100).optional(),
  streetAddress: line(300).optional(),
  streetNumber: line(40).optional(),
  ward: line(100).optional(),
  zipCode: line(20).optional(),
  description: line(500).optional(),
});
export type DeliveryAddressInput = z.output<typeof deliveryAddressSchema>;

/**
 * `POST /wallet/charges/product/{id}`: how many (default 1) and, for a physical product,
 * where it goes (`deliveryAddress`, an address object). Saved addresses (`/addresses/...`)
 * are not built yet, so there is no `deliveryAddressId`.
 */
export const productChargeBodySchema = z.preprocess(
  // A body-less POST (no content type at all) buys one, as `{}` does.
  (body) => body ?? {},
  z.object({
    quantity: z.coerce.number().int().min(1).max(QUANTITY_MAX).default(1),
    deliveryAddress: deliveryAddressSchema.optional(),
  }),
);
export type ProductChargeBody = z.output<typeof productChargeBodySchema>;

export const orderListQuerySchema = sortableListQuery({ createdAt: true, updatedAt: true, totalPrice: true } as const).extend({
  q: z.string().trim().max(100).optional(),
  deliveryStatus: z.enum(DELIVERY_STATUSES).optional(),
  productType: z.enum(PRODUCT_TYPES).optional(),
  productId: id.optional(),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const orderUpdateSchema = z.object({
  deliveryStatus: z.enum(DELIVERY_STATUSES).optional(),
  shippingCode: z.string().trim().max(200).optional(),
});
export type OrderUpdate = z.output<typeof orderUpdateSchema>;

export const orderAddressSchema = z.object({ deliveryAddress: deliveryAddressSchema }).or(deliveryAddressSchema.transform((deliveryAddress) => ({ deliveryAddress })));
export type OrderAddressUpdate = z.output<typeof orderAddressSchema>;

export const idParams = z.object({ id });
