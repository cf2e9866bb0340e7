import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the creator's go-live page: Brazilian Portuguese, the reference every locale matches key for key. */
const creatorLive = {
  title: 'Transmitir ao vivo',
  intro: 'Escolha a câmera e o microfone, dê um título e entre ao vivo. Seus fãs assistem pelo seu perfil e pelos seus sites.',
  preview: 'Prévia da câmera',
  camera: 'Câmera',
  microphone: 'Microfone',
  defaultDevice: 'Padrão do navegador',
  deviceLabel: 'Dispositivo {{number}}',
  cameraDenied: 'O navegador não liberou a câmera ou o microfone. Permita o acesso nas configurações do site e tente de novo.',
  cameraMissing: 'Nenhuma câmera encontrada neste aparelho.',
  cameraRetry: 'Tentar de novo',
  unsupported: 'Este navegador não consegue gravar vídeo para a transmissão. Use um Chrome, Edge ou Firefox recente.',
  streamTitle: 'Título',
  streamDescription: 'Descrição',
  subscribersOnly: 'Só para assinantes',
  goLive: 'Entrar ao vivo',
  starting: 'Entrando ao vivo…',
  end: 'Encerrar transmissão',
  ending: 'Encerrando…',
  ended: 'Transmissão encerrada.',
  live: 'Ao vivo',
  stats: {
    title: 'Transmissão',
    elapsed: 'Tempo no ar',
    sent: 'Enviado',
    viewers: 'Assistindo',
    connection: 'Conexão',
  },
  socket: {
    idle: 'Parada',
    connecting: 'Conectando…',
    open: 'Enviando',
    reconnecting: 'Reconectando…',
    closed: 'Fechada',
    failed: 'Falhou',
  },
  ingestFailed: 'A conexão de envio do vídeo caiu e não voltou. Encerre e entre ao vivo de novo.',
  chatWaiting: 'O chat aparece quando você estiver ao vivo.',
} as const;

export default creatorLive;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    creatorLive: TextsOf<typeof creatorLive>;
  }
}
