/**
 * What the content routes answer: posts, galleries and their photos, videos and reels,
 * comments (server feeds, galleries, videos, reels and comments presenters). Types only.
 */

/** A video file's transcoding state: `processing` (poll its status), `finished` or `error`. */
export type VideoStatus = 'processing' | 'finished' | 'error';

/** A video file as the server presents it (a post's, a video's, a reel's). */
export interface VideoFile {
  _id: string;
  status: VideoStatus | null;
  progress: number | null;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  /** The HLS playlist for this viewer; null while locked or processing. */
  url: string | null;
  /** The poster in photo sizes; null while locked. */
  sizes: Record<string, { url: string; width: number; height: number }> | null;
}

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
  /** Video and audio posts: a picture every viewer sees, locked or not. */
  thumbnail?: { _id: string; url: string | null; placeholder: string | null; sizes: Record<string, { url: string }> } | null;
  /** Video and audio posts: a short clip every viewer sees. */
  teaser?: { _id: string; status: VideoStatus; progress: number; url: string | null } | null;
}

/** Galleries and their photos as `/performer-assets/...` answers them (server galleries.presenter.ts). */
export interface Picture {
  width: number | null;
  height: number | null;
  /** A tiny blurred picture: all a locked photo shows. */
  placeholder: string | null;
  /** The largest size, as a link for this viewer; null while locked. */
  url: string | null;
  sizes: Record<string, { url: string; width: number; height: number }> | null;
}

export interface Photo extends Picture {
  _id: string;
  galleryId: string;
  title: string;
  description: string;
  status: string;
  createdAt: string;
}

export interface Gallery {
  _id: string;
  performerId: string;
  title: string;
  description: string;
  status: string;
  isSale: boolean;
  /** Tokens; 0 when free. */
  price: number;
  /** Only the creator's active subscribers see its photos (when not for sale); see `locksForSubscribers`. */
  subscribersOnly: boolean;
  isBought: boolean;
  locked: boolean;
  coverPhoto: (Picture & { _id: string }) | null;
  numOfItems: number;
  createdAt: string;
  performer: { _id: string; username: string | null; name: string | null; avatar: string };
}

/** Videos and reels as `/performer-assets/...` answers them (server videos.presenter.ts, reels.presenter.ts). */
export interface VideoItem {
  _id: string;
  performerId: string;
  title: string;
  description: string;
  status: string;
  isSale: boolean;
  /** Tokens; 0 when free. */
  price: number;
  /** Only the creator's active subscribers may watch it (when not for sale); see `locksForSubscribers`. */
  subscribersOnly: boolean;
  isBought: boolean;
  locked: boolean;
  createdAt: string;
  performer: { _id: string; username: string | null; name: string | null; avatar: string };
  video: (VideoFile & { duration: number | null; teaser: string | null }) | null;
  thumbnail: { placeholder: string | null; url: string | null; sizes: Record<string, { url: string }> | null } | null;
  /** When set and in the future, fans do not see it yet. */
  scheduledAt?: string | null;
}

export interface Reel {
  _id: string;
  performerId: string;
  title: string;
  description: string;
  createdAt: string;
  video: VideoFile | null;
}

/** A comment (or a reply) as `/comments` answers it. */
/** A reel as its creator's own list shows it (`reels.mine`): with its status, drafts included. */
export type OwnReel = Reel & { status: string };

export interface PostComment {
  _id: string;
  objectId: string;
  objectType: string;
  /** The top-level comment a reply answers; null for a top-level comment. */
  parentId: string | null;
  content: string;
  /** The one comment the post's creator pinned: listed first. */
  isPinned: boolean;
  totalReply: number;
  createdAt: string;
  updatedAt: string;
  /** The author. */
  creator: { _id: string; username: string | null; name: string | null; avatar: string };
}
