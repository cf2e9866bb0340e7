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
  stats: z.object({ subscribers: z.number().int(), followers: z.number().int(), totalFeeds: z.number().int() }),
  bodyInfo: z.record(z.string(), z.string().nullable()),
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
    stats: { subscribers: profile.subscribersCount, followers: profile.followersCount, totalFeeds: profile.feedsCount },
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
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}
