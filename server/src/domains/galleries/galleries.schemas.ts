import { LIMITS } from '@fandeck/contract';
import { z } from 'zod';
import { GALLERY_STATUSES } from './galleries.tables.js';
import { amountSchema } from '../../money/amounts.js';
import { sortableListQuery } from '../../http/pagination.js';

export const GALLERY_TITLE_MAX = LIMITS.gallery.titleMax;
export const GALLERY_DESCRIPTION_MAX = LIMITS.gallery.descriptionMax;
/** How many uploaded photos one POST /performer/performer-assets/photos attaches. */
export const PHOTOS_PER_CREATE_MAX = 50;

const id = z.string().min(1).max(64);
const title = z.string().trim().min(1).max(GALLERY_TITLE_MAX);
const description = z.string().trim().max(GALLERY_DESCRIPTION_MAX);

/** A gallery's fields, none with a default: an edit changes only what it sends. */
const galleryFields = z.object({
  title,
  description,
  status: z.enum(GALLERY_STATUSES),
  /** Sold as a whole: fans unlock its photos through POST /wallet/charges/gallery/{id}. */
  isSale: z.boolean(),
  /** Decimal units; required and at least 1.00 when `isSale`. */
  price: amountSchema,
  /** Not for sale: only the creator's active subscribers (and staff) see its photos. A gallery for sale is sold on its own. */
  subscribersOnly: z.boolean(),
});

export const galleryInputSchema = galleryFields.extend({
  description: description.default(''),
  status: galleryFields.shape.status.default('active'),
  isSale: galleryFields.shape.isSale.default(false),
  price: amountSchema.optional(),
  subscribersOnly: galleryFields.shape.subscribersOnly.default(false),
});
export type GalleryInput = z.output<typeof galleryInputSchema>;

export const galleryUpdateSchema = galleryFields.partial();
export type GalleryUpdate = z.output<typeof galleryUpdateSchema>;

export const gallerySortColumns = { createdAt: true, updatedAt: true, price: true, title: true, numOfItems: true } as const;
export const galleryListQuerySchema = sortableListQuery(gallerySortColumns).extend({
  q: z.string().trim().max(100).optional(),
  performerId: id.optional(),
  /** The creator's own list only. */
  status: z.enum(GALLERY_STATUSES).optional(),
});
export type GalleryListQuery = z.output<typeof galleryListQuerySchema>;

/** The text fields of a photo upload (multipart, beside the image). */
export const photoUploadFieldsSchema = z.object({
  /** One of the creator's own galleries. */
  galleryId: id,
  title: z.string().trim().max(GALLERY_TITLE_MAX).default(''),
  description: description.default(''),
  status: z.enum(GALLERY_STATUSES).default('active'),
});
export type PhotoUploadFields = z.output<typeof photoUploadFieldsSchema>;

export const photoCreateSchema = z.object({
  galleryId: id,
  /** Gallery photos the creator uploaded that are in no gallery yet; each becomes a photo, in order. */
  fileIds: z.array(id).min(1).max(PHOTOS_PER_CREATE_MAX),
  status: z.enum(GALLERY_STATUSES).default('active'),
});
export type PhotoCreate = z.output<typeof photoCreateSchema>;

export const photoUpdateSchema = z.object({
  title: z.string().trim().max(GALLERY_TITLE_MAX),
  description,
  /** Moves the photo into another of the creator's galleries. */
  galleryId: id,
  status: z.enum(GALLERY_STATUSES),
}).partial();
export type PhotoUpdate = z.output<typeof photoUpdateSchema>;

export const photoSortColumns = { createdAt: true, updatedAt: true, title: true } as const;
export const photoListQuerySchema = sortableListQuery(photoSortColumns).extend({
  q: z.string().trim().max(100).optional(),
  galleryId: id.optional(),
  /** The creator's own list only. */
  status: z.enum(GALLERY_STATUSES).optional(),
});
export type PhotoListQuery = z.output<typeof photoListQuerySchema>;

export const idParams = z.object({ id });
export const performerParams = z.object({ performerId: id });
