import { LIMITS } from '@fandeck/contract';
import { z } from 'zod';
import { FEED_STATUSES } from './feeds.tables.js';
import { amountSchema } from '../../money/amounts.js';
import { sortableListQuery } from '../../http/pagination.js';

export const FEED_TEXT_MAX = LIMITS.feed.textMax;
export const FEED_FILES_MAX = LIMITS.feed.filesMax;
/** The kinds of post this version publishes. */
export const PUBLISHED_FEED_TYPES = ['text', 'photo', 'video', 'audio', 'poll', 'crowdfunding'] as const;
export type PublishedFeedType = (typeof PUBLISHED_FEED_TYPES)[number];
/** The kinds of post that may carry a thumbnail and a teaser. */
export const PREVIEWED_FEED_TYPES: readonly PublishedFeedType[] = ['video', 'audio'];

export const POLL_OPTIONS_MIN = LIMITS.feed.pollOptionsMin;
export const POLL_OPTIONS_MAX = LIMITS.feed.pollOptionsMax;
export const POLL_OPTION_MAX = LIMITS.feed.pollOptionMax;
export const POLL_DESCRIPTION_MAX = LIMITS.feed.pollDescriptionMax;
export const CROWDFUNDING_TITLE_MAX = LIMITS.feed.crowdfundingTitleMax;
export const CROWDFUNDING_DESCRIPTION_MAX = LIMITS.feed.crowdfundingDescriptionMax;
/** A goal, and one contribution, in cents: at least 1.00. */
export const CROWDFUNDING_MIN_CENTS = LIMITS.feed.crowdfundingMinCents;
/** The largest goal: 1,000,000.00. */
export const CROWDFUNDING_GOAL_MAX_CENTS = LIMITS.feed.crowdfundingGoalMaxCents;
/** The largest single contribution: 10,000.00 (the default tip maximum). */
export const CROWDFUNDING_CONTRIBUTION_MAX_CENTS = LIMITS.feed.crowdfundingContributionMaxCents;

const id = z.string().min(1).max(64);

/** A post's fields, none with a default: an edit changes only what it sends. */
const feedFields = z.object({
  type: z.enum(PUBLISHED_FEED_TYPES),
  text: z.string().trim().max(FEED_TEXT_MAX),
  /** Sold on its own: fans unlock it through POST /wallet/charges/feed/{id}. */
  isSale: z.boolean(),
  /** Decimal units; required and at least 1.00 when `isSale`. */
  price: amountSchema,
  /** Not for sale: only the creator's active subscribers (and staff) see its media. A post for sale is sold on its own. */
  subscribersOnly: z.boolean(),
  /** Photos uploaded through POST /performer/feeds/photo/upload, in order; or the one video from …/video/upload; or the one audio file from …/audio/upload. */
  fileIds: z.array(id).max(FEED_FILES_MAX),
  /** A `poll` post: the poll from POST /performer/feeds/polls (one poll per post; a post keeps its poll). */
  pollId: id,
  /** A `crowdfunding` post: the goal from POST /performer/feeds/crowdfunding (one per post; a post keeps its goal). */
  crowdfundingId: id,
  /** Video and audio posts: an image from POST /performer/feeds/thumbnail/upload, shown to every viewer; null removes it. */
  thumbnailId: id.nullable(),
  /** Video and audio posts: a short video from POST /performer/feeds/teaser/upload, shown to every viewer; null removes it. */
  teaserId: id.nullable(),
  status: z.enum(FEED_STATUSES),
  /** ISO date-time: published then (fans do not see it before). */
  scheduledAt: z.iso.datetime({ offset: true }),
});

export const feedInputSchema = feedFields.extend({
  text: feedFields.shape.text.default(''),
  isSale: feedFields.shape.isSale.default(false),
  price: feedFields.shape.price.optional(),
  subscribersOnly: feedFields.shape.subscribersOnly.default(false),
  fileIds: feedFields.shape.fileIds.default([]),
  status: feedFields.shape.status.default('active'),
  scheduledAt: feedFields.shape.scheduledAt.optional(),
  pollId: feedFields.shape.pollId.optional(),
  crowdfundingId: feedFields.shape.crowdfundingId.optional(),
  thumbnailId: feedFields.shape.thumbnailId.optional(),
  teaserId: feedFields.shape.teaserId.optional(),
});
export type FeedInput = z.output<typeof feedInputSchema>;

export const feedUpdateSchema = feedFields.partial();
export type FeedUpdate = z.output<typeof feedUpdateSchema>;

export const feedSortColumns = { createdAt: true, updatedAt: true, price: true } as const;
export const feedListQuerySchema = sortableListQuery(feedSortColumns).extend({
  q: z.string().trim().max(100).optional(),
  type: z.enum(PUBLISHED_FEED_TYPES).optional(),
  performerId: id.optional(),
  /** `true`: only creators the signed-in viewer follows or subscribes to now (the fan's home feed). */
  following: z.enum(['true', 'false']).optional(),
});
export type FeedListQuery = z.output<typeof feedListQuerySchema>;

const futureDate = z.iso.datetime({ offset: true }).refine((value) => Date.parse(value) > Date.now(), 'must be in the future');

/** POST /performer/feeds/polls. */
export const pollInputSchema = z.object({
  description: z.string().trim().max(POLL_DESCRIPTION_MAX).default(''),
  options: z.array(z.string().trim().min(1).max(POLL_OPTION_MAX)).min(POLL_OPTIONS_MIN).max(POLL_OPTIONS_MAX),
  /** ISO date-time in the future: votes are refused from then on. */
  expiredAt: futureDate.optional(),
});
export type PollInput = z.output<typeof pollInputSchema>;

/** POST /performer/feeds/crowdfunding. */
export const crowdfundingInputSchema = z.object({
  title: z.string().trim().max(CROWDFUNDING_TITLE_MAX).default(''),
  description: z.string().trim().max(CROWDFUNDING_DESCRIPTION_MAX).default(''),
  /** Decimal units, at least 1.00. */
  goal: amountSchema.pipe(z.number().int().min(CROWDFUNDING_MIN_CENTS, 'must be at least 1.00').max(CROWDFUNDING_GOAL_MAX_CENTS, 'must be at most 1000000.00')),
});
export type CrowdfundingInput = z.output<typeof crowdfundingInputSchema>;
