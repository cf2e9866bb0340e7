import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the creator's payouts and the staff's payout review: Brazilian Portuguese, the reference every locale matches key for key. */
const payoutPages = {
  title: 'Saques',
  balance: {
    available: 'Disponível',
    pending: 'Em análise',
    paid: 'Já pago',
  },
  form: {
    title: 'Pedir um saque',
    open: 'Você já tem um pedido de saque em aberto. Um novo pedido só pode ser feito depois que ele for pago ou recusado.',
    tooLittle: 'Você pode pedir um saque quando tiver pelo menos {{minimum}} disponíveis.',
    amount: 'Valor',
    amountHint: 'Mínimo {{minimum}}; disponível {{available}}.',
    method: 'Receber por',
    note: 'Observação (opcional)',
    submit: 'Pedir saque',
    sending: 'Enviando…',
    sent: 'Pedido de saque de {{amount}} enviado. Ele será analisado pela equipe.',
    settingsHint: 'Os dados para receber (chave PIX, conta bancária, Stripe) ficam nas',
    settingsLink: 'configurações de pagamento',
  },
  methods: {
    pix: 'PIX',
    banking: 'Transferência bancária',
    stripe: 'Stripe',
  },
  statuses: {
    pending: 'Em análise',
    approved: 'Aprovado',
    rejected: 'Recusado',
    done: 'Pago',
  },
  mine: {
    title: 'Meus pedidos',
    empty: 'Você ainda não pediu nenhum saque.',
  },
  columns: {
    date: 'Data',
    amount: 'Valor',
    method: 'Forma',
    status: 'Situação',
    staffNote: 'Observação da equipe',
  },
  details: {
    pixKeyType: 'Tipo de chave PIX',
    pixKey: 'Chave PIX',
    bankName: 'Banco',
    bankCode: 'Código do banco',
    agency: 'Agência',
    account: 'Conta',
    accountType: 'Tipo de conta',
    holderName: 'Titular',
    holderDocument: 'CPF/CNPJ do titular',
    stripeAccountId: 'Conta Stripe',
  },
  noDetails: 'Nenhum dado de pagamento registrado.',
  refusals: {
    alreadyPending: 'Você já tem um pedido de saque em aberto.',
    belowMinimum: 'O valor mínimo de saque é {{minimum}}.',
    insufficient: 'O valor pedido é maior que o disponível.',
    methodMissing: 'Cadastre os dados desta forma de pagamento nas configurações de pagamento antes de pedir o saque.',
    notFound: 'Este pedido de saque não existe mais.',
    invalidTransition: 'Este pedido já mudou de situação. A lista foi atualizada.',
    noPermission: 'Você não tem permissão para revisar saques.',
  },
  review: {
    title: 'Pedidos de saque',
    intro: 'Aprove, recuse ou marque como pagos os pedidos dos criadores. Os ganhos saem do saldo apenas quando o pedido é pago e voltam se ele for recusado.',
    filter: 'Situação',
    all: 'Todas',
    empty: 'Nenhum pedido nesta situação.',
    requestedOn: 'Pedido em {{date}} · {{method}}',
    creatorNote: 'Observação do criador: {{note}}',
    staffNote: 'Observação da equipe: {{note}}',
    note: 'Observação para o criador',
    approve: 'Aprovar',
    approveFor: 'Aprovar o saque de {{name}}',
    reject: 'Recusar',
    rejectFor: 'Recusar o saque de {{name}}',
    markDone: 'Marcar como pago',
    markDoneFor: 'Marcar como pago o saque de {{name}}',
    detailsToPay: 'Dados para pagamento',
    showDetailsToPay: 'Mostrar os dados para pagamento',
    decided: 'Saque de {{amount}} de {{name}}: {{status}}.',
  },
} as const;

export default payoutPages;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    payoutPages: TextsOf<typeof payoutPages>;
  }
}
