import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the discovery page: Brazilian Portuguese, the reference every locale matches key for key. */
const discover = {
  title: 'Descobrir',
  searchLabel: 'Buscar criadores e publicações',
  searchSubmit: 'Buscar',
  popular: 'Buscas populares',
  results: 'Publicações com “{{query}}”',
  topCreators: 'Criadores em destaque',
  noCreators: 'Nenhum criador ainda.',
  trending: 'Em alta esta semana',
  creatorsFound: 'Criadores encontrados',
  noMatch: 'Nenhum criador com essa busca e esses filtros.',
  sortBy: 'Ordenar por',
  sortPopular: 'Mais populares',
  sortNewest: 'Mais novos',
  sortLive: 'Ao vivo primeiro',
  liveNow: 'Ao vivo agora',
  freeSubscription: 'Assinatura grátis',
  filters: 'Filtros',
  filtersActive: 'Filtros ({{count}})',
  filtersFailed: 'Não foi possível carregar as opções dos filtros.',
  any: 'Qualquer',
  clearFilters: 'Limpar filtros',
} as const;

export default discover;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    discover: TextsOf<typeof discover>;
  }
}
