import type { TextsOf } from '../../i18n/texts.js';

/** Chamadas privadas: a sala da chamada (fã e criador), em português do Brasil. */
const privateCall = {
  title: 'Chamada privada com {{name}}',
  unavailable: 'Chamada indisponível',
  loading: 'Carregando a chamada…',
  minutes: '{{count}} min',
  remaining: 'Restam {{time}}',
  overtime: 'Tempo combinado encerrado',
  join: 'Entrar na chamada',
  rejoin: 'Entrar de novo',
  hangUp: 'Sair da chamada',
  joinToSee: 'Entre na chamada para ver {{name}}.',
  end: 'Encerrar a chamada',
  ending: 'Encerrando…',
  micOff: 'Desligar o microfone',
  micOn: 'Ligar o microfone',
  cameraOff: 'Desligar a câmera',
  cameraOn: 'Ligar a câmera',
  you: 'Você',
  remoteLabel: 'Vídeo de {{name}}',
  localLabel: 'Sua câmera',
  waiting: 'Esperando {{name}} entrar…',
  paused: '{{name}} está com a câmera desligada ou sem conexão.',
  camera: {
    asking: 'Pedindo acesso à câmera e ao microfone…',
    denied: 'Sem permissão para a câmera e o microfone. Você pode entrar só para ver e ouvir, ou permitir o acesso no navegador.',
    unavailable: 'Nenhuma câmera ou microfone encontrado. Você pode entrar só para ver e ouvir.',
    retry: 'Tentar a câmera de novo',
  },
  status: {
    lobby: 'Tudo pronto. A chamada passa só pelos servidores da plataforma: ninguém vê o seu endereço.',
    connecting: 'Conectando…',
    inCall: 'Na chamada',
    reconnecting: 'A conexão caiu. Reconectando (tentativa {{attempt}})…',
    ended: 'A chamada terminou.',
    left: 'Você saiu da chamada.',
    elsewhere: 'Você entrou nesta chamada em outra aba ou aparelho.',
    failed: 'Não foi possível conectar à chamada.',
    network: 'Sem resposta do servidor da chamada.',
  },
  back: 'Voltar para as chamadas privadas',
};

export default privateCall;

declare module '../../i18n/index.js' {
  interface Namespaces {
    'private-call': TextsOf<typeof privateCall>;
  }
}
