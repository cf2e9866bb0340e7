import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { users } from './users.js';

/** A creator's public profile; one row per user whose role is performer. */
export const performers = pgTable(
  'performers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    monthlyPriceCents: bigint('monthly_price_cents', { mode: 'number' }).notNull().default(595),
    quarterlyPriceCents: bigint('quarterly_price_cents', { mode: 'number' }).notNull().default(1595),
    halfYearlyPriceCents: bigint('half_yearly_price_cents', { mode: 'number' }).notNull().default(2995),
    yearlyPriceCents: bigint('yearly_price_cents', { mode: 'number' }).notNull().default(4995),
    /** What a private call costs a fan (0: the creator takes no private calls for money). */
    privateCallPriceCents: bigint('private_call_price_cents', { mode: 'number' }).notNull().default(0),
    freeSubscriptionEnabled: boolean('free_subscription_enabled').notNull().default(false),
    freeSubscriptionDays: integer('free_subscription_days').notNull().default(1),
    height: text('height'),
    weight: text('weight'),
    age: text('age'),
    bodyType: text('body_type'),
    ethnicity: text('ethnicity'),
    size: text('size'),
    hair: text('hair'),
    eyes: text('eyes'),
    sexualOrientation: text('sexual_orientation'),
    city: text('city'),
    state: text('state'),
    /** Street address and postal code: shown to the creator themself only, never on the public profile. */
    address: text('address'),
    zipcode: text('zipcode'),
    /** ISO 639-1 codes of the languages the creator speaks. */
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    /** The short video on the profile (`files.purpose` `welcome-video`); its files go when it is replaced. */
    welcomeVideoFileId: text('welcome_video_file_id').references(() => files.id, { onDelete: 'set null' }),
    idFrontFileId: text('id_front_file_id'),
    idBackFileId: text('id_back_file_id'),
    verifiedDocument: boolean('verified_document').notNull().default(false),
    isOnline: boolean('is_online').notNull().default(false),
    subscribersCount: integer('subscribers_count').notNull().default(0),
    followersCount: integer('followers_count').notNull().default(0),
    feedsCount: integer('feeds_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('performers_created_idx').on(t.createdAt)],
);

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

/** Uploaded files, stored under generated names; originalName is cleaned and for display only. */
export const files = pgTable('files', {
  id: idColumn(),
  ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
  purpose: text('purpose').notNull(),
  storagePath: text('storage_path').notNull(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  /** Processed images: their upright size, a blurred placeholder and the sizes written (media/images.ts). */
  width: integer('width'),
  height: integer('height'),
  placeholder: text('placeholder'),
  variants: jsonb('variants').$type<{ name: string; path: string; width: number; height: number; bytes: number }[]>(),
  /** Videos: `processing` until the transcode job finishes (`finished`) or gives up (`error`); null for images. */
  status: text('status').$type<FileStatus>(),
  /** Videos: how far the transcode is, 0 to 100. */
  progress: integer('progress'),
  durationSeconds: real('duration_seconds'),
  createdAt: createdAt(),
});

export const FILE_STATUSES = ['processing', 'finished', 'error'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export const blockedCountries = pgTable('blocked_countries', {
  countryCode: text('country_code').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A fan following a creator; the creator's `followers_count` moves with it, never below 0. */
export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.performerId] }), index('follows_performer_idx').on(t.performerId, t.createdAt)],
);

export const COMMENT_OBJECT_TYPES = ['feed'] as const;
export type CommentObjectType = (typeof COMMENT_OBJECT_TYPES)[number];

/** A comment on an item (a post today); a reply names its parent, one level deep. */
export const comments = pgTable(
  'comments',
  {
    id: idColumn(),
    objectType: text('object_type').$type<CommentObjectType>().notNull(),
    objectId: text('object_id').notNull(),
    parentId: text('parent_id'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_object_idx').on(t.objectType, t.objectId, t.createdAt), index('comments_parent_idx').on(t.parentId)],
);

export const REACTION_ACTIONS = ['like', 'bookmark'] as const;
export type ReactionAction = (typeof REACTION_ACTIONS)[number];
/** What may be liked or bookmarked: a post, or a creator (bookmarked creators). */
export const REACTION_OBJECT_TYPES = ['feed', 'performer'] as const;
export type ReactionObjectType = (typeof REACTION_OBJECT_TYPES)[number];

/** A user's like or bookmark of an item (a post or a creator); once per user, item and action. */
export const reactions = pgTable(
  'reactions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type').$type<ReactionObjectType>().notNull(),
    objectId: text('object_id').notNull(),
    action: text('action').$type<ReactionAction>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.objectType, t.objectId, t.action] }), index('reactions_object_idx').on(t.objectType, t.objectId, t.action)],
);
