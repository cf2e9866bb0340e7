import type { TextsOf } from '@fandeck/widgets/i18n';
import type bookmarks from './pt-BR.js';

/** Host site: the saved posts page: Spanish. */
export default {
  title: 'Publicaciones guardadas',
  intro: 'Las publicaciones que guardaste, de la más reciente a la más antigua.',
} satisfies TextsOf<typeof bookmarks>;
