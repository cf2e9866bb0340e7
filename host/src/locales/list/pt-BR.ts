import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: list sorting and pagination controls: Brazilian Portuguese, the reference every locale matches key for key. */
const list = {
  sortBy: 'Ordenar por',
  order: 'Ordem',
  asc: 'Crescente',
  desc: 'Decrescente',
  sortUpdatedAt: 'Atualização',
  sortCreatedAt: 'Data de entrada',
  sortName: 'Nome',
  sortUsername: 'Nome de usuário',
  sortSubscribers: 'Assinantes',
  pagination: 'Paginação',
  previous: 'Anterior',
  next: 'Próxima',
  pageOf: 'Página {{current}} de {{pages}}',
  pageSize: 'Por página',
  total_one: '{{count}} resultado',
  total_other: '{{count}} resultados',
} as const;

export default list;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    list: TextsOf<typeof list>;
  }
}
