/** A post as `/user/feeds` answers it (server feeds.presenter.ts). */
import type { VideoStatus } from '../ui/video/video-status.model.js';

export interface FeedPhoto {
  _id: string;
  /** A video carries its poster in `sizes` and its HLS playlist in `url`. */
  type: 'photo' | 'video' | 'audio';
  /** Videos: `processing` (poll its status), `finished` or `error`; null for photos. */
  status: VideoStatus | null;
  /** Videos: 0 to 100 while processing. */
  progress: number | null;
  /** Videos: seconds. */
  duration: number | null;
  /** Videos: a short clip of the first seconds, for everyone. */
  teaser: string | null;
  width: number | null;
  height: number | null;
  /** A tiny blurred picture: all a locked post shows. */
  placeholder: string | null;
  /** A link made for this viewer, working for a few minutes; null while locked. */
  url: string | null;
  sizes: Record<string, { url: string; width: number; height: number }> | null;
}

export interface FeedPoll {
  _id: string;
  description: string;
  expiredAt: string | null;
  options: { _id: string; description: string; total: number }[];
  totalVotes: number;
  /** The option the viewer voted for, or null. */
  myVote: string | null;
}

export interface FeedCrowdfunding {
  _id: string;
  title: string;
  description: string;
  /** Tokens. */
  goal: number;
  raised: number;
  contributors: number;
  reached: boolean;
}

export interface FeedPost {
  _id: string;
  fromSourceId: string;
  type: string;
  text: string;
  isSale: boolean;
  /** Tokens. */
  price: number;
  /** Only the creator's active subscribers see its media (when not for sale); see `locksForSubscribers`. */
  subscribersOnly: boolean;
  status: string;
  /** When set and in the future, fans do not see the post yet. */
  scheduledAt: string | null;
  createdAt: string;
  isBought: boolean;
  locked: boolean;
  performer: { _id: string; username: string | null; name: string | null; avatar: string };
  files: FeedPhoto[];
  totalFiles: number;
  /** Likes, and whether this viewer liked or bookmarked it (optional: older answers lack them). */
  totalLike?: number;
  isLiked?: boolean;
  isBookMarked?: boolean;
  /** Not sent yet: until it is, the count the comments list answers is shown once read. */
  totalComment?: number;
  /** Poll posts. */
  poll?: FeedPoll | null;
  /** Crowdfunding posts. */
  crowdfunding?: FeedCrowdfunding | null;
}

/** Whether an answer looks like a post (a 2xx with another body is a failure, not a crash). */
export function isFeedPost(value: unknown): value is FeedPost {
  const post = value as Partial<FeedPost> | null;
  return typeof post?._id === 'string' && typeof post.locked === 'boolean' && Array.isArray(post.files);
}
