import type { VideoFile } from '../ui/index.js';

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
}

export interface Reel {
  _id: string;
  performerId: string;
  title: string;
  description: string;
  createdAt: string;
  video: VideoFile | null;
}

export function isVideoItem(value: unknown): value is VideoItem {
  const item = value as Partial<VideoItem> | null;
  return typeof item?._id === 'string' && typeof item.locked === 'boolean' && typeof item.title === 'string';
}
