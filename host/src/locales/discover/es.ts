import type { TextsOf } from '@fandeck/widgets/i18n';
import type discover from './pt-BR.js';

/** Host site: the discovery page: Spanish. */
export default {
  title: 'Descubrir',
  searchLabel: 'Buscar creadores y publicaciones',
  searchSubmit: 'Buscar',
  popular: 'Búsquedas populares',
  results: 'Publicaciones con “{{query}}”',
  topCreators: 'Creadores destacados',
  noCreators: 'Aún no hay creadores.',
  trending: 'Tendencias de esta semana',
  creatorsFound: 'Creadores encontrados',
  noMatch: 'Ningún creador coincide con esta búsqueda y estos filtros.',
  sortBy: 'Ordenar por',
  sortPopular: 'Más populares',
  sortNewest: 'Más nuevos',
  sortLive: 'En vivo primero',
  liveNow: 'En vivo ahora',
  freeSubscription: 'Suscripción gratis',
  filters: 'Filtros',
  filtersActive: 'Filtros ({{count}})',
  filtersFailed: 'No se pudieron cargar las opciones de los filtros.',
  any: 'Cualquiera',
  clearFilters: 'Borrar filtros',
} satisfies TextsOf<typeof discover>;
