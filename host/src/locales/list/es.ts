import type { TextsOf } from '@fandeck/widgets/i18n';
import type list from './pt-BR.js';

/** Host site: list sorting and pagination controls: Spanish. */
export default {
  sortBy: 'Ordenar por',
  order: 'Orden',
  asc: 'Ascendente',
  desc: 'Descendente',
  sortUpdatedAt: 'Actualización',
  sortCreatedAt: 'Fecha de alta',
  sortName: 'Nombre',
  sortUsername: 'Nombre de usuario',
  sortSubscribers: 'Suscriptores',
  pagination: 'Paginación',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: 'Página {{current}} de {{pages}}',
  pageSize: 'Por página',
  total_one: '{{count}} resultado',
  total_other: '{{count}} resultados',
} satisfies TextsOf<typeof list>;
