/** Posts (feeds): Brazilian Portuguese, the reference every locale matches key for key. */
const feeds = {
  loading: 'Carregando publicações…',
  empty: 'Nenhuma publicação ainda.',
  emptyFollowing: 'Siga criadores para ver as publicações deles aqui.',
  emptySearch: 'Nenhuma publicação encontrada.',
  retry: 'Tentar novamente',
  more: 'Ver mais publicações',
  loadingMore: 'Carregando…',
  unlocked: 'Desbloqueada',
  photoAlt: 'Foto {{index}} de {{count}}',
  lockedPhotoAlt: 'Foto bloqueada',
  lockedText: 'Publicação paga: desbloqueie por {{price}} para ver as fotos.',
  lockedVideoText: 'Vídeo pago: desbloqueie por {{price}} para assistir.',
} as const;

export default feeds;
