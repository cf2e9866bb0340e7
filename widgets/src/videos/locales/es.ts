import type { TextsOf } from '../../i18n/index.js';
import type videos from './pt-BR.js';

/** Videos and reels: Spanish. */
export default {
  loading: 'Cargando videos…',
  empty: 'Aún no hay videos.',
  retry: 'Intentar de nuevo',
  unlocked: 'Desbloqueado',
  teaser: 'Avance del video',
  lockedText: 'Video de pago: desbloquéalo por {{price}} para verlo.',
  subscribersOnlyText: 'Suscríbete a {{name}} para ver este video.',
  loadingReels: 'Cargando reels…',
  noReels: 'Aún no hay reels.',
} satisfies TextsOf<typeof videos>;
