import { LIMITS } from '@fandeck/contract';
import { z } from 'zod';
import { VIDEO_STATUSES } from './videos.tables.js';
import { amountSchema } from '../../money/amounts.js';
import { sortableListQuery } from '../../http/pagination.js';

export const VIDEO_TITLE_MAX = LIMITS.video.titleMax;
export const VIDEO_DESCRIPTION_MAX = LIMITS.video.descriptionMax;
export const VIDEO_TAGS_MAX = LIMITS.video.tagsMax;
export const VIDEO_TAG_MAX = LIMITS.video.tagMax;

const id = z.string().min(1).max(64);

/** A JSON boolean, or the `true`/`false` a form sends. */
export const flagSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

const tagList = z.array(z.string().trim().min(1).max(VIDEO_TAG_MAX)).max(VIDEO_TAGS_MAX);
const uniqueTags = (tags: string[]) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
/** A list of tags, or one comma-separated text (what a form sends); blanks and repeats dropped. */
const tagsSchema = z.union([
  z.array(z.string().max(VIDEO_TAG_MAX * 2)).max(VIDEO_TAGS_MAX * 2).transform(uniqueTags).pipe(tagList),
  z.string().max(VIDEO_TAGS_MAX * (VIDEO_TAG_MAX + 2)).transform((text) => uniqueTags(text.split(','))).pipe(tagList),
]);

/** A video's fields, none with a default: an edit changes only what it sends. */
const videoFields = z.object({
  title: z.string().trim().min(1).max(VIDEO_TITLE_MAX),
  description: z.string().trim().max(VIDEO_DESCRIPTION_MAX),
  tags: tagsSchema,
  /** Sold on its own: fans unlock it through POST /wallet/charges/video/{id}. */
  isSale: flagSchema,
  /** Decimal units; required and at least 1.00 when `isSale`. */
  price: amountSchema,
  /** Not for sale: only the creator's active subscribers (and staff) may watch it. A video for sale is sold on its own. */
  subscribersOnly: flagSchema,
  /** `active` publishes it (it needs its video file), `inactive` hides it, `draft` keeps it to its creator. */
  status: z.enum(VIDEO_STATUSES),
  /** ISO date-time: published then (fans do not see it before). */
  scheduledAt: z.iso.datetime({ offset: true }),
  /** From POST /performer/performer-assets/videos/video/upload. */
  fileId: id,
  /** From …/videos/teaser/upload: a short clip everyone may watch. */
  teaserId: id,
  /** From …/videos/thumbnail/upload. */
  thumbnailId: id,
});

const createDefaults = {
  description: videoFields.shape.description.default(''),
  tags: tagsSchema.default([]),
  isSale: videoFields.shape.isSale.default(false),
  price: videoFields.shape.price.optional(),
  subscribersOnly: videoFields.shape.subscribersOnly.default(false),
  status: videoFields.shape.status.default('active'),
  scheduledAt: videoFields.shape.scheduledAt.optional(),
};

/** POST /performer/performer-assets/videos: the files come from the three upload routes. */
export const videoCreateSchema = videoFields.extend({
  ...createDefaults,
  fileId: id.optional(),
  teaserId: id.optional(),
  thumbnailId: id.optional(),
});
export type VideoCreate = z.output<typeof videoCreateSchema>;

export const videoUpdateSchema = videoFields.partial();
export type VideoUpdate = z.output<typeof videoUpdateSchema>;

/** The text fields of the one-shot multipart upload (the video itself is the file). */
export const videoFormSchema = videoFields.omit({ fileId: true, teaserId: true, thumbnailId: true }).extend(createDefaults);
/** The text fields of a multipart edit. */
export const videoFormUpdateSchema = videoFields.omit({ fileId: true, teaserId: true, thumbnailId: true }).partial();

export const VIDEO_FILE_KINDS = ['video', 'teaser', 'thumbnail'] as const;
export type VideoFileKind = (typeof VIDEO_FILE_KINDS)[number];
export const removeFileSchema = z.object({ type: z.enum(VIDEO_FILE_KINDS) });

export const videoSortColumns = { createdAt: true, updatedAt: true, price: true } as const;
export const videoListQuerySchema = sortableListQuery(videoSortColumns).extend({
  q: z.string().trim().max(100).optional(),
  performerId: id.optional(),
  isSale: z.enum(['true', 'false']).optional(),
  /** The creator's own list only. */
  status: z.enum(VIDEO_STATUSES).optional(),
});
export type VideoListQuery = z.output<typeof videoListQuerySchema>;

const reelFields = z.object({
  title: z.string().trim().max(VIDEO_TITLE_MAX),
  description: z.string().trim().max(VIDEO_DESCRIPTION_MAX),
  status: z.enum(VIDEO_STATUSES),
});
export const reelInputSchema = reelFields.extend({
  title: reelFields.shape.title.default(''),
  description: reelFields.shape.description.default(''),
  status: reelFields.shape.status.default('active'),
});
export type ReelInput = z.output<typeof reelInputSchema>;
export const reelUpdateSchema = reelFields.partial();
export type ReelUpdate = z.output<typeof reelUpdateSchema>;

export const reelSortColumns = { createdAt: true, updatedAt: true } as const;
export const reelListQuerySchema = sortableListQuery(reelSortColumns).extend({
  q: z.string().trim().max(100).optional(),
  performerId: id.optional(),
  status: z.enum(VIDEO_STATUSES).optional(),
});
export type ReelListQuery = z.output<typeof reelListQuerySchema>;
