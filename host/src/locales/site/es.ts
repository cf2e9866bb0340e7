import type { TextsOf } from '@fandeck/widgets/i18n';
import type site from './pt-BR.js';

/** Host site: the shell, navigation and whole-site layouts: Spanish. */
export default {
  signIn: 'Iniciar sesión',
  home: 'Inicio',
  discover: 'Descubrir',
  creators: 'Creadores',
  dashboard: 'Panel',
  myPosts: 'Mis publicaciones',
  bookmarks: 'Guardados',
  mySubscriptions: 'Mis suscripciones',
  subscribers: 'Suscriptores',
  earnings: 'Ganancias',
  payouts: 'Retiros',
  creatorReview: 'Revisión de creadores',
  payoutReview: 'Solicitudes de retiro',
  messages: 'Mensajes',
  messagingTools: 'Herramientas de mensajes',
  goLive: 'En vivo',
  browseCreators: 'Descubrir creadores',
  mainNav: 'Navegación principal',
  footerNav: 'Enlaces del sitio',
  language: 'Idioma',
  themeLight: 'Tema claro',
  themeDark: 'Tema oscuro',
  retry: 'Reintentar',
  copyright: '© {{year}} {{siteName}}',
  maintenanceTitle: 'Estamos en mantenimiento',
  maintenanceBody: 'Estamos mejorando el sitio. Vuelve pronto.',
  geoBlockedTitle: 'No disponible en tu región',
  geoBlockedBody: 'Este sitio no está disponible en tu país.',
} satisfies TextsOf<typeof site>;
