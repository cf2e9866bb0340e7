import type { TextsOf } from '../../i18n/texts.js';

/** Subscriptions: `<fan-subscribe>`: Brazilian Portuguese, the reference every locale matches key for key. */
const subscribe = {
  button: 'Assinar',
  buttonFor: 'Assinar {{name}}',
  fromPrice: 'A partir de {{price}}',
  free_one: 'Assinatura grátis por {{count}} dia',
  free_other: 'Assinatura grátis por {{count}} dias',
  choose: 'Escolha um plano',
  plan: {
    monthly: 'Mensal',
    quarterly: '3 meses',
    half_yearly: '6 meses',
    yearly: '12 meses',
    free: 'Grátis',
  },
  freePrice: 'Grátis',
  submit: 'Assinar por {{price}}',
  submitFree: 'Assinar grátis',
  sending: 'Assinando…',
  close: 'Fechar',
  balance: 'Seu saldo: {{amount}}',
  declined: 'Assinatura não confirmada. Nada foi cobrado.',
  done: 'Agora você assina {{name}}. Obrigado!',
  retry: 'Tentar novamente',
  short: 'Seu saldo de {{balance}} não cobre este plano. Recarregue pelo menos {{missing}} para continuar.',
  insufficientBalance: 'Saldo insuficiente. Recarregue sua carteira.',
  backToPlans: 'Voltar aos planos',
  resumed: 'Saldo atualizado! Confirme a assinatura de {{price}}.',
  renews: 'Assinatura ativa. Renova em {{date}}.',
  cancelledUntil: 'Assinatura cancelada. Seu acesso vai até {{date}}.',
  activeUntil: 'Assinatura ativa até {{date}}.',
  grace: 'Não foi possível renovar por falta de saldo. Recarregue até {{date}} para manter a assinatura.',
  cancel: 'Cancelar assinatura',
  cancelling: 'Cancelando…',
  resume: 'Retomar assinatura',
  resuming: 'Retomando…',
  own: 'Estes são os seus planos, como os fãs os veem.',
  signInPrompt: 'Entre para assinar.',
  noPlans: 'Este criador ainda não oferece assinaturas.',
  creatorMissing: 'Este elemento não indica qual criador assinar.',
  creatorNotFound: 'Criador não encontrado.',
  loading: 'Carregando…',
} as const;

export default subscribe;

declare module '../../i18n/index.js' {
  interface Namespaces {
    subscribe: TextsOf<typeof subscribe>;
  }
}
