import type { TextsOf } from '../../i18n/index.js';
import type galleries from './pt-BR.js';

/** Galleries: Spanish. */
export default {
  loading: 'Cargando galerías…',
  empty: 'Aún no hay galerías.',
  retry: 'Intentar de nuevo',
  count: 'Fotos: {{count}}',
  lockedCover: 'Portada bloqueada',
  back: 'Volver a las galerías',
  unlocked: 'Desbloqueada',
  lockedText: 'Galería de pago: desbloquéala por {{price}} para ver sus {{count}} fotos.',
  subscribersOnlyText: 'Suscríbete a {{name}} para ver las fotos de esta galería.',
  loadingPhotos: 'Cargando fotos…',
  noPhotos: 'Esta galería aún no tiene fotos.',
  photoAlt: 'Foto {{index}} de {{count}}',
  lockedPhotoAlt: 'Foto bloqueada',
  viewerOpen: 'Ampliar: {{name}}',
  viewerPosition: 'Foto {{index}} de {{count}}',
  viewerClose: 'Cerrar la foto',
  viewerPrevious: 'Anterior',
  viewerNext: 'Siguiente',
} satisfies TextsOf<typeof galleries>;
