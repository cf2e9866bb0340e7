import { creatorShownTo, type Audience } from '../../content/blocks.js';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { galleries, galleryPhotos } from './galleries.tables.js';
import { notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { escapeLike, sortColumnOf, toPage } from '../../http/pagination.js';
import { parseOrThrow } from '../../http/validate.js';
import { uploadImage } from '../../media/image-upload.js';
import { photoUploadFieldsSchema, type PhotoCreate, type PhotoListQuery, type PhotoUpdate } from './galleries.schemas.js';
import { galleryPublished, ownGallery, removeFileRecords, removeFolders, type GalleryRow } from './galleries.service.js';

export type PhotoRow = typeof galleryPhotos.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export const GALLERY_PHOTO_PURPOSE = 'gallery-photo';
/** The multipart field a photo upload reads (what existing clients send). */
export const PHOTO_FIELD = 'photo';
export const NO_SUCH_PHOTO = 'No such photo';

/** A photo with its file and what deciding whether it is locked needs of its gallery. */
export interface PhotoWithGallery {
  photo: PhotoRow;
  file: FileRow;
  gallery: Pick<GalleryRow, 'id' | 'performerId' | 'isSale' | 'priceCents' | 'subscribersOnly'>;
}

const galleryColumns = { id: galleries.id, performerId: galleries.performerId, isSale: galleries.isSale, priceCents: galleries.priceCents, subscribersOnly: galleries.subscribersOnly };

/** Multipart text fields as a JSON body would be validated: `""` is an absent field. */
const withoutBlanks = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));

/**
 * A photo uploaded straight into one of the creator's galleries. The image is processed
 * first (its form fields arrive with it); when the fields or the gallery are refused, the
 * stored file is removed again.
 */
export async function uploadPhoto(ctx: AppContext, creator: AuthUser, request: FastifyRequest): Promise<PhotoRow> {
  const image = await uploadImage(ctx, request, creator.id, 'photo', { folder: 'media', purpose: GALLERY_PHOTO_PURPOSE, field: PHOTO_FIELD });
  const stored = { id: image.fileId, path: image.variants.at(-1)!.path };
  try {
    const fields = parseOrThrow(photoUploadFieldsSchema, withoutBlanks(image.fields));
    return await ctx.db.transaction(async (tx) => {
      await ownGallery(tx, creator.id, fields.galleryId, true);
      const [photo] = await tx
        .insert(galleryPhotos)
        .values({ galleryId: fields.galleryId, performerId: creator.id, fileId: image.fileId, title: fields.title, description: fields.description, status: fields.status })
        .returning();
      await countPhotos(tx, fields.galleryId, 1);
      return photo!;
    });
  } catch (error) {
    await removeFileRecords(ctx.db, [stored]);
    await removeFolders(ctx, [stored]);
    throw error;
  }
}

/** Moves a gallery's photo count by `delta`, never below zero. */
async function countPhotos(tx: Tx, galleryId: string, delta: number): Promise<void> {
  await tx
    .update(galleries)
    .set({ photosCount: sql`greatest(${galleries.photosCount} + ${delta}, 0)`, updatedAt: new Date() })
    .where(eq(galleries.id, galleryId));
}

/**
 * Turns gallery photos the creator uploaded earlier and that are in no gallery into photos
 * of one of their galleries, in the order given. Anything else (another creator's file, a
 * post's photo, a photo already in a gallery, a file listed twice) refuses the whole list.
 */
