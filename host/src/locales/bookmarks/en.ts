import type { TextsOf } from '@fandeck/widgets/i18n';
import type bookmarks from './pt-BR.js';

/** Host site: the saved posts page: English. */
export default {
  title: 'Saved posts',
  intro: 'The posts you saved, most recently saved first.',
} satisfies TextsOf<typeof bookmarks>;
