import type { TextsOf } from '../../i18n/index.js';
import type feeds from './pt-BR.js';

/** Posts (feeds): Spanish. */
export default {
  loading: 'Cargando publicaciones…',
  empty: 'Aún no hay publicaciones.',
  emptyFollowing: 'Sigue a creadores para ver sus publicaciones aquí.',
  emptySearch: 'No se encontraron publicaciones.',
  retry: 'Intentar de nuevo',
  more: 'Ver más publicaciones',
  loadingMore: 'Cargando…',
  unlocked: 'Desbloqueada',
  photoAlt: 'Foto {{index}} de {{count}}',
  lockedPhotoAlt: 'Foto bloqueada',
  lockedText: 'Publicación de pago: desbloquéala por {{price}} para ver las fotos.',
  lockedVideoText: 'Video de pago: desbloquéalo por {{price}} para verlo.',
} satisfies TextsOf<typeof feeds>;
