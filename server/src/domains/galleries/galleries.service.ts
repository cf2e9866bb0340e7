import { contentPage, creatorColumns } from '../../content/content-page.js';
import { saleOf } from '../../content/sale.js';
import { creatorShownTo, hiddenSql, type Audience } from '../../content/blocks.js';
import path from 'node:path';
import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { galleries, galleryPhotos } from './galleries.tables.js';
import { notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { escapeLike, sortColumnOf, toPage } from '../../http/pagination.js';
import { requireApprovedToSell } from '../accounts/index.js';
import type { GalleryInput, GalleryListQuery, GalleryUpdate } from './galleries.schemas.js';

export type GalleryRow = typeof galleries.$inferSelect;
export const NO_SUCH_GALLERY = 'No such gallery';

/** What fans may see: an active gallery of an active creator (the query joins `users`). */
export const galleryPublished = () => and(eq(galleries.status, 'active'), eq(users.status, 'active'));


export async function createGallery(ctx: AppContext, creator: AuthUser, input: GalleryInput): Promise<GalleryRow> {
  const sale = saleOf(input.isSale, input.price, 'gallery');
  return ctx.db.transaction(async (tx) => {
    if (sale.isSale) await requireApprovedToSell(tx, creator.id);
    const [gallery] = await tx
      .insert(galleries)
      .values({ performerId: creator.id, title: input.title, description: input.description, status: input.status, ...sale, subscribersOnly: input.subscribersOnly })
      .returning();
    return gallery!;
  });
}

/** The creator's own gallery; another creator's is a 404 like a missing one. */
export async function ownGallery(db: DbOrTx, creatorId: string, id: string, lock = false): Promise<GalleryRow> {
  const query = db.select().from(galleries).where(and(eq(galleries.id, id), eq(galleries.performerId, creatorId)));
  const [gallery] = await (lock ? query.for('update') : query);
  if (!gallery) throw notFound('galleries.not_found', NO_SUCH_GALLERY);
  return gallery;
}

export async function updateGallery(ctx: AppContext, creator: AuthUser, id: string, patch: GalleryUpdate): Promise<GalleryRow> {
  return ctx.db.transaction(async (tx) => {
    const current = await ownGallery(tx, creator.id, id, true);
    const sale = saleOf(patch.isSale ?? current.isSale, patch.price ?? (current.isSale ? current.priceCents : undefined), 'gallery');
    if (sale.isSale && (!current.isSale || sale.priceCents !== current.priceCents)) await requireApprovedToSell(tx, creator.id);
    const [gallery] = await tx
      .update(galleries)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...sale,
        ...(patch.subscribersOnly !== undefined ? { subscribersOnly: patch.subscribersOnly } : {}),
        updatedAt: new Date(),
      })
      .where(eq(galleries.id, id))
      .returning();
    return gallery!;
  });
}

/** Deletes file records (the rows only; `removeFolders` deletes their bytes once committed). */
export async function removeFileRecords(db: DbOrTx, removed: readonly { id: string }[]): Promise<void> {
  if (removed.length === 0) return;
  await db.delete(files).where(inArray(files.id, removed.map((f) => f.id)));
}

/** Deletes the folders of these files (`media/<owner>/<file>/`), on disk or in the bucket. */
export async function removeFolders(ctx: AppContext, removed: readonly { path: string }[]): Promise<void> {
  await Promise.all(removed.map((f) => ctx.store.remove(path.posix.dirname(f.path))));
}

/** Deletes a gallery with its photos (their files and records). */
export async function deleteGallery(ctx: AppContext, creator: AuthUser, id: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    await ownGallery(tx, creator.id, id, true);
    const attached = await tx
      .select({ id: files.id, path: files.storagePath })
      .from(galleryPhotos)
      .innerJoin(files, eq(files.id, galleryPhotos.fileId))
      .where(eq(galleryPhotos.galleryId, id));
    // Its photos go with it (foreign key cascade), then the files they held.
    await tx.delete(galleries).where(eq(galleries.id, id));
    await removeFileRecords(tx, attached);
    return attached;
  });
  await removeFolders(ctx, removed);
}

export interface GalleryWithCreator {
  gallery: GalleryRow;
  creator: { id: string; username: string | null; name: string | null; avatarPath: string | null };
}


/**
 * A page of galleries. `fans`: what anyone sees (published, optionally of one creator);
 * `mine`: the creator's own, drafts included.
 */
export async function searchGalleries(ctx: AppContext, scope: { fans: true; audience?: Audience } | { mine: string }, query: GalleryListQuery) {
  const page = toPage(query, { sortBy: 'createdAt' });
  const filters: (SQL | undefined)[] = 'mine' in scope ? [eq(galleries.performerId, scope.mine)] : [galleryPublished()];
  // Nothing of a creator who blocked the viewer, or hides from their country.
  if ('fans' in scope && scope.audience) filters.push(creatorShownTo(ctx.db, scope.audience, galleries.performerId));
  if (query.performerId) filters.push(eq(galleries.performerId, query.performerId));
  if (query.status && 'mine' in scope) filters.push(eq(galleries.status, query.status));
  if (query.q) filters.push(ilike(galleries.title, `%${escapeLike(query.q)}%`));
  const where = and(...filters);
  const column = sortColumnOf(
    { createdAt: galleries.createdAt, updatedAt: galleries.updatedAt, price: galleries.priceCents, title: galleries.title, numOfItems: galleries.photosCount },
    page,
    galleries.createdAt,
  );
  return contentPage<GalleryWithCreator>(ctx, 'gallery', galleries, where, column, page);
}

/** One gallery as fans see it (published), or as its creator or staff do (any state). */
export async function findGallery(ctx: AppContext, id: string, viewer: AuthUser | null, audience: Audience = { viewer, country: null }): Promise<GalleryWithCreator> {
  const [row] = await ctx.db
    .select({ gallery: galleries, creator: creatorColumns, published: sql<boolean>`coalesce(${galleryPublished()}, false)`, hidden: hiddenSql(ctx.db, audience, galleries.performerId) })
    .from(galleries)
    .innerJoin(users, eq(users.id, galleries.performerId))
    .where(eq(galleries.id, id));
  const own = row !== undefined && viewer !== null && (viewer.id === row.gallery.performerId || viewer.role === 'admin');
  if (!row || (!own && (row.published !== true || row.hidden === true))) throw notFound('galleries.not_found', NO_SUCH_GALLERY);
  return { gallery: row.gallery, creator: row.creator } as GalleryWithCreator;
}
