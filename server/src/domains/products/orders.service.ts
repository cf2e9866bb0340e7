import { aliasedTable, and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { orders, products, type DeliveryStatus } from './products.tables.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { hasPermission, type AuthUser } from '../../http/guard.js';
import { fromCents } from '../../money/amounts.js';
import { escapeLike, sortColumnOf, toPage } from '../../http/pagination.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';
import type { RefundResult, WalletExtension } from '../wallet/index.js';
import { ADDRESS_REQUIRED, cleanAddress } from './product-handler.js';
import type { OrderAddressUpdate, OrderListQuery, OrderUpdate } from './products.schemas.js';

export type OrderRow = typeof orders.$inferSelect;
export const NO_SUCH_ORDER = 'No such order';

/**
 * Where an order may go from each delivery state. A digital order starts `delivered`; any
 * order may be refunded until it is (the money goes back through the wallet's refund).
 */
export const DELIVERY_TRANSITIONS: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = {
  created: ['processing', 'shipping', 'delivered', 'refunded'],
  processing: ['shipping', 'delivered', 'refunded'],
  shipping: ['delivered', 'refunded'],
  delivered: ['refunded'],
  refunded: [],
};
/** The buyer may change the address until the order ships. */
const ADDRESS_OPEN: readonly DeliveryStatus[] = ['created', 'processing'];

const buyers = aliasedTable(users, 'buyer');
const sellers = aliasedTable(users, 'seller');
const party = (t: typeof users) => ({ id: t.id, username: t.username, name: t.name, avatarPath: t.avatarPath });

const selection = {
  order: orders,
  buyer: party(buyers),
  seller: party(sellers),
  imagePath: files.storagePath,
};

function baseQuery(ctx: AppContext) {
  return ctx.db
    .select(selection)
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .leftJoin(products, eq(products.id, orders.productId))
    .leftJoin(files, eq(files.id, products.imageFileId));
}

type OrderWithParties = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

export function presentOrder(ctx: AppContext, row: OrderWithParties) {
  const origin = ctx.config.publicOrigin;
  const person = (p: OrderWithParties['buyer']) => ({ _id: p.id, username: p.username, name: p.name, avatar: fileUrl(origin, p.avatarPath, AVATAR_PLACEHOLDER) });
  const { order } = row;
  return {
    _id: order.id,
    /** A short reference to quote to the creator. */
    orderNumber: order.id.slice(-8).toUpperCase(),
    chargeId: order.chargeId,
    productId: order.productId,
    buyerId: order.buyerId,
    userId: order.buyerId,
    sellerId: order.sellerId,
    performerId: order.sellerId,
    productInfo: {
      _id: order.productId,
      name: order.productName,
      type: order.productType,
      price: fromCents(order.unitPriceCents),
      image: row.imagePath ? `${origin}/files/${row.imagePath}` : null,
    },
    quantity: order.quantity,
    unitPrice: fromCents(order.unitPriceCents),
    totalPrice: fromCents(order.totalPriceCents),
    deliveryStatus: order.deliveryStatus,
    deliveryAddress: order.deliveryAddress,
    shippingCode: order.shippingCode,
    userInfo: person(row.buyer),
    performerInfo: person(row.seller),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}
export type OrderDto = ReturnType<typeof presentOrder>;

/** A page of orders: a creator's sales (`sellerId`) or a fan's purchases (`buyerId`). */
export async function searchOrders(ctx: AppContext, scope: { sellerId: string } | { buyerId: string }, query: OrderListQuery) {
  const page = toPage(query, { sortBy: 'createdAt' });
  const filters: (SQL | undefined)[] = ['sellerId' in scope ? eq(orders.sellerId, scope.sellerId) : eq(orders.buyerId, scope.buyerId)];
  if (query.deliveryStatus) filters.push(eq(orders.deliveryStatus, query.deliveryStatus));
  if (query.productType) filters.push(eq(orders.productType, query.productType));
  if (query.productId) filters.push(eq(orders.productId, query.productId));
  if (query.q) filters.push(ilike(orders.productName, `%${escapeLike(query.q)}%`));
  const where = and(...filters);
  const column = sortColumnOf({ createdAt: orders.createdAt, updatedAt: orders.updatedAt, totalPrice: orders.totalPriceCents }, page, orders.createdAt);
  const [rows, [total]] = await Promise.all([
    baseQuery(ctx)
      .where(where)
      .orderBy(page.sort === 'asc' ? asc(column) : desc(column), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(orders).where(where),
  ]);
  return { items: rows.map((row) => presentOrder(ctx, row)), total: total?.total ?? 0 };
}

/** An order as its buyer, its seller or staff holding `order.view` see it; a 404 for anyone else. */
export async function findOrder(ctx: AppContext, viewer: AuthUser, id: string): Promise<OrderDto> {
  const [row] = await baseQuery(ctx).where(eq(orders.id, id)).limit(1);
  const allowed = row && (row.order.buyerId === viewer.id || row.order.sellerId === viewer.id || (viewer.role !== 'user' && viewer.role !== 'performer' && hasPermission(viewer, 'order.view')));
  if (!row || !allowed) throw notFound('orders.not_found', NO_SUCH_ORDER);
  return presentOrder(ctx, row);
}

/** The order locked for a change, when `who` may make it; a 404 otherwise. */
async function lockOrder(tx: Tx, id: string, who: (order: OrderRow) => boolean): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order || !who(order)) throw notFound('orders.not_found', NO_SUCH_ORDER);
  return order;
}

/**
 * The seller (or staff holding `order.update`) moves an order along `DELIVERY_TRANSITIONS`
 * and sets its shipping code. `refunded` refunds the charge in full through the wallet and
 * puts a physical order's quantity back in stock, in the same transaction.
 */
export async function updateOrder(ctx: AppContext, wallet: WalletExtension, user: AuthUser, id: string, patch: OrderUpdate): Promise<OrderDto> {
  const staff = user.role !== 'user' && user.role !== 'performer' && hasPermission(user, 'order.update');
  let refund: RefundResult | null = null;
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, (o) => o.sellerId === user.id || staff);
    const next = patch.deliveryStatus ?? order.deliveryStatus;
    if (next !== order.deliveryStatus && !DELIVERY_TRANSITIONS[order.deliveryStatus].includes(next)) {
      throw unprocessable('orders.invalid_transition', `An order that is ${order.deliveryStatus} cannot become ${next}`);
    }
    if (order.deliveryStatus === 'refunded' && patch.shippingCode !== undefined && patch.shippingCode !== order.shippingCode) {
      throw unprocessable('orders.invalid_transition', 'A refunded order no longer changes');
    }
    if (next === 'refunded' && order.deliveryStatus !== 'refunded') {
      if (order.productType === 'physical' && order.productId) {
        await tx.update(products).set({ stock: sql`${products.stock} + ${order.quantity}`, updatedAt: new Date() }).where(eq(products.id, order.productId));
      }
      refund = await wallet.refundCharge(tx, order.chargeId);
    }
    await tx
      .update(orders)
      .set({ deliveryStatus: next, ...(patch.shippingCode !== undefined ? { shippingCode: patch.shippingCode } : {}), updatedAt: new Date() })
      .where(eq(orders.id, id));
  });
  if (refund) wallet.announceRefund(refund);
  return findOrder(ctx, user, id);
}

/** The buyer changes a physical order's address while it has not shipped. */
export async function updateOrderAddress(ctx: AppContext, user: AuthUser, id: string, body: OrderAddressUpdate): Promise<OrderDto> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, (o) => o.buyerId === user.id);
    if (order.productType !== 'physical' || !ADDRESS_OPEN.includes(order.deliveryStatus)) {
      throw conflict('orders.address_locked', `The address of an order that is ${order.deliveryStatus} can no longer change`);
    }
    const address = cleanAddress(body.deliveryAddress);
    if (!address) throw unprocessable('orders.address_required', ADDRESS_REQUIRED);
    await tx.update(orders).set({ deliveryAddress: address, updatedAt: new Date() }).where(eq(orders.id, id));
  });
  return findOrder(ctx, user, id);
}

/** Ids of orders of these charges (tests and the wallet's lists). */
export async function ordersOfCharges(ctx: AppContext, chargeIds: readonly string[]): Promise<OrderRow[]> {
  return chargeIds.length ? ctx.db.select().from(orders).where(inArray(orders.chargeId, [...chargeIds])) : [];
}
