import type { TextsOf } from '@fandeck/widgets/i18n';
import type discover from './pt-BR.js';

/** Host site: the discovery page: Spanish. */
export default {
  title: 'Descubrir',
  searchLabel: 'Buscar publicaciones',
  searchSubmit: 'Buscar',
  popular: 'Búsquedas populares',
  results: 'Publicaciones con “{{query}}”',
  topCreators: 'Creadores destacados',
  noCreators: 'Aún no hay creadores.',
  trending: 'Tendencias de esta semana',
} satisfies TextsOf<typeof discover>;
