import type { TextsOf } from '../../i18n/index.js';
import type feeds from './pt-BR.js';

/** Posts (feeds): English. */
export default {
  loading: 'Loading posts…',
  empty: 'No posts yet.',
  emptyFollowing: 'Follow creators to see their posts here.',
  emptySearch: 'No posts found.',
  retry: 'Try again',
  more: 'Show more posts',
  loadingMore: 'Loading…',
  unlocked: 'Unlocked',
  photoAlt: 'Photo {{index}} of {{count}}',
  lockedPhotoAlt: 'Locked photo',
  lockedText: 'Paid post: unlock it for {{price}} to see the photos.',
  lockedVideoText: 'Paid video: unlock for {{price}} to watch it.',
} satisfies TextsOf<typeof feeds>;