export async function createPhotos(ctx: AppContext, creator: AuthUser, input: PhotoCreate): Promise<string[]> {
  const refused = () => unprocessable('photos.files_invalid', 'body.fileIds: a file is not one of your uploaded gallery photos, or is in a gallery already');
  if (new Set(input.fileIds).size !== input.fileIds.length) throw unprocessable('photos.files_invalid', 'body.fileIds: a file is listed twice');
  return ctx.db.transaction(async (tx) => {
    await ownGallery(tx, creator.id, input.galleryId, true);
    const usable = await tx
      .select({ id: files.id })
      .from(files)
      .leftJoin(galleryPhotos, eq(galleryPhotos.fileId, files.id))
      .where(and(inArray(files.id, input.fileIds), eq(files.ownerId, creator.id), eq(files.purpose, GALLERY_PHOTO_PURPOSE), isNull(galleryPhotos.id)));
    if (usable.length !== input.fileIds.length) throw refused();
    const now = Date.now();
    // Each a millisecond apart, so the list keeps the order given; a file attached meanwhile by another request is skipped, and refused.
    const inserted = await tx
      .insert(galleryPhotos)
      .values(input.fileIds.map((fileId, i) => ({ galleryId: input.galleryId, performerId: creator.id, fileId, status: input.status, createdAt: new Date(now + i), updatedAt: new Date(now + i) })))
      .onConflictDoNothing({ target: galleryPhotos.fileId })
      .returning({ id: galleryPhotos.id });
    if (inserted.length !== input.fileIds.length) throw refused();
    await countPhotos(tx, input.galleryId, inserted.length);
    return inserted.map((row) => row.id);
  });
}

/** The creator's own photo; another creator's is a 404 like a missing one. */
async function ownPhoto(db: DbOrTx, creatorId: string, id: string): Promise<PhotoRow> {
  const [photo] = await db.select().from(galleryPhotos).where(and(eq(galleryPhotos.id, id), eq(galleryPhotos.performerId, creatorId)));
  if (!photo) throw notFound('photos.not_found', NO_SUCH_PHOTO);
  return photo;
}

/** Locks the creator's galleries in id order (two crossing moves cannot deadlock); a 404 unless all are theirs. */
async function lockGalleries(tx: Tx, creatorId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: galleries.id })
    .from(galleries)
    .where(and(inArray(galleries.id, unique), eq(galleries.performerId, creatorId)))
    .orderBy(asc(galleries.id))
    .for('update');
  if (rows.length !== unique.length) throw notFound('galleries.not_found', 'No such gallery of yours');
}

/** The photo, locked with its gallery; a 404 when it is gone (or moved meanwhile). */
async function lockOwnPhoto(tx: Tx, creatorId: string, id: string, alsoGallery?: string): Promise<PhotoRow> {
  const before = await ownPhoto(tx, creatorId, id);
  await lockGalleries(tx, creatorId, alsoGallery ? [before.galleryId, alsoGallery] : [before.galleryId]);
  const [photo] = await tx
    .select()
    .from(galleryPhotos)
    .where(and(eq(galleryPhotos.id, id), eq(galleryPhotos.galleryId, before.galleryId)))
    .for('update');
  if (!photo) throw notFound('photos.not_found', NO_SUCH_PHOTO);
  return photo;
}

/** Edits a photo; a new `galleryId` moves it (counts follow, and it stops being its old gallery's cover). */
export async function updatePhoto(ctx: AppContext, creator: AuthUser, id: string, patch: PhotoUpdate): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockOwnPhoto(tx, creator.id, id, patch.galleryId);
    const moving = patch.galleryId !== undefined && patch.galleryId !== current.galleryId;
    await tx
      .update(galleryPhotos)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(moving ? { galleryId: patch.galleryId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(galleryPhotos.id, id));
    if (moving) {
      await tx.update(galleries).set({ coverPhotoId: null }).where(and(eq(galleries.id, current.galleryId), eq(galleries.coverPhotoId, id)));
      await countPhotos(tx, current.galleryId, -1);
      await countPhotos(tx, patch.galleryId!, 1);
    }
  });
}

/** Makes the photo its gallery's cover; returns the gallery's id. */
export async function setCover(ctx: AppContext, creator: AuthUser, id: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const photo = await lockOwnPhoto(tx, creator.id, id);
    await tx.update(galleries).set({ coverPhotoId: photo.id, updatedAt: new Date() }).where(eq(galleries.id, photo.galleryId));
    return photo.galleryId;
  });
}

