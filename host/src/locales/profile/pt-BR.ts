import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: a creator's profile page: Brazilian Portuguese, the reference every locale matches key for key. */
const profile = {
  notFoundTitle: 'Criador não encontrado',
  notFoundBody: 'Não existe criador com este nome de usuário ou id.',
  online: 'Online',
  subscribers: 'Assinantes',
  followers: 'Seguidores',
  posts: 'Publicações',
  sections: 'Seções do perfil',
  about: 'Sobre',
  photos: 'Fotos',
  videos: 'Vídeos',
  reels: 'Reels',
  content: 'Conteúdo do criador',
  noBio: 'Este criador ainda não escreveu uma apresentação.',
  plans: 'Planos de assinatura',
  follow: 'Seguir',
  unfollow: 'Deixar de seguir',
  followersCount: 'Seguidores: {{count}}',
  actions: 'Ações do perfil',
  subscribe: 'Assinar',
  subscribed: 'Sua assinatura',
  tip: 'Gorjeta',
  message: 'Mensagem',
  requestCall: 'Pedir chamada',
  liveNow: 'Ao vivo agora',
  watchLive: 'Assistir à live',
  stats: 'Números do criador',
  verified: 'Perfil verificado',
  details: 'Detalhes',
  location: 'Local',
  languages: 'Idiomas',
  attribute: {
    height: 'Altura',
    weight: 'Peso',
    age: 'Idade',
    bodyType: 'Tipo físico',
    ethnicity: 'Etnia',
    size: 'Manequim',
    hair: 'Cabelo',
    eyes: 'Olhos',
    sexualOrientation: 'Orientação',
  },
} as const;

export default profile;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    profile: TextsOf<typeof profile>;
  }
}
