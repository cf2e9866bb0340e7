import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the notifications bell, the /notifications page and browser notifications: Brazilian Portuguese, the reference. */
const notifications = {
  title: 'Notificações',
  bell: {
    label: 'Notificações',
    labelUnread: 'Notificações: {{count}} não lidas',
    latest: 'Últimas notificações',
    empty: 'Nenhuma notificação ainda.',
    seeAll: 'Ver todas',
  },
  /** One text per notification type (contract NOTIFICATION_TYPES); `{{name}}` is who did it. */
  types: {
    subscription: {
      renewal_failed: 'Não conseguimos renovar sua assinatura de {{name}}. Adicione saldo para manter o acesso.',
      created: '{{name}} assinou o seu perfil.',
    },
    follow: {
      created: '{{name}} começou a seguir você.',
    },
    tip: {
      received: '{{name}} enviou uma gorjeta de {{amount}}.',
      receivedNoAmount: '{{name}} enviou uma gorjeta.',
    },
    comment: {
      created: '{{name}} comentou na sua publicação.',
    },
    message: {
      received: '{{name}} enviou uma mensagem.',
    },
    private_stream: {
      updated: '{{name}} atualizou um pedido de chamada privada.',
    },
    moderation: {
      warning: "A equipe revisou uma denúncia sobre o seu conteúdo e enviou um aviso: siga as regras da plataforma.",
    },
    stream: {
      live: '{{name}} está ao vivo agora. Venha assistir!',
    },
    generic: 'Você tem uma nova notificação.',
  },
  /** A private call request's change, by its `action` (private_stream.updated). */
  privateCall: {
    requested: '{{name}} pediu uma chamada privada.',
    approved: '{{name}} aprovou o seu pedido de chamada privada.',
    rejected: '{{name}} recusou o seu pedido de chamada privada.',
    edited: '{{name}} alterou o pedido de chamada privada.',
    paid: '{{name}} pagou a chamada privada.',
    started: '{{name}} começou a chamada privada: entre agora.',
    deleted: '{{name}} cancelou o pedido de chamada privada.',
    deletedRefunded: '{{name}} cancelou a chamada privada paga; o valor foi devolvido à carteira do fã.',
  },
  someone: 'Alguém',
  unreadMark: 'Não lida',
  markRead: 'Marcar como lida',
  markAllRead: 'Marcar todas como lidas',
  allRead: 'Todas as notificações foram marcadas como lidas.',
  page: {
    intro: 'O que aconteceu na sua conta: novas assinaturas, seguidores, gorjetas, comentários e mensagens.',
    empty: 'Você ainda não tem notificações.',
    loadMore: 'Carregar mais',
    loadingMore: 'Carregando…',
    count: 'Mostrando {{shown}} de {{total}}',
  },
  push: {
    title: 'Notificações do navegador',
    hint: 'Receba um aviso do navegador mesmo com o site fechado.',
    enable: 'Ativar notificações do navegador',
    disable: 'Desativar notificações do navegador',
    working: 'Um momento…',
    enabled: 'Notificações do navegador ativadas.',
    disabled: 'Notificações do navegador desativadas.',
    denied: 'O navegador bloqueou as notificações deste site. Libere-as nas configurações do navegador.',
    failed: 'Não foi possível ativar as notificações do navegador.',
  },
} as const;

export default notifications;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    notifications: TextsOf<typeof notifications>;
  }
}
