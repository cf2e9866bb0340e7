import type { TextsOf } from '@fandeck/widgets/i18n';
import type list from './pt-BR.js';

/** Host site: list sorting and pagination controls: English. */
export default {
  sortBy: 'Sort by',
  order: 'Order',
  asc: 'Ascending',
  desc: 'Descending',
  sortUpdatedAt: 'Last updated',
  sortCreatedAt: 'Date joined',
  sortName: 'Name',
  sortUsername: 'Username',
  sortSubscribers: 'Subscribers',
  pagination: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {{current}} of {{pages}}',
  pageSize: 'Per page',
  total_one: '{{count}} result',
  total_other: '{{count}} results',
} satisfies TextsOf<typeof list>;
