import type { TextsOf } from '../../index.js';
import type notices from './pt-BR.js';

/** Short notices after an action: English. */
export default {
  changesSaved: 'Changes saved',
  uploadCancelled: 'Upload cancelled',
} satisfies TextsOf<typeof notices>;
