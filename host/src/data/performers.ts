import { session, type ListPage, type Outcome, type Query } from '../session/session.js';

export type { ListPage };

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
  stats: { subscribers: number; followers: number; totalFeeds: number };
  /** Whether the signed-in viewer follows them (search results say false). */
  isFollowed?: boolean;
}

/** sortBy values GET /performers/search understands. */
export const performerSortFields = ['updatedAt', 'createdAt', 'name', 'username', 'subscribers'] as const;
export type PerformerSortField = (typeof performerSortFields)[number];

export function fetchPerformer(profileId: string, signal?: AbortSignal): Promise<Outcome<PerformerProfile>> {
  return session.api.get<PerformerProfile>(`/performers/${encodeURIComponent(profileId)}`, undefined, signal ? { signal } : {});
}

export function searchPerformers(query: Query, signal?: AbortSignal): Promise<Outcome<ListPage<PerformerProfile>>> {
  // A list read: never retried (spec section 8).
  return session.api.list<PerformerProfile>('/performers/search', query, signal ? { signal } : {});
}

/** The most subscribed creators (then the most followed). */
export function topPerformers(limit: number, signal?: AbortSignal): Promise<Outcome<ListPage<PerformerProfile>>> {
  return session.api.list<PerformerProfile>('/performers/top', { limit }, signal ? { signal } : {});
}
