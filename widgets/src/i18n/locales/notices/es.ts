import type { TextsOf } from '../../index.js';
import type notices from './pt-BR.js';

/** Short notices after an action: Spanish. */
export default {
  changesSaved: 'Cambios guardados',
  uploadCancelled: 'Envío cancelado',
} satisfies TextsOf<typeof notices>;
