import type { TextsOf } from '../../i18n/texts.js';

/** Creator dashboard: `<fan-creator-dashboard>`: Brazilian Portuguese, the reference every locale matches key for key. */
const dashboard = {
  title: 'Painel do criador',
  signInPrompt: 'Entre com sua conta de criador para ver seus ganhos.',
  notCreator: 'Este painel é para criadores. Você entrou com uma conta de fã, que não tem ganhos nem saques.',
  loading: 'Carregando…',
  retry: 'Tentar novamente',
  staff: {
    title: 'Painel do criador: {{name}}',
    choose: 'Escolha um criador para ver o painel dele.',
    noPermission: 'Sua conta não tem permissão para ver os ganhos dos criadores.',
    payoutByCreator: 'Os saques são pedidos pelo próprio criador.',
  },
  stats: {
    title: 'Ganhos',
    net: 'Total ganho',
    available: 'Disponível',
    pending: 'Em saque',
    paid: 'Já sacado',
    gross: 'Vendas brutas',
    commission: 'Comissão da plataforma',
  },
  chart: {
    title: 'Ganhos ao longo do tempo',
    intervals: 'Agrupar ganhos',
    day: 'Dia',
    week: 'Semana',
    month: 'Mês',
    spanDay: 'por dia nos últimos 30 dias',
    spanWeek: 'por semana nas últimas 12 semanas',
    spanMonth: 'por mês nos últimos 12 meses',
    summary: 'Ganhos {{span}}: {{total}} no total; o maior foi {{max}} em {{date}}.',
    summaryEmpty: 'Nenhum ganho {{span}}.',
    table: 'Ver como tabela',
    date: 'Início',
    net: 'Ganho',
    count: 'Vendas',
  },
  subscribers: {
    title: 'Assinantes',
    total: 'Total: {{count}}',
    empty: 'Ainda não há assinantes.',
    renews: 'Renova em {{date}}',
    cancelled: 'Cancelada, acesso até {{date}}',
    grace: 'Renovação pendente até {{date}}',
    activeUntil: 'Ativa até {{date}}',
    ended: 'Encerrada',
  },
  top: {
    title: 'O que mais rendeu',
    empty: 'Ainda não há vendas.',
    sales: 'Vendas: {{count}}',
    type: {
      subscription: 'Assinaturas',
      tip: 'Gorjetas',
      feed: 'Post',
      video: 'Vídeo',
      gallery: 'Galeria',
      product: 'Produto',
      message: 'Mensagem',
      stream: 'Live',
      other: 'Outros',
    },
  },
  payout: {
    title: 'Saque',
    available: 'Disponível para saque: {{amount}}',
    minimum: 'Saque mínimo: {{amount}}',
    belowMinimum: 'Você pode pedir um saque quando tiver pelo menos {{amount}} disponíveis.',
    amount: 'Valor do saque',
    method: 'Receber por',
    pix: 'PIX',
    banking: 'Transferência bancária',
    note: 'Observação (opcional)',
    submit: 'Pedir saque de {{amount}}',
    sending: 'Enviando…',
    sent: 'Pedido de saque enviado. Ele será analisado pela equipe.',
    pending: 'Pedido de {{amount}} de {{date}}: {{status}}.',
    status: {
      pending: 'em análise',
      approved: 'aprovado, aguardando pagamento',
      rejected: 'recusado',
      done: 'pago',
    },
  },
} as const;

export default dashboard;

declare module '../../i18n/index.js' {
  interface Namespaces {
    dashboard: TextsOf<typeof dashboard>;
  }
}
