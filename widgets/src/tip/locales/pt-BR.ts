import type { TextsOf } from '../../i18n/texts.js';

/** Tips: `<fan-tip-button>`: Brazilian Portuguese, the reference every locale matches key for key. */
const tip = {
  button: 'Enviar gorjeta',
  buttonFor: 'Enviar gorjeta para {{name}}',
  title: 'Gorjeta para {{name}}',
  close: 'Fechar',
  amount: 'Valor da gorjeta',
  message: 'Mensagem (opcional)',
  messageCount: '{{count}}/{{max}}',
  messageTooLong: 'A mensagem pode ter no máximo {{max}} caracteres.',
  balance: 'Seu saldo: {{amount}}',
  submit: 'Enviar {{amount}}',
  confirming: 'Aguardando sua confirmação…',
  sending: 'Enviando…',
  confirmTitle: 'Gorjeta de {{amount}} para {{name}}',
  cancelled: 'Gorjeta cancelada. Nada foi cobrado.',
  sent: 'Gorjeta de {{amount}} enviada para {{name}}. Obrigado!',
  sendAnother: 'Enviar outra gorjeta',
  retry: 'Tentar novamente',
  short: 'Seu saldo de {{balance}} não cobre esta gorjeta. Recarregue pelo menos {{missing}} para continuar.',
  backToTip: 'Voltar para a gorjeta',
  resume: 'Saldo atualizado! Confirme a gorjeta de {{amount}}.',
  signInPrompt: 'Entre para enviar uma gorjeta.',
  creatorMissing: 'Este botão não indica para qual criador é a gorjeta.',
  creatorNotFound: 'Criador não encontrado.',
  loading: 'Carregando…',
  insufficientBalance: 'Saldo insuficiente. Recarregue sua carteira.',
} as const;

export default tip;

declare module '../../i18n/index.js' {
  interface Namespaces {
    tip: TextsOf<typeof tip>;
  }
}
