import type { TextsOf } from '@fandeck/widgets/i18n';
import type profile from './pt-BR.js';

/** Host site: a creator's profile page: English. */
export default {
  notFoundTitle: 'Creator not found',
  notFoundBody: 'There is no creator with this username or id.',
  online: 'Online',
  subscribers: 'Subscribers',
  followers: 'Followers',
  posts: 'Posts',
  sections: 'Profile sections',
  about: 'About',
  photos: 'Photos',
  videos: 'Videos',
  reels: 'Reels',
  content: 'The creator’s content',
  noBio: 'This creator has not written an introduction yet.',
  plans: 'Subscription plans',
  follow: 'Follow',
  unfollow: 'Unfollow',
  followersCount: 'Followers: {{count}}',
} satisfies TextsOf<typeof profile>;
