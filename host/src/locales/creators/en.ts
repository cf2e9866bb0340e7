import type { TextsOf } from '@fandeck/widgets/i18n';
import type creators from './pt-BR.js';

/** Host site: the creators list: English. */
export default {
  title: 'Creators',
  search: 'Search',
  searchSubmit: 'Search',
  gender: 'Gender',
  genderAny: 'Any',
  genderFemale: 'Female',
  genderMale: 'Male',
  genderTrans: 'Trans',
  subscribers: '{{value}} subscribers',
  followers: '{{value}} followers',
  posts: '{{value}} posts',
  statsLabel: 'Creator figures',
  priceMonthly: '{{price}} a month',
  freeDays_one: 'Free for {{count}} day',
  freeDays_other: 'Free for {{count}} days',
  live: 'Live',
  empty: 'No creators found.',
} satisfies TextsOf<typeof creators>;
