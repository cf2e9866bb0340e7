import type { TextsOf } from '../../i18n/index.js';
import type login from './pt-BR.js';

/** Sign-in: `<fan-login>`, the sign-in form and the signed-in card: Spanish. */
export default {
  title: 'Iniciar sesión',
  subtitle: 'Inicia sesión para seguir a tus creadores favoritos.',
  username: 'Correo electrónico o nombre de usuario',
  password: 'Contraseña',
  remember: 'Recordarme',
  submit: 'Iniciar sesión',
  submitting: 'Iniciando sesión…',
  missingFields: 'Introduce tu correo electrónico o nombre de usuario y tu contraseña.',
  forgot: '¿Olvidaste tu contraseña?',
  forgotTitle: 'Recuperar contraseña',
  forgotHint: 'Introduce tu correo electrónico y te enviaremos un enlace para crear una nueva contraseña.',
  email: 'Correo electrónico',
  forgotSubmit: 'Enviar enlace',
  forgotSending: 'Enviando…',
  forgotSent: 'Si esta dirección tiene una cuenta, te enviamos un enlace para restablecer la contraseña.',
  invalidEmail: 'Introduce un correo electrónico válido.',
  backToLogin: 'Volver a iniciar sesión',
  noAccount: '¿Aún no tienes cuenta?',
  registerFan: 'Regístrate como fan',
  registerCreator: 'Regístrate como creador',
  signedInAs: 'Sesión iniciada como {{name}}',
  avatarAlt: 'Foto de {{name}}',
  logout: 'Cerrar sesión',
  loggingOut: 'Cerrando sesión…',
} satisfies TextsOf<typeof login>;
