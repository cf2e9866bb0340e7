import { contentPage, creatorColumns } from '../../content/content-page.js';
import { and, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { creatorShownTo, hiddenSql, type Audience } from '../../content/blocks.js';
import { MIN_ITEM_PRICE_CENTS } from '../../content/sale.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../accounts/accounts.tables.js';
import { products } from './products.tables.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { escapeLike, sortColumnOf, toPage } from '../../http/pagination.js';
import { requireVerifiedCreator } from '../accounts/index.js';
import type { ProductInput, ProductListQuery, ProductUpdate } from './products.schemas.js';

export type ProductRow = typeof products.$inferSelect;
export const NO_SUCH_PRODUCT = 'No such product';

/** What fans may see: an active product of an active creator (the query joins `users`). */
export const productPublished = () => and(eq(products.status, 'active'), eq(users.status, 'active'));

export interface ProductFiles {
  imageFileId?: string | null;
  digitalFileId?: string | null;
}

function checkPrice(cents: number | undefined) {
  if (cents !== undefined && cents < MIN_ITEM_PRICE_CENTS) throw badRequest('request.invalid', 'body.price: must be at least 1.00', ['body.price']);
}

/** A creator whose documents were approved adds a product; a digital one needs its file. */
export async function createProduct(ctx: AppContext, creator: AuthUser, input: ProductInput, stored: ProductFiles): Promise<ProductRow> {
  checkPrice(input.price);
  if (input.type === 'digital' && !stored.digitalFileId) {
    throw badRequest('products.file_required', 'body.digitalFile: a digital product needs its file', ['body.digitalFile']);
  }
  return ctx.db.transaction(async (tx) => {
    await requireVerifiedCreator(tx, creator.id);
    const [product] = await tx
      .insert(products)
      .values({
        performerId: creator.id,
        name: input.name,
        description: input.description,
        type: input.type,
        status: input.status,
        priceCents: input.price,
        stock: input.stock,
        imageFileId: stored.imageFileId ?? null,
        digitalFileId: input.type === 'digital' ? (stored.digitalFileId ?? null) : null,
      })
      .returning();
    return product!;
  });
}

/** The creator's own product; another creator's is a 404 like a missing one. */
export async function ownProduct(db: DbOrTx, creatorId: string, id: string, lock = false): Promise<ProductRow> {
  const query = db.select().from(products).where(and(eq(products.id, id), eq(products.performerId, creatorId)));
  const [product] = await (lock ? query.for('update') : query);
  if (!product) throw notFound('products.not_found', NO_SUCH_PRODUCT);
  return product;
}

/**
 * Edits the creator's own product; new files replace the old ones. Answers the product and
 * the ids of the files it no longer uses (the caller deletes them once committed).
 */
export async function updateProduct(ctx: AppContext, creator: AuthUser, id: string, patch: ProductUpdate, stored: ProductFiles): Promise<{ product: ProductRow; replaced: (string | null)[] }> {
  checkPrice(patch.price);
  return ctx.db.transaction(async (tx) => {
    const current = await ownProduct(tx, creator.id, id, true);
    if (patch.price !== undefined && patch.price !== current.priceCents) await requireVerifiedCreator(tx, creator.id);
    const replaced: (string | null)[] = [];
    if (stored.imageFileId) replaced.push(current.imageFileId);
    if (stored.digitalFileId && current.type === 'digital') replaced.push(current.digitalFileId);
    const [product] = await tx
      .update(products)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.price !== undefined ? { priceCents: patch.price } : {}),
        ...(patch.stock !== undefined ? { stock: patch.stock } : {}),
        ...(stored.imageFileId ? { imageFileId: stored.imageFileId } : {}),
        ...(stored.digitalFileId && current.type === 'digital' ? { digitalFileId: stored.digitalFileId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(products.id, id))
      .returning();
    return { product: product!, replaced };
  });
}

/**
 * Deletes the creator's own product with its picture and file (as deleting a bought video or
 * gallery does: to stop selling while buyers keep their downloads, set it `inactive`). Its
 * orders stay (they are money records) with the name and price they were bought at; their
 * `productId` becomes null. Answers the ids of the files to delete once committed.
 */
export async function deleteProduct(ctx: AppContext, creator: AuthUser, id: string): Promise<(string | null)[]> {
  return ctx.db.transaction(async (tx) => {
    const product = await ownProduct(tx, creator.id, id, true);
    await tx.delete(products).where(eq(products.id, id));
    return [product.imageFileId, product.digitalFileId];
  });
}

export interface ProductWithCreator {
  product: ProductRow;
  creator: { id: string; username: string | null; name: string | null; avatarPath: string | null };
}


/** A page of products. `fans`: what anyone sees (active, optionally of one creator); `mine`: the creator's own, inactive included. */
export async function searchProducts(ctx: AppContext, scope: { fans: true; audience?: Audience } | { mine: string }, query: ProductListQuery) {
  const page = toPage(query, { sortBy: 'createdAt' });
  const filters: (SQL | undefined)[] = 'mine' in scope ? [eq(products.performerId, scope.mine)] : [productPublished()];
  if ('fans' in scope && scope.audience) filters.push(creatorShownTo(ctx.db, scope.audience, products.performerId));
  if (query.performerId) filters.push(eq(products.performerId, query.performerId));
  if (query.type) filters.push(eq(products.type, query.type));
  if (query.status && 'mine' in scope) filters.push(eq(products.status, query.status));
  if (query.q) filters.push(ilike(products.name, `%${escapeLike(query.q)}%`));
  const where = and(...filters);
  const column = sortColumnOf(
    { createdAt: products.createdAt, updatedAt: products.updatedAt, price: products.priceCents, name: products.name, stock: products.stock },
    page,
    products.createdAt,
  );
  return contentPage<ProductWithCreator>(ctx, 'product', products, where, column, page);
}

/** One product as fans see it (active), or as its creator or an admin do (any state). */
export async function findProduct(ctx: AppContext, id: string, viewer: AuthUser | null, audience: Audience = { viewer, country: null }): Promise<ProductWithCreator> {
  const [row] = await ctx.db
    .select({ product: products, creator: creatorColumns, published: sql<boolean>`coalesce(${productPublished()}, false)`, hidden: hiddenSql(ctx.db, audience, products.performerId) })
    .from(products)
    .innerJoin(users, eq(users.id, products.performerId))
    .where(eq(products.id, id));
  const own = row !== undefined && viewer !== null && (viewer.id === row.product.performerId || viewer.role === 'admin');
  if (!row || (!own && (row.published !== true || row.hidden === true))) throw notFound('products.not_found', NO_SUCH_PRODUCT);
  return { product: row.product, creator: row.creator } as ProductWithCreator;
}

/** Active products per creator, for profiles' `stats.totalProducts` (one grouped query). */
export async function activeProductCounts(db: DbOrTx, performerIds: readonly string[]): Promise<Map<string, number>> {
  if (performerIds.length === 0) return new Map();
  const rows = await db
    .select({ performerId: products.performerId, total: count() })
    .from(products)
    .where(and(inArray(products.performerId, [...performerIds]), eq(products.status, 'active')))
    .groupBy(products.performerId);
  return new Map(rows.map((row) => [row.performerId, row.total]));
}
