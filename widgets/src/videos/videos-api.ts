export type { Reel, VideoItem } from '@fandeck/contract';
import type { VideoItem } from '@fandeck/contract';
import type { VideoFile } from '../ui/index.js';

export function isVideoItem(value: unknown): value is VideoItem {
  const item = value as Partial<VideoItem> | null;
  return typeof item?._id === 'string' && typeof item.locked === 'boolean' && typeof item.title === 'string';
}
