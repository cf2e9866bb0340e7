import type { TextsOf } from '../../index.js';
import type embed from './pt-BR.js';

/** The embed bridge: sign-in popup and confirm dialog: Spanish. */
export default {
  popupTitle: 'Iniciar sesión en Fandeck',
  popupSubtitle: 'Inicia sesión para usar las funciones de Fandeck en la página que estabas visitando.',
  popupHandingOff: 'Conectando con la página…',
  popupDone: '¡Listo! Has iniciado sesión. Esta ventana se cerrará.',
  popupNoOpener: 'Esta ventana no fue abierta por una página con funciones de Fandeck. Ciérrala e inténtalo de nuevo desde esa página.',
  popupHandoffFailed: 'No se pudo contactar con la página que pidió el inicio de sesión. Cierra esta ventana e inténtalo de nuevo.',
  popupClose: 'Cerrar ventana',
  confirmTip: 'Enviar propina',
  confirmSubscribe: 'Suscribirse',
  confirmTopup: 'Recargar billetera',
  confirmUnlock: 'Desbloquear contenido',
  confirmAmount: 'Importe',
  confirmCreator: 'Creador',
  confirmDetails: 'Detalles',
  confirmRequestedBy: 'Solicitado por {{origin}}',
  confirmHint: 'Confirma solo si fuiste tú quien inició esta acción.',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  bridgeUnavailable: 'Fandeck no está disponible en esta página.',
  popupBlocked: 'El navegador bloqueó la ventana de inicio de sesión. Permite las ventanas emergentes e inténtalo de nuevo.',
  popupClosed: 'La ventana de inicio de sesión se cerró antes de terminar.',
} satisfies TextsOf<typeof embed>;
