import type { TextsOf } from '../../i18n/texts.js';

/** Videos and reels: Brazilian Portuguese, the reference every locale matches key for key. */
const videos = {
  loading: 'Carregando vídeos…',
  empty: 'Nenhum vídeo ainda.',
  retry: 'Tentar novamente',
  unlocked: 'Desbloqueado',
  teaser: 'Prévia do vídeo',
  lockedText: 'Vídeo pago: desbloqueie por {{price}} para assistir.',
  subscribersOnlyText: 'Assine {{name}} para assistir a este vídeo.',
  loadingReels: 'Carregando reels…',
  noReels: 'Nenhum reel ainda.',
} as const;

export default videos;

declare module '../../i18n/index.js' {
  interface Namespaces {
    videos: TextsOf<typeof videos>;
  }
}
