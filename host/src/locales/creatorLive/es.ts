import type { TextsOf } from '@fandeck/widgets/i18n';
import type creatorLive from './pt-BR.js';

/** Host site: the creator's go-live page: Spanish. */
export default {
  title: 'Transmitir en vivo',
  intro: 'Elige la cámara y el micrófono, ponle un título y sal en vivo. Tus fans miran en tu perfil y en tus sitios.',
  preview: 'Vista previa de la cámara',
  camera: 'Cámara',
  microphone: 'Micrófono',
  defaultDevice: 'Predeterminado del navegador',
  deviceLabel: 'Dispositivo {{number}}',
  cameraDenied: 'El navegador no permitió la cámara o el micrófono. Permite el acceso en la configuración del sitio e inténtalo de nuevo.',
  cameraMissing: 'No se encontró ninguna cámara en este dispositivo.',
  cameraRetry: 'Intentar de nuevo',
  unsupported: 'Este navegador no puede grabar video para transmitir. Usa un Chrome, Edge o Firefox reciente.',
  streamTitle: 'Título',
  streamDescription: 'Descripción',
  subscribersOnly: 'Solo para suscriptores',
  goLive: 'Salir en vivo',
  starting: 'Saliendo en vivo…',
  end: 'Terminar transmisión',
  ending: 'Terminando…',
  ended: 'Transmisión terminada.',
  live: 'En vivo',
  stats: {
    title: 'Transmisión',
    elapsed: 'Tiempo al aire',
    sent: 'Enviado',
    viewers: 'Mirando',
    connection: 'Conexión',
  },
  socket: {
    idle: 'Detenida',
    connecting: 'Conectando…',
    open: 'Enviando',
    reconnecting: 'Reconectando…',
    closed: 'Cerrada',
    failed: 'Falló',
  },
  ingestFailed: 'La conexión de envío del video se cayó y no volvió. Termina y vuelve a salir en vivo.',
  chatWaiting: 'El chat aparece cuando estés en vivo.',
} satisfies TextsOf<typeof creatorLive>;
