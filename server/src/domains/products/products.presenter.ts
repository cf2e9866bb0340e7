import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../media/files.tables.js';
import { walletCharges } from '../wallet/wallet.tables.js';
import type { AuthUser } from '../../http/guard.js';
import { fromCents } from '../../money/amounts.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';
import type { ProductWithCreator } from './products.service.js';

export const productSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(['physical', 'digital']),
  status: z.enum(['active', 'inactive']),
  /** Decimal units. */
  price: z.number(),
  /** What is left to sell of a physical product; a digital one is never sold out. */
  stock: z.number().int(),
  imageId: z.string().nullable(),
  /** The shop picture (absolute URL), or null. */
  image: z.string().nullable(),
  /** The shop picture's sizes (`thumbnail`, `small`...): absolute URLs. */
  images: z.record(z.string(), z.string()),
  /** Whether the viewer bought it at least once. */
  isBought: z.boolean(),
  /** A digital product's file is attached (its id only to its creator). */
  hasDigitalFile: z.boolean(),
  digitalFileId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  performer: z.object({ _id: z.string(), username: z.string().nullable(), name: z.string().nullable(), avatar: z.string() }),
});
export type ProductDto = z.infer<typeof productSchema>;

/** The products among `ids` this user has a successful charge for. */
export async function boughtProductIds(db: DbOrTx, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: walletCharges.targetId })
    .from(walletCharges)
    .where(and(eq(walletCharges.userId, userId), eq(walletCharges.target, 'product'), eq(walletCharges.status, 'success'), inArray(walletCharges.targetId, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export async function presentProducts(ctx: AppContext, viewer: AuthUser | null, rows: readonly ProductWithCreator[]): Promise<ProductDto[]> {
  const imageIds = rows.map((r) => r.product.imageFileId).filter((id): id is string => !!id);
  const [images, bought] = await Promise.all([
    imageIds.length ? ctx.db.select({ id: files.id, path: files.storagePath, variants: files.variants }).from(files).where(inArray(files.id, imageIds)) : [],
    viewer ? boughtProductIds(ctx.db, viewer.id, rows.map((r) => r.product.id)) : new Set<string>(),
  ]);
  const imageById = new Map(images.map((image) => [image.id, image]));
  const origin = ctx.config.publicOrigin;
  return rows.map(({ product, creator }) => {
    const image = product.imageFileId ? imageById.get(product.imageFileId) : undefined;
    const own = viewer !== null && viewer.id === product.performerId;
    return {
      _id: product.id,
      performerId: product.performerId,
      name: product.name,
      description: product.description,
      type: product.type,
      status: product.status,
      price: fromCents(product.priceCents),
      stock: product.stock,
      imageId: image ? product.imageFileId : null,
      image: image ? `${origin}/files/${image.path}` : null,
      images: Object.fromEntries((image?.variants ?? []).map((v) => [v.name, `${origin}/files/${v.path}`])),
      isBought: bought.has(product.id),
      hasDigitalFile: product.digitalFileId !== null,
      digitalFileId: own ? product.digitalFileId : null,
      createdAt: product.createdAt.toISOString(),
      updatedAt: product.updatedAt.toISOString(),
      performer: { _id: creator.id, username: creator.username, name: creator.name, avatar: fileUrl(origin, creator.avatarPath, AVATAR_PLACEHOLDER) },
    };
  });
}
