import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';

export const FEED_TYPES = ['text', 'photo', 'video', 'audio', 'poll', 'crowdfunding'] as const;
export type FeedType = (typeof FEED_TYPES)[number];

/** Posts; the full feed domain builds on this table. */
export const feeds = pgTable(
  'feeds',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<FeedType>().notNull().default('text'),
    text: text('text').notNull().default(''),
    isSale: boolean('is_sale').notNull().default(false),
    /** Not for sale on its own, but only for the creator's active subscribers (and staff). */
    subscribersOnly: boolean('subscribers_only').notNull().default(false),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    /** `active` (published, from `scheduledAt` when set) or `draft` (only its creator sees it). */
    status: text('status').$type<FeedStatus>().notNull().default('active'),
    /** A post published later: hidden from fans until then. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** Hidden by staff acting on a report: no fan sees it any more; its creator still does. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('feeds_performer_idx').on(t.performerId, t.createdAt)],
);

export const FEED_STATUSES = ['active', 'draft'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

/** The media of a post, in order; a file belongs to one post. */
export const feedFiles = pgTable(
  'feed_files',
  {
    feedId: text('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.fileId] }), uniqueIndex('feed_files_file_unique').on(t.fileId)],
);

// Polls, crowdfunding goals and previews of posts (db/migrations/0014_feed_extras.sql holds their SQL).
/**
 * A poll, created on its own (POST /performer/feeds/polls) and then linked to the one post of
 * type `poll` that shows it (`feedId`, unique). It goes with its post.
 */
export const feedPolls = pgTable(
  'feed_polls',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feedId: text('feed_id').references(() => feeds.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    /** Votes are refused from then on; null: open for as long as the post is. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    totalVotes: integer('total_votes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('feed_polls_feed_unique').on(t.feedId), index('feed_polls_performer_idx').on(t.performerId), check('feed_polls_votes_not_negative', sql`${t.totalVotes} >= 0`)],
);

/** The answers of a poll, in order; `total` counts its votes. */
export const feedPollOptions = pgTable(
  'feed_poll_options',
  {
    id: idColumn(),
    pollId: text('poll_id')
      .notNull()
      .references(() => feedPolls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [index('feed_poll_options_poll_idx').on(t.pollId, t.position), check('feed_poll_options_total_not_negative', sql`${t.total} >= 0`)],
);

/** One vote per fan per poll: the primary key is what makes a second (or concurrent) vote a no-op. */
export const feedPollVotes = pgTable(
  'feed_poll_votes',
  {
    pollId: text('poll_id')
      .notNull()
      .references(() => feedPolls.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: text('option_id')
      .notNull()
      .references(() => feedPollOptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index('feed_poll_votes_option_idx').on(t.optionId)],
);

/**
 * A crowdfunding goal, created on its own (POST /performer/feeds/crowdfunding) and linked to
 * the one post of type `crowdfunding` that shows it. Fans contribute through the wallet
 * (`POST /wallet/charges/crowdfunding/{id}`); `raisedCents` and `contributors` move in the
 * charge's transaction, by atomic increments.
 */
export const feedCrowdfunding = pgTable(
  'feed_crowdfunding',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feedId: text('feed_id').references(() => feeds.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    goalCents: bigint('goal_cents', { mode: 'number' }).notNull(),
    raisedCents: bigint('raised_cents', { mode: 'number' }).notNull().default(0),
    /** Distinct fans who contributed. */
    contributors: integer('contributors').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('feed_crowdfunding_feed_unique').on(t.feedId),
    index('feed_crowdfunding_performer_idx').on(t.performerId),
    check('feed_crowdfunding_amounts', sql`${t.goalCents} > 0 and ${t.raisedCents} >= 0 and ${t.contributors} >= 0`),
  ],
);

/** What each fan gave a goal in all; its rows are what `contributors` counts. */
export const feedCrowdfundingBackers = pgTable(
  'feed_crowdfunding_backers',
  {
    crowdfundingId: text('crowdfunding_id')
      .notNull()
      .references(() => feedCrowdfunding.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.crowdfundingId, t.userId] }), check('feed_crowdfunding_backers_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * A post's previews, shown to every viewer, locked or not: a thumbnail (an image,
 * `feed-thumbnail`) and a teaser (a short video, `feed-teaser`). Each file previews one post.
 */
export const feedPreviews = pgTable(
  'feed_previews',
  {
    feedId: text('feed_id')
      .primaryKey()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    thumbnailFileId: text('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    teaserFileId: text('teaser_file_id').references(() => files.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('feed_previews_thumbnail_unique').on(t.thumbnailFileId), uniqueIndex('feed_previews_teaser_unique').on(t.teaserFileId)],
);
