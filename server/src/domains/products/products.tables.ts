import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { walletCharges } from '../wallet/wallet.tables.js';

// Products and orders (db/migrations/0022_products.sql holds their SQL).
/** Contract section 4: `physical` (shipped, stock counted) or `digital` (a file buyers download). */
export const PRODUCT_TYPES = ['physical', 'digital'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** `active`: fans see and buy it; `inactive`: only its creator does. */
export const PRODUCT_STATUSES = ['active', 'inactive'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Contract section 4: an order's delivery state. */
export const DELIVERY_STATUSES = ['created', 'processing', 'shipping', 'delivered', 'refunded'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Where a physical order goes; every field free text as a fan types it. */
export interface DeliveryAddress {
  name?: string;
  phoneNumber?: string;
  country?: string;
  state?: string;
  city?: string;
  district?: string;
  streetAddress?: string;
  streetNumber?: string;
  ward?: string;
  zipCode?: string;
  description?: string;
}

/**
 * A creator's product, sold through the wallet (charge kind `product`). `stock` counts what
 * is left and never goes below 0: a sale decrements it with a conditional update in the
 * purchase's own transaction, so no order is ever above stock.
 */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<ProductType>().notNull(),
    status: text('status').$type<ProductStatus>().notNull().default('active'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull().default(0),
    /** The picture shown in the shop (a public image, purpose `product-image`). */
    imageFileId: text('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** A digital product's file (purpose `product-file`), served to buyers through signed links only. */
    digitalFileId: text('digital_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_performer_idx').on(t.performerId, t.createdAt),
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
    check('products_price_positive', sql`${t.priceCents} > 0`),
  ],
);

/** One purchase of a product: its wallet charge, what was bought, and its delivery. */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => walletCharges.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Copied at purchase: the product may change or go. */
    productName: text('product_name').notNull(),
    productType: text('product_type').$type<ProductType>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    totalPriceCents: bigint('total_price_cents', { mode: 'number' }).notNull(),
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull().default('created'),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    shippingCode: text('shipping_code').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_charge_unique').on(t.chargeId),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    index('orders_seller_idx').on(t.sellerId, t.createdAt),
    index('orders_product_idx').on(t.productId),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
