import type { TextsOf } from '../../i18n/index.js';
import type tip from './pt-BR.js';

/** Tips: `<fan-tip-button>`: Spanish. */
export default {
  button: 'Enviar propina',
  buttonFor: 'Enviar propina a {{name}}',
  title: 'Propina para {{name}}',
  close: 'Cerrar',
  amount: 'Monto de la propina',
  message: 'Mensaje (opcional)',
  messageCount: '{{count}}/{{max}}',
  messageTooLong: 'El mensaje puede tener como máximo {{max}} caracteres.',
  balance: 'Tu saldo: {{amount}}',
  submit: 'Enviar {{amount}}',
  confirming: 'Esperando tu confirmación…',
  sending: 'Enviando…',
  confirmTitle: 'Propina de {{amount}} para {{name}}',
  cancelled: 'Propina cancelada. No se cobró nada.',
  sent: 'Propina de {{amount}} enviada a {{name}}. ¡Gracias!',
  sendAnother: 'Enviar otra propina',
  retry: 'Intentar de nuevo',
  short: 'Tu saldo de {{balance}} no cubre esta propina. Recarga al menos {{missing}} para continuar.',
  backToTip: 'Volver a la propina',
  resume: '¡Saldo actualizado! Confirma la propina de {{amount}}.',
  signInPrompt: 'Inicia sesión para enviar una propina.',
  creatorMissing: 'Este botón no indica a qué creador va la propina.',
  creatorNotFound: 'Creador no encontrado.',
  loading: 'Cargando…',
  insufficientBalance: 'Saldo insuficiente. Recarga tu billetera.',
} satisfies TextsOf<typeof tip>;
