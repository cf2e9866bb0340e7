import { SUBSCRIPTION_PLANS, type PlanOffer } from '@fandeck/contract';
import { z } from 'zod';
import type { files } from '../../media/files.tables.js';
import type { users } from '../accounts/accounts.tables.js';
import type { performers } from './performers.tables.js';
import { fromCents } from '../../money/amounts.js';
import { signMediaPath } from '../../media/signed-links.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';
import { bankingSettingsView, paymentGatewaySettingsView, type BankingSettingsDto, type PaymentGatewaySettingsDto } from './payout-settings.js';

type UserRow = typeof users.$inferSelect;
type PerformerRow = typeof performers.$inferSelect;
type FileRow = typeof files.$inferSelect;

export const profileCategorySchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
export type ProfileCategoryDto = z.infer<typeof profileCategorySchema>;

/** The creator's welcome video: its transcode state, and once finished links signed for this viewer. */
export const welcomeVideoSchema = z.object({
  _id: z.string(),
  status: z.enum(['processing', 'finished', 'error']),
  progress: z.number().int(),
  duration: z.number().nullable(),
  /** The HLS master playlist, for this viewer only; null until the transcode finished. */
  url: z.string().nullable(),
  /** A still of the video, for this viewer only; null until the transcode finished. */
  poster: z.string().nullable(),
  /** A tiny blurred image to show while the poster loads. */
  placeholder: z.string().nullable(),
});
export type WelcomeVideoDto = z.infer<typeof welcomeVideoSchema>;

/** What a profile carries besides its two rows: loaded in batches for lists (performers.service.ts). */
export interface ProfileExtras {
  categories: ProfileCategoryDto[];
  welcomeVideo: WelcomeVideoDto | null;
  /** Published posts, photos and videos, active products and the likes of the creator's posts, counted (content/totals.ts). */
  totals?: { feeds: number; photos: number; videos: number; products: number; likes: number };
  /** The plans a fan may take now (prices within the platform's limits). */
  plans?: PlanOffer[];
  /** The signed-in viewer's relation to the creator. */
  viewer?: { isSubscribed: boolean; usedFreeSubscription: boolean };
  /** Broadcasting a public stream now. */
  live?: boolean;
  /** Whether the signed-in viewer bookmarked the creator (a `performer` bookmark reaction). */
  isBookMarked?: boolean;
  /** Whether the signed-in viewer follows the creator. */
  isFollowed?: boolean;
}
export const NO_EXTRAS: ProfileExtras = { categories: [], welcomeVideo: null };

export interface MediaSigning {
  origin: string;
  secret: string;
  viewerId: string | null;
}

export function presentWelcomeVideo(signing: MediaSigning, file: FileRow): WelcomeVideoDto {
  const status = file.status ?? 'processing';
  const finished = status === 'finished';
  const link = (name: string) => `${signing.origin}${signMediaPath(signing.secret, file.id, name, signing.viewerId)}`;
  const poster = finished ? (file.variants ?? []).find((v) => v.name === 'medium') : undefined;
  return {
    _id: file.id,
    status,
    progress: file.progress ?? 0,
    duration: file.durationSeconds,
    url: finished ? link('master.m3u8') : null,
    poster: poster ? link(poster.name) : null,
    placeholder: file.placeholder,
  };
}

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
  /** What a private call with the creator costs (0: free), in the same units as the plans. */
  privateCallPrice: z.number(),
  isFreeSubscription: z.boolean(),
  durationFreeSubscriptionDays: z.number().int(),
  /** The plans a fan may subscribe to now: those priced within the platform's limits, shortest first. */
  subscriptionPlans: z.array(z.object({ type: z.enum(SUBSCRIPTION_PLANS), price: z.number(), months: z.number().int() })),
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
  state: z.string().nullable(),
  sexualOrientation: z.string().nullable(),
  languages: z.array(z.string()),
  dateOfBirth: z.string().nullable(),
  /** Active categories the creator chose, in the catalogue's order. */
  categories: z.array(profileCategorySchema),
  welcomeVideo: welcomeVideoSchema.nullable(),
  verifiedAccount: z.boolean(),
  /** Whether the signed-in viewer subscribes to the creator now (access holds). */
  isSubscribed: z.boolean(),
  /** Whether the viewer took the creator's free offer before (one per fan and creator, ever). */
  usedFreeSubscription: z.boolean(),
  /** Whether the signed-in viewer bookmarked the creator (`GET /reactions/performers/bookmark` lists them; false when signed out). */
  isBookMarked: z.boolean(),
  /** Whether the signed-in viewer follows the creator (false when signed out). */
  isFollowed: z.boolean(),
  /** Broadcasting a public stream now (what `sortBy=live` puts first). */
  live: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PerformerDto = z.infer<typeof performerSchema>;

/** A creator's public profile: nothing private (email, documents, balance) leaves here. */
export function presentPerformer(origin: string, user: UserRow, profile: PerformerRow, extras: ProfileExtras = NO_EXTRAS): PerformerDto {
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
    privateCallPrice: fromCents(profile.privateCallPriceCents),
    isFreeSubscription: profile.freeSubscriptionEnabled,
    durationFreeSubscriptionDays: profile.freeSubscriptionDays,
    subscriptionPlans: extras.plans ?? [],
    // Counters never show below zero, whatever a past bug left in the row.
    stats: {
      subscribers: Math.max(0, profile.subscribersCount),
      followers: Math.max(0, profile.followersCount),
      // Posts fans may see, counted; the stored counter (drafts included) only where no count was made.
      totalFeeds: extras.totals?.feeds ?? Math.max(0, profile.feedsCount),
      totalVideos: extras.totals?.videos ?? 0,
      totalPhotos: extras.totals?.photos ?? 0,
      totalProducts: extras.totals?.products ?? 0,
      likes: extras.totals?.likes ?? 0,
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
    city: profile.city,
    state: profile.state,
    sexualOrientation: profile.sexualOrientation,
    languages: profile.languages,
    dateOfBirth: user.dateOfBirth,
    categories: extras.categories,
    welcomeVideo: extras.welcomeVideo,
    verifiedAccount: profile.verifiedDocument,
    isSubscribed: extras.viewer?.isSubscribed ?? false,
    usedFreeSubscription: extras.viewer?.usedFreeSubscription ?? false,
    isBookMarked: extras.isBookMarked ?? false,
    isFollowed: extras.isFollowed ?? false,
    live: extras.live ?? false,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}

/**
 * The creator's own profile (GET /performers/me and the answers of profile updates): the
 * public profile plus what only they see, payout details masked.
 */
export const ownPerformerSchema = performerSchema.extend({
  address: z.string().nullable(),
  zipcode: z.string().nullable(),
  age: z.string().nullable(),
  size: z.string().nullable(),
  bankingSettings: bankingSettingsView.nullable(),
  paymentGatewaySettings: paymentGatewaySettingsView.nullable(),
});
export type OwnPerformerDto = z.infer<typeof ownPerformerSchema>;

export function presentOwnPerformer(
  publicProfile: PerformerDto,
  profile: PerformerRow,
  payout: { bankingSettings: BankingSettingsDto | null; paymentGatewaySettings: PaymentGatewaySettingsDto | null },
): OwnPerformerDto {
  return { ...publicProfile, address: profile.address, zipcode: profile.zipcode, age: profile.age, size: profile.size, ...payout };
}
