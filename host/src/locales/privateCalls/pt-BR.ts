import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: private calls (the request form on a profile and /private-calls): Brazilian Portuguese, the reference every locale matches key for key. */
const privateCalls = {
  request: {
    open: 'Pedir uma chamada privada',
    title: 'Chamada privada com {{name}}',
    duration: 'Duração (minutos)',
    durationHint: 'De {{min}} a {{max}} minutos',
    durationInvalid: 'Escolha uma duração inteira de {{min}} a {{max}} minutos.',
    note: 'Recado (opcional)',
    noteHint: 'Até {{max}} caracteres',
    price: 'Preço: {{price}}',
    free: 'Chamada grátis',
    payLater: 'Você paga depois que o criador aprovar.',
    send: 'Enviar pedido',
    sending: 'Enviando…',
    cancel: 'Cancelar',
    sent: 'Pedido enviado. Acompanhe em Chamadas privadas.',
    seeCalls: 'Ver minhas chamadas privadas',
  },
  title: 'Chamadas privadas',
  intro: 'Os pedidos de chamada privada que você fez ou recebeu.',
  caption: 'Seus pedidos de chamada privada',
  empty: 'Nenhum pedido de chamada privada ainda.',
  browse: 'Descobrir criadores',
  columns: {
    party: 'Com',
    role: 'Você é',
    status: 'Situação',
    duration: 'Duração',
    price: 'Preço',
    note: 'Recado',
    dates: 'Datas',
    actions: 'Ações',
  },
  roles: {
    fan: 'Fã',
    creator: 'Criador',
  },
  states: {
    pending: 'Aguardando aprovação',
    approved: 'Aprovado',
    rejected: 'Recusado',
    started: 'Em andamento',
  },
  minutes: '{{count}} min',
  free: 'Grátis',
  noNote: 'Sem recado',
  created: 'Pedido em {{date}}',
  updated: 'Atualizado em {{date}}',
  paid: 'Pago',
  actions: {
    approve: 'Aprovar',
    reject: 'Recusar',
    edit: 'Editar',
    start: 'Iniciar',
    pay: 'Pagar {{price}}',
    remove: 'Excluir',
    cancelPaid: 'Cancelar e reembolsar',
    join: 'Entrar na chamada',
    save: 'Salvar',
    cancel: 'Cancelar',
    working: 'Aguarde…',
  },
  actionFor: '{{action}}: pedido de {{name}}',
  confirmReject: 'Recusar o pedido de chamada de {{name}}?',
  confirmRemove: 'Excluir o pedido de chamada com {{name}}?',
  confirmCancelPaidFan: 'Cancelar a chamada com {{name}}? Os {{price}} que você pagou voltam para a sua carteira.',
  confirmCancelPaidCreator: 'Cancelar a chamada paga de {{name}}? O fã recebe os {{price}} de volta na carteira.',
  done: {
    approve: 'Pedido aprovado.',
    reject: 'Pedido recusado.',
    edit: 'Pedido alterado.',
    remove: 'Pedido excluído.',
    cancelPaid: 'Chamada cancelada e pagamento reembolsado.',
    pay: 'Pagamento feito. Aguarde o criador iniciar a chamada.',
  },
  declined: 'Pagamento cancelado. Nada foi cobrado.',
  waitingPayment: 'Aguardando o pagamento do fã.',
  waitingStart: 'Aguardando o criador iniciar.',
  liveUpdated: 'A lista foi atualizada.',
  thisPerson: 'esta pessoa',
  refusals: {
    notPaid: 'O fã ainda não pagou esta chamada. Ela pode começar depois do pagamento.',
    notFound: 'Este pedido não existe mais.',
    invalidState: 'Este pedido mudou e não aceita mais esta ação. A lista foi atualizada.',
    alreadyPaid: 'Você já pagou por esta chamada.',
    insufficientBalance: 'Saldo insuficiente. Recarregue sua carteira para pagar a chamada.',
    blocked: 'Este criador não está disponível para você.',
  },
} as const;

export default privateCalls;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    privateCalls: TextsOf<typeof privateCalls>;
  }
}
