/**
 * Wire shapes of subscriptions, earnings, referrals and payouts (decimal units, ISO dates),
 * as the server answers them inside the `{ status: 0, data }` envelope. Types only: the
 * server's zod response schemas must accept exactly these, and widgets and host read them.
 */

export const SUBSCRIPTION_PLANS = ['monthly', 'quarterly', 'half_yearly', 'yearly'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
export type SubscriptionTypeWire = SubscriptionPlan | 'free' | 'system';
export type SubscriptionStatusWire = 'created' | 'active' | 'deactivated';

/** `POST /payment/subscribe/performers` body (the `subscribe` money action). */
export interface SubscribeBody {
  performerId: string;
  /** Default `monthly`. */
  type?: SubscriptionPlan | 'free';
}

/** A creator's plans as a fan sees them (on `GET /performers/{id}` and the subscribe widget). */
export interface PlanOffer {
  type: SubscriptionPlan;
  price: number;
  /** Whole months the plan lasts: 1, 3, 6, 12. */
  months: number;
}

export interface PartyInfo {
  _id: string;
  name: string;
  username: string | null;
  avatar: string;
}

export interface SubscriptionDto {
  _id: string;
  userId: string;
  performerId: string;
  subscriptionType: SubscriptionTypeWire;
  status: SubscriptionStatusWire;
  /** What each period costs (0 when free). */
  price: number;
  startedAt: string | null;
  expiredAt: string | null;
  /** Set once the fan cancelled: access lasts to `expiredAt`, then no renewal. */
  cancelledAt: string | null;
  /** Whether access holds now (active and not expired). */
  isActive: boolean;
  /** Renews at `expiredAt` (active, paid, not cancelled). */
  willRenew: boolean;
  /** While a short balance is being retried. */
  graceUntil: string | null;
  renewals: number;
  createdAt: string;
  updatedAt: string;
  /** The creator (in the fan's lists) or the fan (in the creator's). */
  performerInfo?: PartyInfo;
  userInfo?: PartyInfo;
}

/** The `subscribe` action's answer. */
export interface SubscribeResult {
  subscription: SubscriptionDto;
  /** The wallet balance after the charge (absent for the free offer). */
  balance?: number;
}

/** `GET /performer/earning/stats` (optional `fromDate`, `toDate`). */
export interface EarningStats {
  /** What fans paid, before commission. */
  totalGrossPrice: number;
  /** The platform's share of it. */
  totalSiteCommission: number;
  /** The creator's share: what they earned. */
  totalNetPrice: number;
  /** Earned and paid out (payout requests `done`). */
  paidPrice: number;
  /** Reserved by an open payout request. */
  pendingPrice: number;
  /** What the creator may request now: earnings balance in the ledger. */
  remainingPrice: number;
}

export type EarningSource = 'subscription' | 'tip' | 'feed' | 'video' | 'gallery' | 'product' | 'message' | 'stream' | 'other';

/** One item of `GET /performer/earning/search`: one ledger credit to the creator's earnings. */
export interface EarningDto {
  _id: string;
  /** What was paid for. */
  type: EarningSource;
  /** The charge's target kind or subscription type, as recorded. */
  sourceType: string;
  sourceId: string | null;
  grossPrice: number;
  siteCommission: number;
  netPrice: number;
  userInfo: PartyInfo | null;
  createdAt: string;
}

/** `GET /performer/earning/timeline?interval=day|week|month&fromDate&toDate`: oldest first, empty buckets included. */
export interface EarningPoint {
  /** Start of the bucket (ISO date-time, UTC). */
  date: string;
  netPrice: number;
  grossPrice: number;
  count: number;
}

/** `GET /performer/earning/top-content`: what earned the most. */
export interface TopContentDto {
  type: EarningSource;
  sourceId: string | null;
  title: string;
  netPrice: number;
  count: number;
}

/** `GET /referral-earnings/stats`. */
export interface ReferralEarningStats {
  totalNetPrice: number;
  count: number;
}

export interface ReferralEarningDto {
  _id: string;
  netPrice: number;
  /** The referred user whose purchase or sale paid the commission. */
  referralInfo: PartyInfo | null;
  createdAt: string;
}

/** `GET /referrals/user/code`. */
export interface ReferralCode {
  code: string;
  /** The registration link with the code (host site). */
  link: string;
}

export interface ReferralDto {
  _id: string;
  registrationInfo: PartyInfo & { role: string };
  createdAt: string;
}

export type PayoutStatusWire = 'pending' | 'approved' | 'rejected' | 'done';
export type PayoutAccountTypeWire = 'pix' | 'banking' | 'stripe';

export interface PayoutRequestDto {
  _id: string;
  performerId: string;
  requestAmount: number;
  status: PayoutStatusWire;
  paymentAccountType: PayoutAccountTypeWire;
  /** Masked details as they were when requested. */
  paymentAccountInfo: Record<string, unknown> | null;
  requestNote: string;
  adminNote: string;
  reviewedAt: string | null;
  createdAt: string;
  updatedAt: string;
  performerInfo?: PartyInfo;
  /**
   * Staff's single view only (`GET /admin/payout-requests/{id}`): the details to pay to,
   * whole, as the creator's settings hold them now; null when that method is no longer set up.
   */
  paymentDetails?: Record<string, unknown> | null;
}

/** `POST /payout-requests/calculate` (body `{ requestAmount? }`). */
export interface PayoutCalculation {
  /** Earnings balance now: what may be requested. */
  availableAmount: number;
  /** Reserved by an open request. */
  pendingAmount: number;
  paidAmount: number;
  minimumPayout: number;
  /** Whether the body's `requestAmount` (or the whole available amount) could be requested now. */
  canRequest: boolean;
  /** The names existing clients read (api-contract.md section 7), in tokens: all net earnings ever, */
  totalEarnedTokens: number;
  /** what reached the creator (requests `done`), */
  previousPaidOutTokens: number;
  /** and the rest: available plus reserved by an open request. */
  remainingUnpaidTokens: number;
}

/** `POST /payout-requests` body. */
export interface PayoutCreateBody {
  requestAmount: number;
  paymentAccountType: PayoutAccountTypeWire;
  requestNote?: string;
}
