import type { TextsOf } from '@fandeck/widgets/i18n';
import type emailLinks from './pt-BR.js';

/** Host site: the pages of mailed links (/auth/verify-email, /auth/reset-password): Spanish. */
export default {
  verify: {
    title: 'Confirmación de correo electrónico',
    confirming: 'Confirmando tu correo electrónico…',
    doneTitle: 'Correo electrónico confirmado',
    doneBody: 'Tu dirección de correo electrónico está confirmada. Ya puedes iniciar sesión.',
    doneSignedIn: 'Tu dirección de correo electrónico está confirmada.',
    invalidTitle: 'No pudimos confirmar tu correo electrónico',
    missing: 'Este enlace está incompleto. Ábrelo de nuevo desde el correo que te enviamos.',
    failed: 'Tu correo electrónico aún no está confirmado.',
    requestIntro: 'Introduce tu correo electrónico y te enviaremos un nuevo enlace de confirmación.',
    requestSubmit: 'Reenviar el enlace de confirmación',
    requestSent: 'Si esta dirección aún necesita confirmación, un nuevo enlace está en camino.',
  },
  reset: {
    title: 'Crear una nueva contraseña',
    intro: 'Elige una nueva contraseña para tu cuenta.',
    password: 'Nueva contraseña',
    confirmPassword: 'Confirma la nueva contraseña',
    submit: 'Guardar nueva contraseña',
    submitting: 'Guardando…',
    doneTitle: 'Contraseña cambiada',
    doneBody: 'Tu nueva contraseña ya funciona. Por seguridad, se cerraron todas las sesiones abiertas de la cuenta.',
    invalidTitle: 'Enlace de restablecimiento no válido',
    missing: 'Este enlace está incompleto. Ábrelo de nuevo desde el correo que te enviamos.',
    requestIntro: 'Introduce tu correo electrónico y te enviaremos un nuevo enlace para crear una contraseña.',
    requestSubmit: 'Enviar un nuevo enlace',
    requestSent: 'Si esta dirección tiene una cuenta, un enlace para restablecer la contraseña está en camino.',
  },
  request: {
    email: 'Correo electrónico',
    sending: 'Enviando…',
  },
  goSignIn: 'Ir a iniciar sesión',
  goOn: 'Continuar',
} satisfies TextsOf<typeof emailLinks>;
