import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the discovery page: Brazilian Portuguese, the reference every locale matches key for key. */
const discover = {
  title: 'Descobrir',
  searchLabel: 'Buscar publicações',
  searchSubmit: 'Buscar',
  popular: 'Buscas populares',
  results: 'Publicações com “{{query}}”',
  topCreators: 'Criadores em destaque',
  noCreators: 'Nenhum criador ainda.',
  trending: 'Em alta esta semana',
} as const;

export default discover;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    discover: TextsOf<typeof discover>;
  }
}
