/**
 * The staff's catalogue screens (issue 25): coupons, token packages, site promos, the site
 * settings and the blocked countries, as the admin routes take and answer them. Gifts are
 * in gifts.ts. Amounts are decimal units of the platform currency (the server keeps cents),
 * dates ISO strings, inside the `{ status: 0, data }` envelope. Types only.
 */
import type { Query } from './api-types.js';

export type CouponKind = 'percentage' | 'fixed';

/** A coupon: `value` is a percentage (12.5 means 12.5 %) or an amount. Null limits are unlimited. */
export interface CouponDto {
  _id: string;
  code: string;
  type: CouponKind;
  value: number;
  active: boolean;
  expiresAt: string | null;
  maxUses: number | null;
  maxUsesPerUser: number | null;
  createdAt: string;
  updatedAt: string;
}

/** `POST /admin/coupons`; `PUT /admin/coupons/:id` takes the same fields, each optional. */
export interface CouponBody {
  code: string;
  type: CouponKind;
  value: number;
  active?: boolean;
  expiresAt?: string | null;
  maxUses?: number | null;
  maxUsesPerUser?: number | null;
}

/** A token package as staff see it, retired ones too. */
export interface AdminTokenPackageDto {
  _id: string;
  name: string;
  description: string;
  /** What the fan pays. */
  price: number;
  /** What the wallet receives. */
  tokens: number;
  ordering: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface TokenPackageBody {
  name: string;
  description?: string;
  price: number;
  tokens: number;
  ordering?: number;
  isActive?: boolean;
}

export type SitePromoStatus = 'active' | 'retired';

/** A banner the site shows between `startAt` and `endAt` (either may be open). */
export interface SitePromoDto {
  _id: string;
  title: string;
  description: string;
  imageUrl: string;
  linkUrl: string;
  position: string;
  ordering: number;
  status: SitePromoStatus;
  startAt: string | null;
  endAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SitePromoBody {
  title: string;
  description?: string;
  imageUrl?: string;
  linkUrl?: string;
  position?: string;
  ordering?: number;
  startAt?: string | null;
  endAt?: string | null;
}

/** Every setting by key (`GET /admin/settings`), private ones too; `PUT` takes the keys to change. */
export type AdminSettings = Record<string, unknown>;

/** Which logo `POST /admin/settings/logo/:which` sets. */
export const LOGO_KINDS = ['logo', 'darkmode-logo'] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];

/** The countries whose visitors see the geo-blocked page, two-letter codes. */
export interface BlockedCountriesDto {
  countryCodes: string[];
}

export interface AdminCatalogRouteTypes {
  'admin.coupons.list': { query: Query; item: CouponDto };
  'admin.coupons.create': { body: CouponBody; response: CouponDto };
  'admin.coupons.update': { body: Partial<CouponBody>; response: CouponDto };
  'admin.coupons.delete': { response: { deleted: true } };
  'admin.tokenPackages.search': { query: Query; item: AdminTokenPackageDto };
  'admin.tokenPackages.create': { body: TokenPackageBody; response: AdminTokenPackageDto };
  'admin.tokenPackages.update': { body: Partial<TokenPackageBody>; response: AdminTokenPackageDto };
  'admin.tokenPackages.delete': { response: AdminTokenPackageDto };
  'admin.sitePromos.search': { query: Query; item: SitePromoDto };
  'admin.sitePromos.create': { body: SitePromoBody; response: SitePromoDto };
  'admin.sitePromos.update': { body: Partial<SitePromoBody>; response: SitePromoDto };
  'admin.sitePromos.retire': { response: SitePromoDto };
  'admin.settings.get': { response: AdminSettings };
  'admin.settings.update': { body: AdminSettings; response: AdminSettings };
  'admin.settings.logoUpload': { response: { url: string } };
  'admin.blockedCountries.list': { response: BlockedCountriesDto };
  'admin.blockedCountries.set': { body: BlockedCountriesDto; response: BlockedCountriesDto };
}
