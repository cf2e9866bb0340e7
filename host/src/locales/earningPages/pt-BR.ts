import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the creator's earnings and referrals: Brazilian Portuguese, the reference every locale matches key for key. */
const earningPages = {
  title: 'Ganhos',
  stats: {
    net: 'Seus ganhos',
    gross: 'Pago pelos fãs',
    commission: 'Comissão da plataforma',
    available: 'Disponível para saque',
    pending: 'Em saque',
    paid: 'Já sacado',
  },
  toPayouts: 'Pedir um saque',
  listTitle: 'Cada ganho',
  type: 'Tipo',
  allTypes: 'Todos',
  sources: {
    subscription: 'Assinatura',
    tip: 'Gorjeta',
    feed: 'Publicação',
    video: 'Vídeo',
    gallery: 'Galeria',
    product: 'Produto',
    message: 'Mensagem',
    stream: 'Transmissão ao vivo',
    other: 'Outro',
  },
  empty: 'Você ainda não tem ganhos.',
  emptyType: 'Nenhum ganho deste tipo.',
  columns: {
    date: 'Data',
    type: 'Tipo',
    from: 'De',
    gross: 'Valor pago',
    commission: 'Comissão',
    net: 'Seu ganho',
  },
  referrals: {
    title: 'Indicações',
    intro: 'Compartilhe seu link: quem se cadastrar por ele rende a você uma comissão sobre o que movimentar na plataforma.',
    code: 'Seu código:',
    link: 'Link de indicação',
    copy: 'Copiar link',
    copied: 'Link copiado.',
    copyManually: 'Não foi possível copiar. O link está selecionado: copie-o manualmente.',
    earningsTitle: 'Ganhos com indicações',
    total: 'Total de comissões',
    count: 'Comissões recebidas',
    referred: 'Indicado',
    empty: 'Nenhuma comissão de indicação ainda.',
  },
} as const;

export default earningPages;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    earningPages: TextsOf<typeof earningPages>;
  }
}
