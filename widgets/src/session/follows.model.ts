import { batch, signal, type ReadonlySignal } from '@preact/signals-core';
import type { TypedApi } from '../api/typed-api.js';
import { failure, success, type Outcome } from './outcome.js';

/** Which creators the fan follows (spec sections 3 and 4, Follow). */
export interface FollowsModel {
  readonly followedIds: ReadonlySignal<readonly string[]>;
  /** Ids with a follow or unfollow call in flight. */
  readonly pending: ReadonlySignal<readonly string[]>;
  /** Reads `followedIds`, so a computed or effect that calls it follows changes. */
  isFollowing(creatorId: string): boolean;
  /** POST /follows/{id}: added at once, removed again if the server refuses. */
  follow(creatorId: string): Promise<Outcome<void>>;
  /** DELETE /follows/{id}: removed at once, added again if the server refuses. */
  unfollow(creatorId: string): Promise<Outcome<void>>;
  /** Replaces the list with what a page learnt from the server (a profile's `isFollowed`, a list). */
  replace(creatorIds: readonly string[]): void;
  clear(): void;
}

export function createFollowsModel(api: TypedApi): FollowsModel {
  const followedIds = signal<readonly string[]>([]);
  const pending = signal<readonly string[]>([]);

  const withId = (ids: readonly string[], id: string) => (ids.includes(id) ? ids : [...ids, id]);
  const withoutId = (ids: readonly string[], id: string) => (ids.includes(id) ? ids.filter((other) => other !== id) : ids);

  /**
   * Applies the change at once and reverts it when the call fails (including a 404 while
   * the follows domain does not exist yet); the failure outcome is returned as it came.
   */
  async function toggle(creatorId: string, follow: boolean): Promise<Outcome<void>> {
    const before = followedIds.peek().includes(creatorId);
    batch(() => {
      followedIds.value = follow ? withId(followedIds.peek(), creatorId) : withoutId(followedIds.peek(), creatorId);
      pending.value = withId(pending.peek(), creatorId);
    });
    const outcome = follow ? await api.follows.follow({ id: creatorId }) : await api.follows.unfollow({ id: creatorId });
    batch(() => {
      pending.value = withoutId(pending.peek(), creatorId);
      if (!outcome.ok) followedIds.value = before ? withId(followedIds.peek(), creatorId) : withoutId(followedIds.peek(), creatorId);
    });
    return outcome.ok ? success(undefined) : failure(outcome.error);
  }

  return {
    followedIds,
    pending,
    isFollowing: (creatorId) => followedIds.value.includes(creatorId),
    follow: (creatorId) => toggle(creatorId, true),
    unfollow: (creatorId) => toggle(creatorId, false),
    replace(creatorIds) {
      followedIds.value = [...new Set(creatorIds)];
    },
    clear() {
      batch(() => {
        followedIds.value = [];
        pending.value = [];
      });
    },
  };
}
