import type { TextsOf } from '@fandeck/widgets/i18n';
import type landing from './pt-BR.js';

/** The visitor's landing page (`/`): English. */
export default {
  title: 'Your favourite creators, up close',
  lead: 'Subscribe to, chat with and watch live the people you admire. Exclusive content, PIX payments and creators who are truly paid for what they make.',
  searchLabel: 'Search the site',
  searchPlaceholder: 'What are you looking for?',
  searchSubmit: 'Search',
  joinAsFan: 'Create a free account',
  joinAsCreator: 'I am a creator',
  pointSubscribeTitle: 'Subscriptions',
  pointSubscribeBody: 'Posts, photos and videos for subscribers only, monthly or with a yearly discount.',
  pointCloseTitle: 'Closer',
  pointCloseBody: 'Direct messages, tips, private calls and live streams with chat.',
  pointPixTitle: 'Pay with PIX',
  pointPixBody: 'Top up your wallet in seconds and support with no hassle.',
  discoverTitle: 'Creators to discover',
  shelf_top: 'Trending',
  shelf_new: 'New',
  shelf_live: 'Live now',
  shelfFailed: 'The creators could not be loaded.',
  emptyCreators: 'There are no creators here yet.',
  emptyLive: 'Nobody is live right now. Come back later!',
  seeAllCreators: 'See all creators',
  liveBadge: 'Live',
  creatorCtaTitle: 'Do you create content?',
  creatorCtaBody: 'Set up your page, choose your prices and get subscriptions, tips and sales in one place.',
} satisfies TextsOf<typeof landing>;
