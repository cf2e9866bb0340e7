import type { TextsOf } from '../../index.js';
import type ui from './pt-BR.js';

/** Texts of the shared ui layer: Spanish. */
export default {
  presets: 'Montos sugeridos',
  otherAmount: 'Otro monto',
  limits: 'De {{min}} a {{max}}',
  amountEmpty: 'Indica un monto.',
  amountInvalid: 'Indica un monto en números, como 25,50.',
  amountDecimals: 'Usa como máximo 2 decimales.',
  amountBelowMin: 'El monto mínimo es {{min}}.',
  amountAboveMax: 'El monto máximo es {{max}}.',
  unlock: 'Desbloquear por {{price}}',
  unlockConfirming: 'Esperando tu confirmación…',
  unlockDeclined: 'Desbloqueo cancelado. No se cobró nada.',
  signInToUnlock: 'Inicia sesión para desbloquear.',
  subscribersOnly: 'Solo para suscriptores',
  subscribeToSee: 'Suscribirse para ver',
  lockedVideoAlt: 'Video bloqueado',
  videoProcessing: 'Procesando el video… {{percent}}%',
  videoError: 'No se pudo procesar este video.',
  play: 'Reproducir el video',
  videoLabel: 'Video',
  playLoading: 'Cargando el video…',
  playFailed: 'No se pudo reproducir el video. Inténtalo de nuevo.',
  signIn: 'Iniciar sesión',
  incorrectCredentials: '¡Credenciales incorrectas!',
} satisfies TextsOf<typeof ui>;
