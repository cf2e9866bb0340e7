import type { TextsOf } from '../../i18n/texts.js';

/** Live streams: `<fan-live-player>` and the creator's go-live chat: Brazilian Portuguese, the reference every locale matches key for key. */
const livePlayer = {
  loading: 'Carregando a transmissão…',
  retry: 'Tentar novamente',
  offline: '{{name}} está offline',
  offlineHint: 'Esta página atualiza sozinha quando a transmissão começar.',
  ended: 'A transmissão de {{name}} terminou.',
  endedHint: 'Obrigado por assistir!',
  live: 'Ao vivo',
  viewers: '{{count}} assistindo',
  subscribersOnly: 'Esta transmissão é só para assinantes de {{name}}.',
  signIn: 'Entre para assistir à transmissão de {{name}}.',
  play: 'Assistir',
  playLoading: 'Conectando ao vídeo…',
  playFailed: 'Não foi possível reproduzir a transmissão.',
  videoLabel: 'Transmissão ao vivo de {{name}}',
  reconnecting: 'Reconectando… A transmissão volta assim que a conexão voltar.',
  connectionFailed: 'Sem conexão em tempo real. Recarregue a página para continuar.',
  chat: {
    title: 'Chat ao vivo',
    empty: 'Ninguém escreveu ainda. Diga olá!',
    label: 'Mensagem',
    placeholder: 'Escreva no chat',
    send: 'Enviar',
    sending: 'Enviando…',
    failed: 'Não enviada.',
    retry: 'Reenviar',
    signIn: 'Entre para escrever no chat.',
    tooLong: 'A mensagem passa de {{max}} caracteres.',
    loadFailed: 'Não foi possível carregar o chat.',
    deleted: 'Mensagem apagada',
  },
  tip: {
    open: 'Enviar gorjeta',
    amount: 'Valor da gorjeta',
    submit: 'Enviar {{amount}}',
    sending: 'Enviando…',
    sent: 'Gorjeta de {{amount}} enviada. Obrigado!',
    declined: 'Gorjeta cancelada. Nada foi cobrado.',
    close: 'Fechar',
    signIn: 'Entre para enviar uma gorjeta.',
  },
  support: {
    tip: '{{name}} enviou uma gorjeta ({{amount}})',
    gift: '{{name}} enviou {{gift}} ({{amount}})',
    someone: 'Alguém',
  },
  gift: {
    open: 'Enviar presente',
    title: 'Escolha um presente',
    choose: 'Enviar {{gift}} por {{amount}}',
    loading: 'Carregando presentes…',
    loadFailed: 'Não foi possível carregar os presentes.',
    empty: 'Nenhum presente disponível agora.',
    sending: 'Enviando {{gift}}…',
    sent: '{{gift}} enviado. Obrigado!',
    declined: 'Presente cancelado. Nada foi cobrado.',
    again: 'Enviar outro',
    close: 'Fechar',
  },
} as const;

export default livePlayer;

declare module '../../i18n/index.js' {
  interface Namespaces {
    'live-player': TextsOf<typeof livePlayer>;
  }
}
