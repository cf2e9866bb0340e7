import type { TextsOf } from '../../i18n/texts.js';

/** Direct messages: `<fan-chat-inbox>`: Brazilian Portuguese, the reference every locale matches key for key. */
const chat = {
  title: 'Mensagens',
  unreadTotal: '{{count}} não lidas',
  loading: 'Carregando…',
  retry: 'Tentar novamente',
  signInPrompt: 'Entre para ver e enviar mensagens.',
  live: {
    reconnecting: 'Reconectando… As mensagens novas aparecem assim que a conexão voltar.',
    failed: 'Sem conexão em tempo real. O que você escrever será enviado quando ela voltar.',
  },
  list: {
    label: 'Conversas',
    empty: 'Nenhuma conversa ainda.',
    more: 'Mais conversas',
    unread: '{{count}} não lidas',
    you: 'Você: {{text}}',
    attachment: 'Anexo',
    noMessages: 'Nenhuma mensagem ainda',
    unknown: 'Conversa',
  },
  thread: {
    choose: 'Escolha uma conversa para ler.',
    opening: 'Abrindo a conversa…',
    empty: 'Nenhuma mensagem ainda. Diga olá!',
    older: 'Ver mensagens anteriores',
    back: 'Voltar às conversas',
    blocked: 'Você não pode enviar mensagens nesta conversa.',
    label: 'Mensagens com {{name}}',
  },
  message: {
    deleted: 'Mensagem apagada',
    sending: 'Enviando…',
    waiting: 'Sem conexão. Vamos reenviar sozinhos.',
    failed: 'Não enviada.',
    retry: 'Reenviar',
    discard: 'Descartar',
    delete: 'Apagar',
    deleting: 'Apagando…',
    locked: 'Mensagem paga: desbloqueie para ver os arquivos.',
    paid: 'Paga: {{price}}',
    photo: 'Foto',
    audio: 'Áudio',
    videoPending: 'Vídeo em processamento',
  },
  composer: {
    label: 'Mensagem',
    placeholder: 'Escreva uma mensagem',
    send: 'Enviar',
    attach: 'Anexar foto, vídeo ou áudio',
    uploading: 'Enviando {{name}}',
    uploaded: '{{name}} pronto',
    uploadFailed: 'Não foi possível enviar {{name}}.',
    cancel: 'Cancelar o envio de {{name}}',
    remove: 'Tirar {{name}}',
    price: 'Preço para desbloquear os arquivos',
    priceHint: 'Deixe em branco para enviar grátis.',
    priceInvalid: 'Informe um preço em números, como 9,90.',
    tooLong: 'A mensagem passa de {{max}} caracteres.',
    tooMany: 'No máximo {{max}} arquivos por mensagem.',
    unsupported: 'Escolha fotos, vídeos ou áudios.',
  },
} as const;

export default chat;

declare module '../../i18n/index.js' {
  interface Namespaces {
    chat: TextsOf<typeof chat>;
  }
}
