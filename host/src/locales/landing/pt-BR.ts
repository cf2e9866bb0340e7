import type { TextsOf } from '@fandeck/widgets/i18n';

/** The visitor's landing page (`/`): Brazilian Portuguese, the reference every locale matches key for key. */
const landing = {
  title: 'Os seus criadores favoritos, de perto',
  lead: 'Assine, converse e assista ao vivo a quem você admira. Conteúdo exclusivo, pagamento por PIX e criadores que recebem de verdade pelo que fazem.',
  searchLabel: 'Buscar no site',
  searchPlaceholder: 'O que você procura?',
  searchSubmit: 'Buscar',
  joinAsFan: 'Criar conta grátis',
  joinAsCreator: 'Sou criador',
  pointSubscribeTitle: 'Assinaturas',
  pointSubscribeBody: 'Publicações, fotos e vídeos só para quem assina, por mês ou com desconto no ano.',
  pointCloseTitle: 'Mais perto',
  pointCloseBody: 'Mensagens diretas, gorjetas, chamadas privadas e lives com chat.',
  pointPixTitle: 'Pague com PIX',
  pointPixBody: 'Recarregue a carteira em segundos e apoie sem complicação.',
  discoverTitle: 'Criadores para descobrir',
  shelf_top: 'Em alta',
  shelf_new: 'Novos',
  shelf_live: 'Ao vivo agora',
  shelfFailed: 'Não foi possível carregar os criadores.',
  emptyCreators: 'Ainda não há criadores aqui.',
  emptyLive: 'Ninguém está ao vivo agora. Volte mais tarde!',
  seeAllCreators: 'Ver todos os criadores',
  liveBadge: 'Ao vivo',
  creatorCtaTitle: 'Você cria conteúdo?',
  creatorCtaBody: 'Monte sua página, defina seus preços e receba assinaturas, gorjetas e vendas num só lugar.',
} as const;

export default landing;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    landing: TextsOf<typeof landing>;
  }
}
