import type { TextsOf } from '@fandeck/widgets/i18n';
import type site from './pt-BR.js';

/** Host site: the shell, navigation and whole-site layouts: English. */
export default {
  signIn: 'Sign in',
  home: 'Home',
  discover: 'Discover',
  creators: 'Creators',
  dashboard: 'Dashboard',
  myPosts: 'My posts',
  bookmarks: 'Saved',
  mySubscriptions: 'My subscriptions',
  subscribers: 'Subscribers',
  earnings: 'Earnings',
  payouts: 'Payouts',
  creatorReview: 'Creator review',
  payoutReview: 'Payout requests',
  messages: 'Messages',
  messagingTools: 'Messaging tools',
  goLive: 'Go live',
  browseCreators: 'Discover creators',
  mainNav: 'Main navigation',
  footerNav: 'Site links',
  language: 'Language',
  themeLight: 'Light theme',
  themeDark: 'Dark theme',
  retry: 'Try again',
  copyright: '© {{year}} {{siteName}}',
  maintenanceTitle: 'We are under maintenance',
  maintenanceBody: 'We are making improvements to the site. Please come back soon.',
  geoBlockedTitle: 'Not available in your region',
  geoBlockedBody: 'This site is not available in your country.',
} satisfies TextsOf<typeof site>;
