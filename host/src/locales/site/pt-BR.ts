import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the shell, navigation and whole-site layouts: Brazilian Portuguese, the reference every locale matches key for key. */
const site = {
  signIn: 'Entrar',
  signUp: 'Criar conta',
  notifications: 'Notificações',
  account: 'Conta',
  accountMenu: 'Sua conta',
  openAccountMenu: 'Menu da conta de {{name}}',
  closeMenu: 'Fechar',
  profile: 'Meu perfil',
  wallet: 'Carteira',
  settings: 'Configurações da conta',
  tabNav: 'Navegação',
  skipToContent: 'Pular para o conteúdo',
  groupMain: 'Principal',
  groupCreator: 'Criador',
  groupFan: 'Minha conta',
  groupExplore: 'Explorar',
  groupStaff: 'Equipe',
  home: 'Início',
  discover: 'Descobrir',
  creators: 'Criadores',
  dashboard: 'Painel',
  myPosts: 'Minhas publicações',
  posts: 'Publicações',
  bookmarks: 'Salvos',
  mySubscriptions: 'Minhas assinaturas',
  subscribers: 'Assinantes',
  earnings: 'Ganhos',
  payouts: 'Saques',
  creatorReview: 'Revisão de criadores',
  payoutReview: 'Pedidos de saque',
  backOffice: 'Painel da equipe',
  messages: 'Mensagens',
  privateCalls: 'Chamadas',
  messagingTools: 'Ferramentas de mensagens',
  goLive: 'Ao vivo',
  liveNow: 'Ao vivo agora',
  live: 'Ao vivo',
  liveOf: 'Ao vivo: {{creator}}',
  browseCreators: 'Descobrir criadores',
  mainNav: 'Navegação principal',
  footerNav: 'Links do site',
  language: 'Idioma',
  themeLight: 'Tema claro',
  themeDark: 'Tema escuro',
  retry: 'Tentar novamente',
  copyright: '© {{year}} {{siteName}}',
  maintenanceTitle: 'Estamos em manutenção',
  maintenanceBody: 'Estamos fazendo melhorias no site. Volte em breve.',
  maintenanceStaff: 'Faz parte da equipe? Entre para continuar trabalhando.',
  geoBlockedTitle: 'Indisponível na sua região',
  geoBlockedBody: 'Este site não está disponível no seu país.',
} as const;

export default site;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    site: TextsOf<typeof site>;
  }
}