/** Deletes a photo, its file record and its stored sizes; its gallery is left without a cover if it was the cover. */
export async function deletePhoto(ctx: AppContext, creator: AuthUser, id: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const photo = await lockOwnPhoto(tx, creator.id, id);
    const [file] = await tx.select({ id: files.id, path: files.storagePath }).from(files).where(eq(files.id, photo.fileId));
    // The cover reference is cleared by its foreign key (on delete set null).
    await tx.delete(galleryPhotos).where(eq(galleryPhotos.id, id));
    await countPhotos(tx, photo.galleryId, -1);
    if (file) await removeFileRecords(tx, [file]);
    return file ? [file] : [];
  });
  await removeFolders(ctx, removed);
}

/**
 * A page of photos. `fans`: one creator's active photos in published galleries;
 * `mine`: the creator's own, drafts included.
 */
export async function searchPhotos(ctx: AppContext, scope: { fans: string; audience?: Audience } | { mine: string }, query: PhotoListQuery) {
  const page = toPage(query, { sortBy: 'createdAt' });
  const filters: (SQL | undefined)[] =
    'mine' in scope ? [eq(galleryPhotos.performerId, scope.mine)] : [eq(galleryPhotos.performerId, scope.fans), eq(galleryPhotos.status, 'active'), galleryPublished()];
  if ('fans' in scope && scope.audience) filters.push(creatorShownTo(ctx.db, scope.audience, galleryPhotos.performerId));
  if (query.galleryId) filters.push(eq(galleryPhotos.galleryId, query.galleryId));
  if (query.status && 'mine' in scope) filters.push(eq(galleryPhotos.status, query.status));
  if (query.q) filters.push(ilike(galleryPhotos.title, `%${escapeLike(query.q)}%`));
  const where = and(...filters);
  const column = sortColumnOf({ createdAt: galleryPhotos.createdAt, updatedAt: galleryPhotos.updatedAt, title: galleryPhotos.title }, page, galleryPhotos.createdAt);
  const from = () =>
    ctx.db
      .select({ photo: galleryPhotos, file: files, gallery: galleryColumns })
      .from(galleryPhotos)
      .innerJoin(files, eq(files.id, galleryPhotos.fileId))
      .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
      .innerJoin(users, eq(users.id, galleries.performerId));
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      .orderBy(page.sort === 'asc' ? asc(column) : desc(column), desc(galleryPhotos.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db
      .select({ total: count() })
      .from(galleryPhotos)
      .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
      .innerJoin(users, eq(users.id, galleries.performerId))
      .where(where),
  ]);
  return { items: rows as PhotoWithGallery[], total: total?.total ?? 0 };
}

/** The creator's own photos by id, as `searchPhotos` returns them. */
export async function ownPhotosByIds(ctx: AppContext, creatorId: string, ids: readonly string[]): Promise<PhotoWithGallery[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ photo: galleryPhotos, file: files, gallery: galleryColumns })
    .from(galleryPhotos)
    .innerJoin(files, eq(files.id, galleryPhotos.fileId))
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .where(and(inArray(galleryPhotos.id, [...ids]), eq(galleryPhotos.performerId, creatorId)));
  const byId = new Map(rows.map((row) => [row.photo.id, row as PhotoWithGallery]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * How many photos fans can see of each creator (active photos in published galleries):
 * the profile's `stats.totalPhotos`, counted rather than stored.
 */
export async function countPublishedPhotos(db: DbOrTx, performerIds: readonly string[]): Promise<Map<string, number>> {
  if (performerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: galleryPhotos.performerId, n: count() })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .innerJoin(users, eq(users.id, galleries.performerId))
    .where(and(inArray(galleryPhotos.performerId, [...performerIds]), eq(galleryPhotos.status, 'active'), galleryPublished()))
    .groupBy(galleryPhotos.performerId);
  return new Map(rows.map((row) => [row.id, row.n]));
}
