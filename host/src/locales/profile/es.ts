import type { TextsOf } from '@fandeck/widgets/i18n';
import type profile from './pt-BR.js';

/** Host site: a creator's profile page: Spanish. */
export default {
  notFoundTitle: 'Creador no encontrado',
  notFoundBody: 'No existe ningún creador con este nombre de usuario o id.',
  online: 'En línea',
  subscribers: 'Suscriptores',
  followers: 'Seguidores',
  posts: 'Publicaciones',
  sections: 'Secciones del perfil',
  about: 'Acerca de',
  photos: 'Fotos',
  videos: 'Videos',
  reels: 'Reels',
  content: 'Contenido del creador',
  noBio: 'Este creador aún no ha escrito una presentación.',
  plans: 'Planes de suscripción',
  follow: 'Seguir',
  unfollow: 'Dejar de seguir',
  followersCount: 'Seguidores: {{count}}',
} satisfies TextsOf<typeof profile>;
