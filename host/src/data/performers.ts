import { session, type ListPage, type Outcome, type Query } from '../session/session.js';
import type { PerformerProfile } from '@fandeck/contract';

export type { ListPage };
export type { PerformerProfile };

/** sortBy values GET /performers/search understands. */
export const performerSortFields = ['updatedAt', 'createdAt', 'name', 'username', 'subscribers'] as const;
export type PerformerSortField = (typeof performerSortFields)[number];

export function fetchPerformer(profileId: string, signal?: AbortSignal): Promise<Outcome<PerformerProfile>> {
  return session.api.performers.get({ id: profileId }, undefined, signal ? { signal } : {});
}

export function searchPerformers(query: Query, signal?: AbortSignal): Promise<Outcome<ListPage<PerformerProfile>>> {
  // A list read: never retried (spec section 8).
  return session.api.performers.search.list(query, signal ? { signal } : {});
}

/** The most subscribed creators (then the most followed). */
export function topPerformers(limit: number, signal?: AbortSignal): Promise<Outcome<ListPage<PerformerProfile>>> {
  return session.api.performers.top.list({ limit }, signal ? { signal } : {});
}

/** The newest creators. */
export function newestPerformers(limit: number, signal?: AbortSignal): Promise<Outcome<ListPage<PerformerProfile>>> {
  return searchPerformers({ sortBy: 'createdAt', sort: 'desc', limit }, signal);
}
