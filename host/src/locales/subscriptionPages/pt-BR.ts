import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the fan's subscriptions and the creator's subscribers: Brazilian Portuguese, the reference every locale matches key for key. */
const subscriptionPages = {
  title: 'Minhas assinaturas',
  intro: 'Os criadores que você assina. Cancelar interrompe a renovação; o acesso continua até o fim do período já pago.',
  caption: 'Suas assinaturas',
  empty: 'Você ainda não assina nenhum criador.',
  browse: 'Descobrir criadores',
  columns: {
    creator: 'Criador',
    subscriber: 'Assinante',
    plan: 'Plano',
    price: 'Preço',
    since: 'Desde',
    status: 'Situação',
    period: 'Renovação',
    actions: 'Ações',
  },
  plans: {
    monthly: 'Mensal',
    quarterly: 'Trimestral',
    half_yearly: 'Semestral',
    yearly: 'Anual',
    free: 'Gratuito',
    system: 'Cortesia',
  },
  states: {
    pending: 'Aguardando pagamento',
    active: 'Ativa',
    cancelled: 'Cancelada',
    grace: 'Pagamento pendente',
    ended: 'Encerrada',
  },
  free: 'Grátis',
  renewsOn: 'Renova em {{date}}',
  endsOn: 'Termina em {{date}}',
  endedOn: 'Terminou em {{date}}',
  retryingUntil: 'Saldo insuficiente: nova tentativa até {{date}}',
  thisCreator: 'este criador',
  cancel: 'Cancelar',
  cancelFor: 'Cancelar a assinatura de {{name}}',
  resume: 'Retomar',
  resumeFor: 'Retomar a assinatura de {{name}}',
  confirmCancel: 'Cancelar a assinatura de {{name}}? Ela não será renovada, e você mantém o acesso até {{date}}.',
  cancelled: 'Assinatura de {{name}} cancelada. Você mantém o acesso até {{date}}.',
  resumed: 'Assinatura de {{name}} retomada. Ela será renovada em {{date}}.',
  alreadyCancelled: 'Esta assinatura já estava cancelada.',
  notCancelled: 'Esta assinatura não está cancelada.',
  notFound: 'Esta assinatura não existe mais.',
  subscribersTitle: 'Assinantes',
  subscribersIntro: 'Quem assina você, com o plano, desde quando e a próxima renovação.',
  subscribersCaption: 'Seus assinantes',
  show: 'Mostrar',
  showActive: 'Assinantes ativos',
  showAll: 'Todos',
  subscriberCount: 'Total: {{total}}',
  noActiveSubscribers: 'Nenhum assinante ativo no momento.',
  noSubscribers: 'Ninguém assinou você ainda.',
} as const;

export default subscriptionPages;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    subscriptionPages: TextsOf<typeof subscriptionPages>;
  }
}
