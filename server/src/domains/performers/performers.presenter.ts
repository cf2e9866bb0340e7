import { z } from 'zod';
import type { performers, users } from '../../db/schema/index.js';
import { fromCents } from '../../http/money.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/accounts.presenter.js';

type UserRow = typeof users.$inferSelect;
type PerformerRow = typeof performers.$inferSelect;

export const performerSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatar: z.string(),
  cover: z.string().nullable(),
  bio: z.string(),
  gender: z.string().nullable(),
  countryCode: z.string().nullable(),
  isPerformer: z.literal(true),
  isOnline: z.boolean(),
  verifiedDocument: z.boolean(),
  monthlyPrice: z.number(),
  quarterlyPrice: z.number(),
  halfYearlyPrice: z.number(),
  yearlyPrice: z.number(),
  isFreeSubscription: z.boolean(),
  durationFreeSubscriptionDays: z.number().int(),
  stats: z.object({
    subscribers: z.number().int(),
    followers: z.number().int(),
    totalFeeds: z.number().int(),
    totalVideos: z.number().int(),
    totalPhotos: z.number().int(),
    totalProducts: z.number().int(),
    likes: z.number().int(),
  }),
  bodyInfo: z.record(z.string(), z.string().nullable()),
  // Flat, as existing clients read them (api-contract.md section 7).
  height: z.string().nullable(),
  weight: z.string().nullable(),
  bodyType: z.string().nullable(),
  hair: z.string().nullable(),
  eyes: z.string().nullable(),
  ethnicity: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  verifiedAccount: z.boolean(),
  /** The viewer's relation to the creator: false until subscriptions and bookmarks exist. */
  isSubscribed: z.boolean(),
  usedFreeSubscription: z.boolean(),
  isBookMarked: z.boolean(),
  /** Whether the signed-in viewer follows the creator (false when signed out). */
  isFollowed: z.boolean(),
  /** Streaming now: false until live streams exist. */
  live: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PerformerDto = z.infer<typeof performerSchema>;

/** A creator's public profile: nothing private (email, documents, balance) leaves here. */
export function presentPerformer(origin: string, user: UserRow, profile: PerformerRow): PerformerDto {
  return {
    _id: user.id,
    username: user.username,
    name: user.name,
    avatar: fileUrl(origin, user.avatarPath, AVATAR_PLACEHOLDER),
    cover: user.coverPath ? fileUrl(origin, user.coverPath, '') : null,
    bio: profile.bio,
    gender: user.gender,
    countryCode: user.countryCode,
    isPerformer: true,
    isOnline: profile.isOnline,
    verifiedDocument: profile.verifiedDocument,
    monthlyPrice: fromCents(profile.monthlyPriceCents),
    quarterlyPrice: fromCents(profile.quarterlyPriceCents),
    halfYearlyPrice: fromCents(profile.halfYearlyPriceCents),
    yearlyPrice: fromCents(profile.yearlyPriceCents),
    isFreeSubscription: profile.freeSubscriptionEnabled,
    durationFreeSubscriptionDays: profile.freeSubscriptionDays,
    // Counters never show below zero, whatever a past bug left in the row.
    stats: {
      subscribers: Math.max(0, profile.subscribersCount),
      followers: Math.max(0, profile.followersCount),
      totalFeeds: Math.max(0, profile.feedsCount),
      totalVideos: 0,
      totalPhotos: 0,
      totalProducts: 0,
      likes: 0,
    },
    bodyInfo: {
      height: profile.height,
      weight: profile.weight,
      age: profile.age,
      bodyType: profile.bodyType,
      ethnicity: profile.ethnicity,
      size: profile.size,
      hair: profile.hair,
      eyes: profile.eyes,
      sexualOrientation: profile.sexualOrientation,
    },
    height: profile.height,
    weight: profile.weight,
    bodyType: profile.bodyType,
    hair: profile.hair,
    eyes: profile.eyes,
    ethnicity: profile.ethnicity,
    country: user.countryCode,
    city: null,
    dateOfBirth: user.dateOfBirth,
    verifiedAccount: profile.verifiedDocument,
    isSubscribed: false,
    usedFreeSubscription: false,
    isBookMarked: false,
    isFollowed: false,
    live: false,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}
