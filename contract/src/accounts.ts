/**
 * What the account, settings and creator routes answer and take (spec section 3). Field
 * names are the contract's (`_id` everywhere). Types only.
 */
import type { PermissionKey } from './access.js';

/** The signed-in account, as GET /users/me answers it (spec section 3, Current user). */
export interface CurrentUser {
  _id: string;
  /** Absolute URL; the server answers a placeholder image when none was uploaded. */
  avatar: string;
  cover: string | null;
  name: string;
  email: string;
  username: string | null;
  isPerformer: boolean;
  /** Wallet balance in tokens (decimal units, never cents); the wallet model keeps it to the server's latest `update_balance`. */
  balance: number;
  firstName?: string;
  lastName?: string;
  role?: 'user' | 'performer' | 'manager' | 'admin';
  status?: string;
  verifiedEmail?: boolean;
  /** A new address waiting for its mailed link to be opened; `email` stays in use until then. */
  pendingEmail?: string | null;
  phone?: string | null;
  countryCode?: string | null;
  gender?: string | null;
  locale?: string | null;
  timezone?: string | null;
  createdAt?: string;
  updatedAt?: string;
  /** Staff only: the permissions granted (`area.action`); an admin holds every one whatever is listed. */
  permissions?: PermissionKey[];
}

/** The fields PUT /users accepts; the server validates and names any wrong field. */
export interface UserPatch {
  name?: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  gender?: string;
  phone?: string;
  countryCode?: string;
  locale?: string;
  timezone?: string;
}

/** A site menu entry (settings key `menus`). */
export interface MenuItem {
  title: string;
  path: string;
  section: 'header' | 'footer';
}

/** GET /settings/public. Every key is optional so an older or newer server still parses. */
export interface PublicSettings {
  siteName?: string;
  logoUrl?: string;
  darkmodeLogoUrl?: string;
  faviconUrl?: string;
  menus?: MenuItem[];
  maintenanceMode?: boolean;
  requireEmailVerification?: boolean;
  /** When on, the client sends the MD5 hex digest of passwords (contract section 2). */
  hashPasswordOnClient?: boolean;
  gaCode?: string;
  locale?: string;
  defaultLocale?: string;
  supportedLocales?: string[];
  paymentGateway?: string;
  [key: string]: unknown;
}

/** What a sign-in form sends; `username` may also be an email. */
export interface Credentials {
  username: string;
  password: string;
  remember?: boolean;
}

/** A creator's public profile as GET /performers/{id} and /performers/search answer it. */
export interface PerformerProfile {
  _id: string;
  username: string | null;
  name: string;
  avatar: string;
  cover: string | null;
  bio: string;
  countryCode: string | null;
  isOnline: boolean;
  verifiedDocument: boolean;
  monthlyPrice: number;
  quarterlyPrice: number;
  halfYearlyPrice: number;
  yearlyPrice: number;
  /** What a private call with them costs (0: free); absent from servers older than it. */
  privateCallPrice?: number;
  isFreeSubscription: boolean;
  durationFreeSubscriptionDays: number;
  stats: {
    subscribers: number;
    followers: number;
    totalFeeds: number;
    /** Likes on their posts, and what they published; absent from servers older than them. */
    likes?: number;
    totalPhotos?: number;
    totalVideos?: number;
  };
  /** Whether the signed-in viewer follows them (search results say false). */
  isFollowed?: boolean;
  /** Whether the signed-in viewer subscribes to them now. */
  isSubscribed?: boolean;
  /** `male`, `female` or `trans`, when they said. */
  gender?: string | null;
  /** Broadcasting a public stream now: the profile links to `/live/{username}`. */
  live?: boolean;
  /** Body attributes by key (height, weight, age, bodyType, ethnicity, size, hair, eyes, sexualOrientation): reference values, null when not said. */
  bodyInfo?: Record<string, string | null>;
  city?: string | null;
  state?: string | null;
  /** ISO 639 codes. */
  languages?: string[];
}

/** How the fans' creator search (GET /performers/user/search) may sort: the default `popular` (subscribers, then followers), `newest`, or those `live` now first. */
export const CREATOR_SEARCH_SORTS = ['popular', 'newest', 'live'] as const;
export type CreatorSearchSort = (typeof CREATOR_SEARCH_SORTS)[number];

/** The body attributes the creator lists filter on (values of GET /user-additional). */
export const CREATOR_ATTRIBUTE_FILTERS = ['height', 'weight', 'age', 'bodyType', 'ethnicity', 'size', 'hair', 'eyes', 'sexualOrientation'] as const;
export type CreatorAttributeFilter = (typeof CREATOR_ATTRIBUTE_FILTERS)[number];


export interface BlockStatus {
  blocked: boolean;
  country: string | null;
}

export interface Keyword {
  keyword: string;
  total: number;
}

/** What POST /auth/users/register and /auth/performers/register answer. */
export interface RegistrationAnswer {
  _id: string;
  requireEmailVerification: boolean;
}

/** A user the creator blocked, as GET /block/users lists it. */
export interface BlockedUserDto {
  _id: string;
  username: string | null;
  name: string | null;
  avatar: string;
  reason: string;
  createdAt: string;
}

/** A creator whose ID documents wait for an admin (GET /admin/performers/pending-review). */
export interface PendingCreatorDto {
  _id: string;
  name: string;
  username: string | null;
  email: string;
  createdAt: string;
  documents: { side: 'front' | 'back'; name: string; mimeType: string; url: string }[];
}
