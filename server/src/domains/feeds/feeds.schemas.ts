import { z } from 'zod';
import { FEED_STATUSES } from '../../db/schema/index.js';
import { amountSchema } from '../../http/money.js';
import { sortableListQuery } from '../../http/pagination.js';

export const FEED_TEXT_MAX = 5000;
export const FEED_FILES_MAX = 20;
/** The kinds of post this version publishes; audio, polls and crowdfunding come with their media. */
export const PUBLISHED_FEED_TYPES = ['text', 'photo', 'video'] as const;

const id = z.string().min(1).max(64);

/** A post's fields, none with a default: an edit changes only what it sends. */
const feedFields = z.object({
  type: z.enum(PUBLISHED_FEED_TYPES),
  text: z.string().trim().max(FEED_TEXT_MAX),
  /** Sold on its own: fans unlock it through POST /wallet/charges/feed/{id}. */
  isSale: z.boolean(),
  /** Decimal units; required and at least 1.00 when `isSale`. */
  price: amountSchema,
  /** Photos uploaded through POST /performer/feeds/photo/upload, in order; or the one video from …/video/upload. */
  fileIds: z.array(id).max(FEED_FILES_MAX),
  status: z.enum(FEED_STATUSES),
  /** ISO date-time: published then (fans do not see it before). */
  scheduledAt: z.iso.datetime({ offset: true }),
});

export const feedInputSchema = feedFields.extend({
  text: feedFields.shape.text.default(''),
  isSale: feedFields.shape.isSale.default(false),
  price: feedFields.shape.price.optional(),
  fileIds: feedFields.shape.fileIds.default([]),
  status: feedFields.shape.status.default('active'),
  scheduledAt: feedFields.shape.scheduledAt.optional(),
});
export type FeedInput = z.output<typeof feedInputSchema>;

export const feedUpdateSchema = feedFields.partial();
export type FeedUpdate = z.output<typeof feedUpdateSchema>;

export const feedSortColumns = { createdAt: true, updatedAt: true, price: true } as const;
export const feedListQuerySchema = sortableListQuery(feedSortColumns).extend({
  q: z.string().trim().max(100).optional(),
  type: z.enum(PUBLISHED_FEED_TYPES).optional(),
  performerId: id.optional(),
  /** `true`: only creators the signed-in viewer follows (the fan's home feed). */
  following: z.enum(['true', 'false']).optional(),
});
export type FeedListQuery = z.output<typeof feedListQuerySchema>;
