import type { TextsOf } from '../../i18n/texts.js';

/** Wallet top-up: `<fan-wallet-topup>`: Brazilian Portuguese, the reference every locale matches key for key. */
const wallet = {
  title: 'Recarregar carteira',
  balance: 'Saldo: {{amount}}',
  amount: 'Valor da recarga',
  coupon: 'Cupom de desconto',
  couponApply: 'Aplicar',
  couponApplying: 'Aplicando…',
  couponRemove: 'Remover cupom',
  couponApplied: 'Cupom {{code}}: desconto de {{discount}}. Você paga {{toPay}} e recebe {{tokens}}.',
  couponNeedsAmount: 'Escolha um valor válido antes de aplicar o cupom.',
  couponInvalid: 'Use de 3 a 32 letras, números, - ou _.',
  gateway: 'Forma de pagamento',
  gatewayPix: 'PIX',
  gatewayCard: 'Cartão',
  cardNeedsStripe: 'O pagamento com cartão usa o Stripe.js, que este widget ainda não carrega. Use o PIX por enquanto.',
  cardUnavailable: 'Pagamento com cartão indisponível nesta plataforma.',
  submit: 'Pagar {{amount}} com PIX',
  submitting: 'Gerando o PIX…',
  submitNoAmount: 'Pagar com PIX',
  confirmTitle: 'Recarga de {{amount}} na carteira',
  pixTitle: 'Pague {{amount}} com PIX',
  pixHint: 'Escaneie o QR code no app do seu banco ou copie o código abaixo.',
  qrAlt: 'QR code do PIX de {{amount}}',
  pixCode: 'Código PIX copia e cola',
  copy: 'Copiar código',
  copied: 'Código copiado!',
  copyFailed: 'Não foi possível copiar. Selecione o código e copie manualmente.',
  statusPending: 'Aguardando o pagamento…',
  statusPaid: 'Pagamento confirmado! {{tokens}} adicionados à sua carteira.',
  statusFailed: 'O pagamento não foi concluído.',
  statusExpired: 'Este PIX expirou. Gere um novo.',
  statusTimeout: 'Ainda não recebemos a confirmação. Se você já pagou, o saldo será atualizado em instantes.',
  checkAgain: 'Verificar novamente',
  sandboxNote: 'Ambiente de testes: nenhum dinheiro real é cobrado.',
  sandboxPay: 'Abrir a página de pagamento de teste',
  newTopup: 'Fazer outra recarga',
  signInPrompt: 'Entre para recarregar sua carteira.',
  loadFailed: 'Não foi possível carregar as opções de pagamento.',
  retry: 'Tentar novamente',
} as const;

export default wallet;

declare module '../../i18n/index.js' {
  interface Namespaces {
    wallet: TextsOf<typeof wallet>;
  }
}
