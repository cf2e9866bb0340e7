import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the creators list: Brazilian Portuguese, the reference every locale matches key for key. */
const creators = {
  title: 'Criadores',
  search: 'Buscar',
  searchSubmit: 'Buscar',
  gender: 'Gênero',
  genderAny: 'Todos',
  genderFemale: 'Feminino',
  genderMale: 'Masculino',
  genderTrans: 'Trans',
  subscribers: '{{value}} assinantes',
  followers: '{{value}} seguidores',
  posts: '{{value}} publicações',
  statsLabel: 'Números do criador',
  priceMonthly: '{{price}} por mês',
  freeDays_one: 'Grátis por {{count}} dia',
  freeDays_other: 'Grátis por {{count}} dias',
  live: 'Ao vivo',
  empty: 'Nenhum criador encontrado.',
} as const;

export default creators;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    creators: TextsOf<typeof creators>;
  }
}
