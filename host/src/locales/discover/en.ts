import type { TextsOf } from '@fandeck/widgets/i18n';
import type discover from './pt-BR.js';

/** Host site: the discovery page: English. */
export default {
  title: 'Discover',
  searchLabel: 'Search posts',
  searchSubmit: 'Search',
  popular: 'Popular searches',
  results: 'Posts with “{{query}}”',
  topCreators: 'Featured creators',
  noCreators: 'No creators yet.',
  trending: 'Trending this week',
} satisfies TextsOf<typeof discover>;
