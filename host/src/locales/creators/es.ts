import type { TextsOf } from '@fandeck/widgets/i18n';
import type creators from './pt-BR.js';

/** Host site: the creators list: Spanish. */
export default {
  title: 'Creadores',
  search: 'Buscar',
  searchSubmit: 'Buscar',
  gender: 'Género',
  genderAny: 'Todos',
  genderFemale: 'Femenino',
  genderMale: 'Masculino',
  genderTrans: 'Trans',
  subscribers: '{{value}} suscriptores',
  followers: '{{value}} seguidores',
  posts: '{{value}} publicaciones',
  statsLabel: 'Cifras del creador',
  priceMonthly: '{{price}} al mes',
  freeDays_one: 'Gratis durante {{count}} día',
  freeDays_other: 'Gratis durante {{count}} días',
  live: 'En vivo',
  empty: 'No se encontraron creadores.',
} satisfies TextsOf<typeof creators>;
