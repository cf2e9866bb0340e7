import type { TextsOf } from '@fandeck/widgets/i18n';
import type home from './pt-BR.js';

/** Host site: the home page: English. */
export default {
  title: 'Home',
  signedInAs: 'Signed in as {{name}}',
  logout: 'Log out',
  loggingOut: 'Logging out…',
  feedTitle: 'Posts from creators you follow and subscribe to',
  suggestionsTitle: 'Creators to follow',
  noSuggestions: 'No creators here yet.',
} satisfies TextsOf<typeof home>;
