import type { TextsOf } from '../../i18n/texts.js';

/** Galleries: Brazilian Portuguese, the reference every locale matches key for key. */
const galleries = {
  loading: 'Carregando galerias…',
  empty: 'Nenhuma galeria ainda.',
  retry: 'Tentar novamente',
  count: 'Fotos: {{count}}',
  lockedCover: 'Capa bloqueada',
  back: 'Voltar às galerias',
  unlocked: 'Desbloqueada',
  lockedText: 'Galeria paga: desbloqueie por {{price}} para ver as {{count}} fotos.',
  subscribersOnlyText: 'Assine {{name}} para ver as fotos desta galeria.',
  loadingPhotos: 'Carregando fotos…',
  noPhotos: 'Esta galeria ainda não tem fotos.',
  photoAlt: 'Foto {{index}} de {{count}}',
  lockedPhotoAlt: 'Foto bloqueada',
  viewerOpen: 'Ampliar: {{name}}',
  viewerPosition: 'Foto {{index}} de {{count}}',
  viewerClose: 'Fechar a foto',
  viewerPrevious: 'Anterior',
  viewerNext: 'Próxima',
} as const;

export default galleries;

declare module '../../i18n/index.js' {
  interface Namespaces {
    galleries: TextsOf<typeof galleries>;
  }
}
