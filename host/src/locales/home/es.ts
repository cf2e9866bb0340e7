import type { TextsOf } from '@fandeck/widgets/i18n';
import type home from './pt-BR.js';

/** Host site: the home page: Spanish. */
export default {
  title: 'Inicio',
  signedInAs: 'Sesión iniciada como {{name}}',
  logout: 'Cerrar sesión',
  loggingOut: 'Cerrando sesión…',
  feedTitle: 'Publicaciones de quienes sigues y a quienes te suscribes',
  suggestionsTitle: 'Creadores para seguir',
  noSuggestions: 'Todavía no hay creadores.',
} satisfies TextsOf<typeof home>;
