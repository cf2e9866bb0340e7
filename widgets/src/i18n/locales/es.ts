import type { Messages } from '../messages.js';

/** Spanish. */
export const es: Messages = {
  common: {
    siteName: 'Fandeck',
    loading: 'Cargando…',
    notFound: 'Página no encontrada',
    backHome: 'Volver al inicio',
  },
  errors: {
    generic: 'Ocurrió un error, inténtalo de nuevo más tarde',
    unauthorized: '¡Acción no autorizada o prohibida!',
    somethingWrong: 'Algo salió mal, inténtalo de nuevo más tarde',
  },
  login: {
    title: 'Iniciar sesión',
    subtitle: 'Inicia sesión para seguir a tus creadores favoritos.',
    username: 'Correo electrónico o nombre de usuario',
    password: 'Contraseña',
    remember: 'Recordarme',
    submit: 'Iniciar sesión',
    submitting: 'Iniciando sesión…',
    missingFields: 'Introduce tu correo electrónico o nombre de usuario y tu contraseña.',
    incorrectCredentials: '¡Credenciales incorrectas!',
  },
  home: {
    title: 'Inicio',
    signedInAs: 'Sesión iniciada como {{name}}',
    logout: 'Cerrar sesión',
    loggingOut: 'Cerrando sesión…',
  },
};
