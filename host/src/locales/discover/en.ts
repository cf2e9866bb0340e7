import type { TextsOf } from '@fandeck/widgets/i18n';
import type discover from './pt-BR.js';

/** Host site: the discovery page: English. */
export default {
  title: 'Discover',
  searchLabel: 'Search creators and posts',
  searchSubmit: 'Search',
  popular: 'Popular searches',
  results: 'Posts with “{{query}}”',
  topCreators: 'Featured creators',
  noCreators: 'No creators yet.',
  trending: 'Trending this week',
  creatorsFound: 'Creators found',
  noMatch: 'No creator matches this search and these filters.',
  sortBy: 'Sort by',
  sortPopular: 'Most popular',
  sortNewest: 'Newest',
  sortLive: 'Live first',
  liveNow: 'Live now',
  freeSubscription: 'Free subscription',
  filters: 'Filters',
  filtersActive: 'Filters ({{count}})',
  filtersFailed: 'The filter options could not be loaded.',
  any: 'Any',
  clearFilters: 'Clear filters',
} satisfies TextsOf<typeof discover>;
