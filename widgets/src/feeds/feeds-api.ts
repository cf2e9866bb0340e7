/** A post as `/user/feeds` answers it (server feeds.presenter.ts). */
export type { FeedCrowdfunding, FeedPhoto, FeedPoll, FeedPost } from '@fandeck/contract';
import type { FeedPost } from '@fandeck/contract';

/** Whether an answer looks like a post (a 2xx with another body is a failure, not a crash). */
export function isFeedPost(value: unknown): value is FeedPost {
  const post = value as Partial<FeedPost> | null;
  return typeof post?._id === 'string' && typeof post.locked === 'boolean' && Array.isArray(post.files);
}
