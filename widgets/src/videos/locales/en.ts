import type { TextsOf } from '../../i18n/index.js';
import type videos from './pt-BR.js';

/** Videos and reels: English. */
export default {
  loading: 'Loading videos…',
  empty: 'No videos yet.',
  retry: 'Try again',
  unlocked: 'Unlocked',
  teaser: 'Video preview',
  lockedText: 'Paid video: unlock it for {{price}} to watch it.',
  subscribersOnlyText: 'Subscribe to {{name}} to watch this video.',
  loadingReels: 'Loading reels…',
  noReels: 'No reels yet.',
} satisfies TextsOf<typeof videos>;
