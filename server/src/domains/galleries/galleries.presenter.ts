import { inArray, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { entitledIds, type Sellable, type Viewer } from '../../content/entitlement.js';
import { files } from '../../media/files.tables.js';
import { galleryPhotos } from './galleries.tables.js';
import { fromCents } from '../../money/amounts.js';
import { signMediaPath } from '../../media/signed-links.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';
import type { GalleryRow, GalleryWithCreator } from './galleries.service.js';
import type { FileRow, PhotoWithGallery } from './photos.service.js';

const sizeSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

/** A picture as this viewer may see it: always its placeholder; its links only when open. */
const pictureFields = {
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A tiny blurred picture: all a locked photo shows. */
  placeholder: z.string().nullable(),
  /** The largest size, through a link signed for this viewer that works for a few minutes; null while locked. */
  url: z.string().nullable(),
  /** Every size (`small`, `medium`, `large`), signed like `url`; null while locked. */
  sizes: z.record(z.string(), sizeSchema).nullable(),
};

export const photoSchema = z.object({
  _id: z.string(),
  galleryId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  ...pictureFields,
  createdAt: z.string(),
});
export type PhotoDto = z.infer<typeof photoSchema>;

export const gallerySchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  isSale: z.boolean(),
  /** Decimal units; 0 when free. */
  price: z.number(),
  /** Only the creator's active subscribers see its photos (when not for sale). */
  subscribersOnly: z.boolean(),
  /** Whether the viewer bought it. */
  isBought: z.boolean(),
  /** Whether its photos are hidden from this viewer (a paid gallery not bought, a subscribers-only gallery of a creator they do not subscribe to). */
  locked: z.boolean(),
  /** Null until the creator picks one (POST /performer/performer-assets/photos/set-cover/{id}). */
  coverPhoto: z.object({ _id: z.string(), ...pictureFields }).nullable(),
  /** Its photos, drafts included. */
  numOfItems: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  performer: z.object({ _id: z.string(), username: z.string().nullable(), name: z.string().nullable(), avatar: z.string() }),
});
export type GalleryDto = z.infer<typeof gallerySchema>;

const PICTURE_SIZES = new Set(['small', 'medium', 'large']);

function presentPicture(ctx: AppContext, file: FileRow, viewerId: string | null, open: boolean) {
  const link = (name: string) => `${ctx.config.publicOrigin}${signMediaPath(ctx.config.mediaUrlSecret, file.id, name, viewerId)}`;
  const pictures = open ? (file.variants ?? []).filter((v) => PICTURE_SIZES.has(v.name)) : [];
  return {
    width: file.width,
    height: file.height,
    placeholder: file.placeholder,
    url: pictures.at(-1) ? link(pictures.at(-1)!.name) : null,
    sizes: open ? Object.fromEntries(pictures.map((v) => [v.name, { url: link(v.name), width: v.width, height: v.height }])) : null,
  };
}

const sellable = (gallery: Pick<GalleryRow, 'id' | 'performerId' | 'isSale' | 'priceCents' | 'subscribersOnly'>): Sellable => ({
  id: gallery.id,
  performerId: gallery.performerId,
  isSale: gallery.isSale,
  priceCents: gallery.priceCents,
  subscribersOnly: gallery.subscribersOnly,
});

/** The cover photos of these galleries with their files, by photo id. */
async function coversOf(ctx: AppContext, items: readonly GalleryWithCreator[]) {
  const ids = items.map(({ gallery }) => gallery.coverPhotoId).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map<string, { status: string; file: FileRow }>();
  const rows = await ctx.db
    .select({ id: galleryPhotos.id, status: galleryPhotos.status, file: files })
    .from(galleryPhotos)
    .innerJoin(files, eq(files.id, galleryPhotos.fileId))
    .where(inArray(galleryPhotos.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Galleries as this viewer may see them: every one shows its title, price and its cover's
 * placeholder; the cover's links only when `entitledIds` says the viewer may see it in full.
 */
export async function presentGalleries(ctx: AppContext, viewer: Viewer, items: readonly GalleryWithCreator[]): Promise<GalleryDto[]> {
  const [entitled, covers] = await Promise.all([entitledIds(ctx.db, viewer, 'gallery', items.map(({ gallery }) => sellable(gallery)), ctx.now()), coversOf(ctx, items)]);
  return items.map(({ gallery, creator }) => {
    const open = entitled.has(gallery.id);
    const paid = gallery.isSale && gallery.priceCents > 0;
    const own = viewer !== null && (viewer.id === gallery.performerId || viewer.role === 'admin');
    const cover = gallery.coverPhotoId ? covers.get(gallery.coverPhotoId) : undefined;
    // A draft photo stays hidden from fans, as their cover too.
    const showCover = cover !== undefined && (own || cover.status === 'active');
    return {
      _id: gallery.id,
      performerId: gallery.performerId,
      title: gallery.title,
      description: gallery.description,
      status: gallery.status,
      isSale: gallery.isSale,
      price: fromCents(gallery.priceCents),
      subscribersOnly: gallery.subscribersOnly,
      isBought: paid && open && !own,
      locked: !open,
      coverPhoto: showCover ? { _id: gallery.coverPhotoId!, ...presentPicture(ctx, cover.file, viewer?.id ?? null, open) } : null,
      numOfItems: gallery.photosCount,
      createdAt: gallery.createdAt.toISOString(),
      updatedAt: gallery.updatedAt.toISOString(),
      performer: { _id: creator.id, username: creator.username, name: creator.name, avatar: fileUrl(ctx.config.publicOrigin, creator.avatarPath, AVATAR_PLACEHOLDER) },
    };
  });
}

/** Photos as this viewer may see them: placeholders always, links only of galleries the viewer may see in full. */
export async function presentPhotos(ctx: AppContext, viewer: Viewer, items: readonly PhotoWithGallery[]): Promise<PhotoDto[]> {
  const galleries = new Map(items.map(({ gallery }) => [gallery.id, sellable(gallery)]));
  const entitled = await entitledIds(ctx.db, viewer, 'gallery', [...galleries.values()], ctx.now());
  return items.map(({ photo, file }) => ({
    _id: photo.id,
    galleryId: photo.galleryId,
    title: photo.title,
    description: photo.description,
    status: photo.status,
    ...presentPicture(ctx, file, viewer?.id ?? null, entitled.has(photo.galleryId)),
    createdAt: photo.createdAt.toISOString(),
  }));
}
