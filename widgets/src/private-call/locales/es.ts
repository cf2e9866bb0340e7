import type { TextsOf } from '../../i18n/index.js';
import type privateCall from './pt-BR.js';

/** Llamadas privadas: la sala de la llamada (fan y creador), en español. */
export default {
  title: 'Llamada privada con {{name}}',
  loading: 'Cargando la llamada…',
  minutes: '{{count}} min',
  remaining: 'Quedan {{time}}',
  overtime: 'Terminó el tiempo acordado',
  join: 'Entrar a la llamada',
  rejoin: 'Entrar de nuevo',
  hangUp: 'Salir de la llamada',
  joinToSee: 'Entra a la llamada para ver a {{name}}.',
  end: 'Terminar la llamada',
  ending: 'Terminando…',
  micOff: 'Apagar el micrófono',
  micOn: 'Encender el micrófono',
  cameraOff: 'Apagar la cámara',
  cameraOn: 'Encender la cámara',
  you: 'Tú',
  remoteLabel: 'Video de {{name}}',
  localLabel: 'Tu cámara',
  waiting: 'Esperando a que {{name}} entre…',
  paused: '{{name}} tiene la cámara apagada o perdió la conexión.',
  camera: {
    asking: 'Pidiendo acceso a la cámara y al micrófono…',
    denied: 'Sin permiso para la cámara y el micrófono. Puedes entrar solo para ver y escuchar, o permitir el acceso en el navegador.',
    unavailable: 'No se encontró cámara ni micrófono. Puedes entrar solo para ver y escuchar.',
    retry: 'Probar la cámara de nuevo',
  },
  status: {
    lobby: 'Todo listo. La llamada pasa solo por los servidores de la plataforma: nadie ve tu dirección.',
    connecting: 'Conectando…',
    inCall: 'En la llamada',
    reconnecting: 'Se cayó la conexión. Reconectando (intento {{attempt}})…',
    ended: 'La llamada terminó.',
    left: 'Saliste de la llamada.',
    elsewhere: 'Entraste a esta llamada en otra pestaña o dispositivo.',
    failed: 'No se pudo conectar a la llamada.',
    network: 'Sin respuesta del servidor de la llamada.',
  },
  back: 'Volver a las llamadas privadas',
} satisfies TextsOf<typeof privateCall>;
